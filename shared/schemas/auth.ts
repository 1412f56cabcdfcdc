// Sign-up and sign-in payloads: the login form and the /api/auth routes validate with these, so the
// messages a member sees are the same whichever side catches the mistake.
import { z } from 'zod';
import { TIERS } from '../tiers';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 50;

export const emailField = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'Please enter a valid email address.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((email) => email.toLowerCase());

const nameField = z
  .string()
  .trim()
  .max(NAME_MAX, `Names can be at most ${NAME_MAX} characters.`)
  .optional()
  .transform((name) => name || undefined);

/** A new password: the sign-up rules, wherever one is chosen (sign-up, reset, change). */
export const newPasswordField = z
  .string({ error: 'Please choose a password.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const signUpSchema = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: nameField,
  lastName: nameField,
  /** A member's referral code, from the landing address's ref or referral parameter. */
  ref: z.string().trim().max(64).optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(PASSWORD_MAX, 'Invalid email or password.'),
});
export type SignInInput = z.input<typeof signInSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  memberLevel: z.enum(TIERS),
  createdAt: z.string(),
  referralCode: z.string(),
  isAdmin: z.boolean(),
  /** Whether the member has clicked the link we emailed; earning and publishing wait for it. */
  emailVerified: z.boolean(),
  /** ADMIN_EMAILS names this address, but it is not verified yet: no admin rights until it is. */
  adminAwaitingVerification: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

// --- Password reset, verification, security settings (issue 28) ------------------------------

export const ACCOUNT_MESSAGES = {
  resetRequested:
    'If an account exists for that email, we have sent it a link to choose a new password. The link works for an hour.',
  resetLinkInvalid:
    'This password reset link is invalid, has expired or was already used. Please ask for a new one.',
  verifyLinkInvalid:
    'This verification link is invalid, has expired or was already used. Please ask for a new one from the banner in the app.',
  verified: 'Your email address is verified.',
  verificationSent: 'We sent a new verification link. Please check your inbox.',
  alreadyVerified: 'Your email address is already verified.',
  emailNotVerified: (action: string) =>
    `Please verify your email address before ${action}. We sent you a link; you can send it again from the banner at the top of the app.`,
  wrongPassword: 'Your current password is not right.',
  /** The same answer whether or not the address is taken: nobody learns who has an account. */
  emailChangeSent:
    'If that address can be used, we sent it a link. Your email address changes when you click it.',
  noPendingEmailChange: 'There is no change of email waiting for confirmation.',
  emailChangeCancelled: 'The change of email is cancelled. Your address stays as it is.',
  emailChanged: 'Your email address has been changed.',
  sameEmail: 'That is already your email address.',
  passwordChanged: 'Your password has been changed. You have been signed out everywhere else.',
  signedOutOthers: 'You have been signed out everywhere else.',
  adminNeedsVerification: 'Verify your address to use Admin Tools.',
} as const;

/** POST /api/auth/password-reset/request. */
export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm: the token from the link and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.resetLinkInvalid }).min(1).max(200),
  password: newPasswordField,
});
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

/** POST /api/auth/verify-email: the token from the link. */
export const verifyEmailSchema = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.verifyLinkInvalid }).min(1).max(200),
});

/** What the account calls answer when they have nothing else to say. */
export const accountMessageSchema = z.object({ message: z.string() });
export type AccountMessage = z.infer<typeof accountMessageSchema>;

const currentPasswordField = z
  .string({ error: 'Please enter your current password.' })
  .min(1, 'Please enter your current password.')
  .max(PASSWORD_MAX, ACCOUNT_MESSAGES.wrongPassword);

/** POST /api/account/password: the other sessions end. */
export const changePasswordSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** GET /api/account/email: the member's address, and a change of it waiting for confirmation. */
export const accountEmailSchema = z.object({
  email: z.string(),
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type AccountEmail = z.infer<typeof accountEmailSchema>;

/** POST /api/account/email: the new address takes effect once its link is clicked. */
export const changeEmailSchema = z.object({
  email: emailField,
  currentPassword: currentPasswordField,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** GET /api/account/sessions: where the member is signed in. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** "Chrome on macOS", from the browser's user agent; null when it said nothing. */
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
