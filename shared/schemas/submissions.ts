// Proof submissions and their review (spec/product.md §5 "Proof submission" and "Admin"). The proof
// modals and POST /api/submissions validate with the same schema, so a member sees the spec's words
// whichever side objects first.
import { z } from 'zod';
import { REWARDS } from '../catalogue';
import {
  isFollowType,
  SUBMISSION_STATUSES,
  SUBMISSION_TYPES,
  type SubmissionType,
} from '../earning';
import { LIMITS } from '../limits';

export const INVALID_URL_MESSAGE = 'Please enter a valid URL';
export const VIEW_COUNT_MESSAGE = 'View count must be positive';
export const HANDLE_REQUIRED_MESSAGE = 'Handle is required';
export const REQUIRED_FIELDS_MESSAGE = 'Required fields missing for submission type';
export const REJECTION_REASON_REQUIRED_MESSAGE = 'Rejection reason is required';
export const REASON_TOO_LONG_MESSAGE = 'Reason too long';
export const DEFAULT_APPROVAL_NOTE = 'Approved by admin';

export const URL_MAX = 2048;
export const HANDLE_MAX = 100;
export const SUBMISSION_DESCRIPTION_MAX = 1000;
/** The largest count PostgreSQL's integer holds; no post has been seen that often. */
export const VIEW_COUNT_MAX = 2_147_483_647;

/** An http(s) address, or empty (sent by a form whose optional field was left blank). */
const optionalUrl = z
  .string({ error: INVALID_URL_MESSAGE })
  .trim()
  .max(URL_MAX, INVALID_URL_MESSAGE)
  .refine((value) => value === '' || isWebUrl(value), INVALID_URL_MESSAGE)
  .nullish()
  .transform((value) => value || null);

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const submissionSchema = z
  .object({
    submissionType: z.enum(SUBMISSION_TYPES, { error: 'Please choose a submission type.' }),
    postLink: optionalUrl,
    viewCount: z
      .number({ error: VIEW_COUNT_MESSAGE })
      .int(VIEW_COUNT_MESSAGE)
      .positive(VIEW_COUNT_MESSAGE)
      .max(VIEW_COUNT_MAX, `View count must be at most ${VIEW_COUNT_MAX.toLocaleString('en-US')}.`)
      .nullish()
      .transform((value) => value ?? null),
    socialHandle: z
      .string({ error: HANDLE_REQUIRED_MESSAGE })
      .trim()
      .min(1, HANDLE_REQUIRED_MESSAGE)
      .max(HANDLE_MAX, `Handle must be ${HANDLE_MAX} characters or less.`)
      .nullish()
      .transform((value) => value ?? null),
    description: z
      .string()
      .trim()
      .max(
        SUBMISSION_DESCRIPTION_MAX,
        `Description must be ${SUBMISSION_DESCRIPTION_MAX} characters or less.`,
      )
      .nullish()
      .transform((value) => value || null),
    screenshotUrl: optionalUrl,
  })
  // The cross rule runs once every field is valid on its own.
  .refine((submission) => hasRequiredFields(submission), {
    message: REQUIRED_FIELDS_MESSAGE,
    path: ['submissionType'],
  });
export type SubmissionInput = z.input<typeof submissionSchema>;
export type NewSubmission = z.output<typeof submissionSchema>;

/** x_post needs a link; view_milestone a link and 1,000+ views; each follow type a handle. */
export function hasRequiredFields(submission: {
  submissionType: SubmissionType;
  postLink: string | null;
  viewCount: number | null;
  socialHandle: string | null;
}): boolean {
  const { submissionType, postLink, viewCount, socialHandle } = submission;
  if (submissionType === 'x_post') return Boolean(postLink);
  if (submissionType === 'view_milestone') {
    return Boolean(postLink) && (viewCount ?? 0) >= REWARDS.minimumViewCount;
  }
  return isFollowType(submissionType) && Boolean(socialHandle);
}

/** A submission as its member and the admins see it. */
export const submissionViewSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  submissionType: z.enum(SUBMISSION_TYPES),
  status: z.enum(SUBMISSION_STATUSES),
  postLink: z.string().nullable(),
  viewCount: z.number().int().nullable(),
  socialHandle: z.string().nullable(),
  description: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
  adminNotes: z.string().nullable(),
  creditsAwarded: z
    .number()
    .int()
    .nullable()
    .describe('Credits paid on approval (0 for the Elite month); null until approved.'),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Submission = z.infer<typeof submissionViewSchema>;

/** The review queue adds who sent it. */
export const adminSubmissionSchema = submissionViewSchema.extend({
  user: z.object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

export const submissionStatusQuerySchema = z.object({
  status: z
    .enum(SUBMISSION_STATUSES, { error: 'status must be pending, approved or rejected.' })
    .optional(),
});

export const reviewSubmissionSchema = z.discriminatedUnion(
  'status',
  [
    z.object({
      status: z.literal('approved'),
      adminNote: z
        .string()
        .trim()
        .max(LIMITS.rejectionReasonMax, REASON_TOO_LONG_MESSAGE)
        .nullish()
        .transform((note) => note || DEFAULT_APPROVAL_NOTE),
    }),
    z.object({
      status: z.literal('rejected'),
      adminNote: z
        .string({ error: REJECTION_REASON_REQUIRED_MESSAGE })
        .trim()
        .min(1, REJECTION_REASON_REQUIRED_MESSAGE)
        .max(LIMITS.rejectionReasonMax, REASON_TOO_LONG_MESSAGE),
    }),
  ],
  { error: 'status must be approved or rejected.' },
);
export type ReviewSubmissionInput = z.input<typeof reviewSubmissionSchema>;
export type ReviewSubmission = z.output<typeof reviewSubmissionSchema>;
