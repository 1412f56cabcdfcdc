// What the Creator Engine screen tells a member when a job call fails, in the words of spec/api.md
// §8.4, and how an insufficient-credits refusal is recognised whichever way the server says it.
import { MISSING_FIELDS_TITLE } from '@shared/schemas/jobs';
import { ApiError } from '@/lib/api-client';

export type JobToast = { title: string; description: string };

export const JOB_MESSAGES = {
  createFailed: 'Failed to Create Job',
  updateFailed: 'Failed to Update Job',
  tryAgain: 'Please try again.',
  logoTooLarge: { title: 'File too large', description: 'Image must be less than 10MB' },
  logoWrongType: {
    title: 'Invalid file type',
    description: 'Please select a JPG, PNG, or GIF image.',
  },
  logoUploadFailed: { title: 'Logo upload failed', description: 'Please try again' },
  sampleFailed: 'Failed to load sample data',
  templateFailed: 'Failed to load sample prompt',
  toggleFailed: 'Failed to update job status. Please try again.',
  runFailed: 'Failed to execute video job. Please try again.',
  deleteGone: {
    title: 'Job Already Deleted',
    description: 'This job has already been deleted by another user or process.',
  },
  deleteFailed: 'Failed to delete video job. Please try again.',
  pleaseWait: 'Please wait',
} as const;

const MESSAGE_PREFIX = /^INSUFFICIENT_CREDITS:(\d+)/;

/**
 * The member's balance when the failure means "not enough credits", else undefined. The server
 * says it with the code INSUFFICIENT_CREDITS (and remainingCredits), a details text containing
 * 'insufficient credits', or a message 'INSUFFICIENT_CREDITS:{n}' (spec/api.md §8.4).
 */
export function insufficientCreditsIn(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { remainingCredits, details } = error.data;
  if (error.code === 'INSUFFICIENT_CREDITS') {
    return typeof remainingCredits === 'number' ? remainingCredits : 0;
  }
  const prefixed = MESSAGE_PREFIX.exec(error.message);
  if (prefixed) return Number(prefixed[1]);
  if (typeof details === 'string' && /insufficient credits/i.test(details)) {
    return typeof remainingCredits === 'number' ? remainingCredits : 0;
  }
  return undefined;
}

/** A save that failed for another reason: the form's missing-fields title, or the call's own. */
export function jobSaveFailure(error: unknown, editing: boolean): JobToast {
  const title = editing ? JOB_MESSAGES.updateFailed : JOB_MESSAGES.createFailed;
  if (!(error instanceof ApiError)) return { title, description: JOB_MESSAGES.tryAgain };
  const message = typeof error.data.message === 'string' ? error.data.message : '';
  if (message.startsWith('Please fill in:')) {
    return { title: MISSING_FIELDS_TITLE, description: message };
  }
  // The server's plan and length messages are written for members; a status line is not.
  return { title, description: message || JOB_MESSAGES.tryAgain };
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
