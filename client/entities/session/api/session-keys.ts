// The signed-in member's cache keys. Sign-in, sign-up and a password reset write the user here; a
// plan change (a payment, an approved milestone) and a verified address refresh it.
export const sessionKeys = {
  all: ['/api/auth/user'] as const,
  /** GET /api/auth/user. */
  user: () => sessionKeys.all,
};
