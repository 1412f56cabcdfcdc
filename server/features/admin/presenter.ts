// A member's plan as the admin tools see it, including a temporary plan's end.
import { normalizeTier } from '../../../shared/tiers';
import type { UserRow } from '../../db/schema';

export function presentPlan(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    memberLevel: normalizeTier(user.memberLevel),
    planExpiresAt: user.planExpiresAt?.toISOString() ?? null,
    planRevertsTo: user.planRevertsTo ? normalizeTier(user.planRevertsTo) : null,
  };
}
