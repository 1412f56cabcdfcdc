// The account screens' cache keys: where the member is signed in, their address and a pending
// change of it, and each verification link used.
export const accountAccessKeys = {
  /** GET /api/account/email. */
  email: () => ['/api/account/email'] as const,
  /** GET /api/account/sessions. */
  sessions: () => ['/api/account/sessions'] as const,
  /** POST /api/auth/verify-email for one link's token (a query, so it is sent once). */
  verifyEmail: (token: string) => ['/api/auth/verify-email', token] as const,
};
