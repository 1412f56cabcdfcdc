import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { describePlanStoryboardError } from './plan-storyboard-errors';

vi.mock('@/lib/realtime/use-realtime', () => ({
  ACTION_TIMEOUT_MESSAGE: 'Action timeout - please try again',
}));

describe('describePlanStoryboardError', () => {
  it("says the draft limit in the server's words", () => {
    const message =
      'You have 20 storyboards in progress, the most you can keep. Render or delete one first.';
    expect(
      describePlanStoryboardError(new ApiError(409, message, 'TOO_MANY_DRAFTS', { message })),
    ).toEqual({ kind: 'toast', title: 'Too Many Drafts', description: message });
  });

  it("keeps a refusal's own words and Create's scene limit, in the words of planning", () => {
    const refused = new ApiError(400, 'Please choose a voice we offer.', undefined, {
      message: 'Please choose a voice we offer.',
    });
    expect(describePlanStoryboardError(refused)).toMatchObject({
      title: 'Storyboard Not Planned',
      description: 'Please choose a voice we offer.',
    });
    const limit = 'Pro members can create videos with up to 2 scenes.';
    expect(describePlanStoryboardError(new ApiError(400, limit))).toMatchObject({
      title: 'Scene Limit',
      description: limit,
    });
  });

  it('asks to try again when nothing better is known', () => {
    expect(describePlanStoryboardError(new ApiError(500, 'boom'))).toMatchObject({
      title: 'Storyboard Not Planned',
      description: 'The storyboard could not be planned. Please try again.',
    });
  });
});
