// The member as the client sees it (spec/product.md §3 User, plus isAdmin).

import type { SessionUser } from '../../../shared/schemas/auth';
import { normalizeTier } from '../../../shared/tiers';
import type { UserRow } from '../../db/schema';
import type { AdminStatus } from './service';

export function presentUser(user: UserRow, adminStatus: AdminStatus): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    memberLevel: normalizeTier(user.memberLevel),
    createdAt: user.createdAt.toISOString(),
    referralCode: user.referralCode,
    isAdmin: adminStatus === 'admin',
    emailVerified: user.emailVerified,
    adminAwaitingVerification: adminStatus === 'awaiting-verification',
  };
}
