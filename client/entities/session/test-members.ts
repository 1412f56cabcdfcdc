// A signed-in member for client tests, on the plan a test needs.

import type { SessionUser } from '@shared/schemas/auth';
import type { Tier } from '@shared/tiers';

export function makeMember(memberLevel: Tier): SessionUser {
  return {
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    memberLevel,
    createdAt: '2026-01-01T00:00:00.000Z',
    referralCode: 'ADA123',
    isAdmin: false,
    emailVerified: true,
    adminAwaitingVerification: false,
  };
}
