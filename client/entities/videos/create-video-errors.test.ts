import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { describeCreateVideoError } from './create-video-errors';

vi.mock('@/lib/realtime/use-realtime', () => ({
  ACTION_TIMEOUT_MESSAGE: 'Action timeout - please try again',
}));

describe('describeCreateVideoError', () => {
  it('opens the credits dialog for INSUFFICIENT_CREDITS with the balance from the body', () => {
    const error = new ApiError(400, 'Insufficient credits', 'INSUFFICIENT_CREDITS', {
      message: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
      remainingCredits: 0,
    });
    expect(describeCreateVideoError(error)).toEqual({
      kind: 'insufficient-credits',
      remainingCredits: 0,
    });
  });

  it('reports a queued submission that timed out', () => {
    expect(describeCreateVideoError(new Error('Action timeout - please try again'))).toEqual({
      kind: 'toast',
      title: 'Submission Timeout',
      description: 'Your request took too long. Please check your connection and try again.',
    });
  });

  it('shows the plan scene limit message as is', () => {
    const message = 'Free members can create videos with up to 1 scene.';
    expect(describeCreateVideoError(new ApiError(400, message, 'PLAN_LIMIT', { message }))).toEqual(
      { kind: 'toast', title: 'Scene Limit', description: message },
    );
  });

  it('asks a signed-out member to log in on 401', () => {
    expect(describeCreateVideoError(new ApiError(401, 'Unauthorized'))).toMatchObject({
      title: 'Authentication Required',
      description: 'You must be logged in to create videos.',
    });
  });

  it('shows the server message of any other 400, or the credits fallback without one', () => {
    const message = 'Description must be < 1500 characters.';
    expect(
      describeCreateVideoError(new ApiError(400, message, 'VALIDATION_ERROR', { message })),
    ).toMatchObject({ description: message });
    expect(describeCreateVideoError(new ApiError(400, '400 Bad Request'))).toMatchObject({
      description: 'No video credits. Would you like to earn free credits or purchase credits?',
    });
  });

  it('shows why a 429 refused the video, in the server words', () => {
    const inProgress =
      'You have 5 videos in progress, the most the Free plan allows at once. Please wait for one to finish.';
    expect(
      describeCreateVideoError(new ApiError(429, inProgress, 'IN_PROGRESS_LIMIT', {})),
    ).toEqual({
      kind: 'toast',
      title: 'Videos Still in Progress',
      description: inProgress,
      duration: 8000,
    });
    const tooFast = 'You are creating videos too quickly. Please try again in 40 seconds.';
    expect(describeCreateVideoError(new ApiError(429, tooFast, 'RATE_LIMITED', {}))).toMatchObject({
      title: 'Slow Down',
      description: tooFast,
    });
  });

  it('falls back to a generic failure shown for 8 seconds', () => {
    for (const error of [new ApiError(500, 'boom'), new ApiError(0, 'Network error'), 'odd']) {
      expect(describeCreateVideoError(error)).toEqual({
        kind: 'toast',
        title: 'Video Creation Failed',
        description: 'Failed to create video request. Please try again.',
        duration: 8000,
      });
    }
  });
});
