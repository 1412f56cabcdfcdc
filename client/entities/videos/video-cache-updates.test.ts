import { describe, expect, it } from 'vitest';
import { makeStatusUpdate, makeVideo } from './test-videos';
import { applyProgress, applyStatusUpdate } from './video-cache-updates';

describe('applyProgress', () => {
  it('moves the matching video and marks a queued one processing', () => {
    const videos = [makeVideo({ status: 'queued' }), makeVideo({ id: 'req-2', requestId: 2 })];
    const next = applyProgress(videos, { videoId: 'req-1', requestId: 1, progress: 37.6 });
    expect(next[0]).toMatchObject({ status: 'processing', progress: 38 });
    expect(next[1]).toBe(videos[1]);
  });

  it('leaves finished videos and unknown ids alone, returning the same list', () => {
    const videos = [makeVideo({ id: 41, status: 'completed', progress: 100 })];
    expect(applyProgress(videos, { videoId: 'req-1', requestId: 1, progress: 50 })).toBe(videos);
    expect(applyProgress(videos, { videoId: 'req-9', requestId: 9, progress: 50 })).toBe(videos);
  });
});

describe('applyStatusUpdate', () => {
  it('finds a request that has become a video by its request number', () => {
    const videos = [makeVideo({ status: 'processing', progress: 80 })];
    const [video] = applyStatusUpdate(
      videos,
      makeStatusUpdate({ videoId: 41, status: 'failed', progress: 80, errorMessage: 'No frames' }),
    );
    expect(video).toMatchObject({ id: 'req-1', status: 'failed', errorMessage: 'No frames' });
  });

  it('folds a remix that completed into the video it is the next version of, one card', () => {
    const video = makeVideo({ id: 41, requestId: 7, status: 'completed', progress: 100 });
    const remix = makeVideo({ id: 'req-12', requestId: 12, status: 'processing', progress: 60 });
    const next = applyStatusUpdate(
      [remix, video],
      makeStatusUpdate({ videoId: 41, requestId: 12, status: 'completed', title: 'Harbour v2' }),
    );
    expect(next).toEqual([{ ...video, title: 'Harbour v2' }]);
  });

  it("keeps a remix's entry that failed, and the video it would have replaced as it was", () => {
    const video = makeVideo({ id: 41, requestId: 7, status: 'completed', progress: 100 });
    const remix = makeVideo({ id: 'req-12', requestId: 12, status: 'processing', progress: 60 });
    const next = applyStatusUpdate(
      [remix, video],
      makeStatusUpdate({
        videoId: 'req-12',
        requestId: 12,
        status: 'failed',
        errorMessage: 'No frames',
      }),
    );
    expect(next[0]).toMatchObject({ id: 'req-12', status: 'failed', errorMessage: 'No frames' });
    expect(next[1]).toBe(video);
  });
});
