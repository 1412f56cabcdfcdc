import { describe, expect, it } from 'vitest';
import { lastVideoStatus } from './last-video-status';

describe('lastVideoStatus', () => {
  it('follows the video from the queue to ready, never saying queued once it is done', () => {
    expect(lastVideoStatus('Sunrise', undefined).text).toBe('“Sunrise” is in the queue.');
    expect(lastVideoStatus('Sunrise', { status: 'queued', progress: 0 }).text).toBe(
      '“Sunrise” is in the queue.',
    );
    expect(lastVideoStatus('Sunrise', { status: 'processing', progress: 40 }).text).toBe(
      '“Sunrise” is being created (40%).',
    );
    expect(lastVideoStatus('Sunrise', { status: 'completed', progress: 100 })).toEqual({
      text: '“Sunrise” is ready.',
      done: true,
    });
    expect(lastVideoStatus('Sunrise', { status: 'failed', progress: 0 }).text).toContain(
      'could not be created',
    );
  });
});
