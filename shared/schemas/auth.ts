// Sign-up and sign-in payloads: the login form and the /api/auth routes validate with these, so the
// messages a member sees are the same whichever side catches the mistake.
import { z } from 'zod';
import { MEMBER_LEVELS } from '../plans';

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

export const signUpSchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Please choose a password.' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
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
  memberLevel: z.enum(MEMBER_LEVELS),
  createdAt: z.string(),
  referralCode: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
