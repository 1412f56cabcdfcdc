// A member's own data (docs/accounts.md "Your data", "Deleting an account"): the export's file
// name, and deleting the account, confirmed with the password or, without one, a fresh sign-in.
// The Delete account dialog and the DELETE /api/account route share these words.
import { z } from 'zod';
import { PASSWORD_MAX } from './auth';

/** A member without a password confirms by having signed in this recently. */
export const FRESH_SIGN_IN_MINUTES = 10;

export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Please enter your password to confirm.',
  wrongPassword: 'That password is not right. Your account was not deleted.',
  signInAgain: `To confirm, please sign out, sign in again and delete your account within ${FRESH_SIGN_IN_MINUTES} minutes.`,
  alreadyDeleted: 'This account has already been deleted.',
} as const;

/** DELETE /api/account: the current password; left out by a member who has none. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DELETION_MESSAGES.passwordRequired })
    .max(PASSWORD_MAX, ACCOUNT_DELETION_MESSAGES.wrongPassword)
    .optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/**
 * GET /api/account/deletion: how this member confirms. `password`: they have one; otherwise
 * `recentSignIn` says whether their session is fresh enough to confirm without one.
 */
export const accountDeletionCheckSchema = z.object({
  confirmWith: z.enum(['password', 'recent-sign-in']),
  recentSignIn: z.boolean(),
});
export type AccountDeletionCheck = z.infer<typeof accountDeletionCheckSchema>;

export const ACCOUNT_EXPORT_URL = '/api/account/export';

/** `reelforge-export-2025-01-31.zip`, dated in UTC. */
export function accountExportFileName(now: Date): string {
  return `reelforge-export-${now.toISOString().slice(0, 10)}.zip`;
}
