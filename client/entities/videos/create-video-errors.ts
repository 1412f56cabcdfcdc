// What the Create form (and the storyboard editor's Render, which the server answers alike) tells a
// member when a video request cannot be sent or is refused, in the words and order of spec/api.md §8.2.
import { TIMINGS } from '@shared/limits';
import { insufficientCreditsIn } from '@/entities/credits/insufficient-credits';
import { ApiError } from '@/lib/api-client';
import { ACTION_TIMEOUT_MESSAGE } from '@/lib/realtime/use-realtime';

export type ToastMessage = { title: string; description: string; duration?: number };

export const NOT_LOGGED_IN_BEFORE_SENDING: ToastMessage = {
  title: 'Authentication Required',
  description: 'Please log in to create videos.',
};

export const MISSING_INFORMATION: ToastMessage = {
  title: 'Missing Information',
  description: 'Please fill in both title and description.',
};

const SCENE_LIMIT_FRAGMENT = 'members can create videos with up to';
const NO_CREDITS_FALLBACK =
  'No video credits. Would you like to earn free credits or purchase credits?';

export type CreateVideoFailure =
  /** `remainingCredits` null means unlimited (Elite), shown as ∞. */
  | { kind: 'insufficient-credits'; remainingCredits: number | null }
  | ({ kind: 'toast' } & ToastMessage);

/** The server sent its own words (message, errors or details), not just a status line. */
function carriesServerMessage(error: ApiError): boolean {
  const { message, errors, details } = error.data;
  return (
    (typeof message === 'string' && message.length > 0) ||
    (Array.isArray(errors) && errors.length > 0) ||
    (typeof details === 'string' && details.length > 0)
  );
}

export function describeCreateVideoError(error: unknown): CreateVideoFailure {
  const apiError = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : '';

  const remainingCredits = insufficientCreditsIn(error);
  if (remainingCredits !== undefined) return { kind: 'insufficient-credits', remainingCredits };
  if (message === ACTION_TIMEOUT_MESSAGE) {
    return {
      kind: 'toast',
      title: 'Submission Timeout',
      description: 'Your request took too long. Please check your connection and try again.',
    };
  }
  if (message.includes(SCENE_LIMIT_FRAGMENT)) {
    return { kind: 'toast', title: 'Scene Limit', description: message };
  }
  // Only 401: a 403 here is a refused cross-site request, not a missing session.
  if (apiError?.status === 401) {
    return {
      kind: 'toast',
      title: 'Authentication Required',
      description: 'You must be logged in to create videos.',
    };
  }
  // Too much in progress, or too many requests: the server says how long to wait.
  if (apiError?.status === 429) {
    return {
      kind: 'toast',
      title: apiError.code === 'IN_PROGRESS_LIMIT' ? 'Videos Still in Progress' : 'Slow Down',
      description: apiError.message,
      duration: TIMINGS.errorToastMs,
    };
  }
  if (apiError?.status === 400) {
    return {
      kind: 'toast',
      title: 'Video Creation Failed',
      description: carriesServerMessage(apiError) ? apiError.message : NO_CREDITS_FALLBACK,
    };
  }
  return {
    kind: 'toast',
    title: 'Video Creation Failed',
    description: 'Failed to create video request. Please try again.',
    duration: TIMINGS.errorToastMs,
  };
}
