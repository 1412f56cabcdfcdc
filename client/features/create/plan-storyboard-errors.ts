// What Create tells a member when planning a storyboard ("Review the script first") is refused:
// Create's own answers, in the words of planning, and the draft limit's message as the server says it.
import {
  type CreateVideoFailure,
  describeCreateVideoError,
} from '@/entities/videos/create-video-errors';
import { ApiError } from '@/lib/api-client';

const PLANNING_FAILED = 'Storyboard Not Planned';
const TRY_AGAIN = 'The storyboard could not be planned. Please try again.';

export function describePlanStoryboardError(error: unknown): CreateVideoFailure {
  // 409 TOO_MANY_DRAFTS: the server says how many drafts may be kept, and what to do.
  if (error instanceof ApiError && error.status === 409) {
    return { kind: 'toast', title: 'Too Many Drafts', description: error.message };
  }
  const failure = describeCreateVideoError(error);
  if (failure.kind !== 'toast' || failure.title !== 'Video Creation Failed') return failure;
  const serverWords = error instanceof ApiError && error.status === 400;
  return {
    ...failure,
    title: PLANNING_FAILED,
    description: serverWords ? failure.description : TRY_AGAIN,
  };
}
