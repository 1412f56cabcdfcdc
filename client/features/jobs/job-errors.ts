// What the Creator Engine screen tells a member when a job call fails, in the words of spec/api.md
// §8.4.
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
