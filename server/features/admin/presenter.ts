// A member's plan as the admin tools see it, including a temporary plan's end.
import { normalizeMemberLevel } from '../../../shared/tiers';
import type { UserRow } from '../../db/schema';

export function presentPlan(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    memberLevel: normalizeMemberLevel(user.memberLevel),
    planExpiresAt: user.planExpiresAt?.toISOString() ?? null,
    planRevertsTo: user.planRevertsTo ? normalizeMemberLevel(user.planRevertsTo) : null,
  };
}
