import { describe, expect, it } from 'vitest';
import { makeStatusUpdate, makeVideo } from '@/entities/videos/test-videos';
import { StalledVideoWatch, VideoTransitionTracker } from './video-transitions';

const completedVideo = makeVideo({ id: 41, requestId: 1, status: 'completed', progress: 100 });

describe('VideoTransitionTracker', () => {
  it('announces a queued video that a later list shows completed, once', () => {
    const tracker = new VideoTransitionTracker();
    expect(tracker.observeList([makeVideo({ status: 'queued' })])).toEqual([]);
    expect(tracker.observeList([completedVideo])).toEqual([
      { outcome: 'completed', title: 'Sunrise over Lisbon', errorMessage: null },
    ]);
    expect(tracker.observeList([completedVideo])).toEqual([]);
  });

  it('never announces what the first list already shows finished', () => {
    const tracker = new VideoTransitionTracker();
    expect(
      tracker.observeList([
        completedVideo,
        makeVideo({ id: 'req-2', requestId: 2, status: 'failed' }),
      ]),
    ).toEqual([]);
  });

  it('announces a failure with its message', () => {
    const tracker = new VideoTransitionTracker();
    tracker.observeList([makeVideo({ status: 'processing' })]);
    expect(
      tracker.observeList([makeVideo({ status: 'failed', errorMessage: 'The renderer stopped.' })]),
    ).toEqual([
      { outcome: 'failed', title: 'Sunrise over Lisbon', errorMessage: 'The renderer stopped.' },
    ]);
  });

  it('announces a push once, and not again when the refetched list agrees', () => {
    const tracker = new VideoTransitionTracker();
    tracker.observeList([makeVideo({ status: 'processing' })]);
    expect(
      tracker.observePush(makeStatusUpdate({ videoId: 41, status: 'completed' })),
    ).toMatchObject({
      outcome: 'completed',
    });
    // The refetched list names the finished video by its own id; the request number links them.
    expect(tracker.observeList([completedVideo])).toEqual([]);
  });

  it('does not announce a late push for what a poll already announced', () => {
    const tracker = new VideoTransitionTracker();
    tracker.observeList([makeVideo({ status: 'processing' })]);
    expect(tracker.observeList([completedVideo])).toHaveLength(1);
    expect(tracker.observePush(makeStatusUpdate({ videoId: 41, status: 'completed' }))).toBeNull();
  });

  it('announces a push for a video this tab has not listed yet', () => {
    const tracker = new VideoTransitionTracker();
    expect(
      tracker.observePush(makeStatusUpdate({ status: 'failed', errorMessage: 'No frames' })),
    ).toEqual({
      outcome: 'failed',
      title: 'Sunrise over Lisbon',
      errorMessage: 'No frames',
    });
  });

  it("announces a remix's new version of a video announced before, once", () => {
    const tracker = new VideoTransitionTracker();
    tracker.observeList([makeVideo({ status: 'processing' })]);
    expect(tracker.observeList([completedVideo])).toHaveLength(1);
    // The remix renders under a request of its own, then completes as the same video.
    const remix = { requestId: 5, title: 'Sunrise, remixed' };
    expect(
      tracker.observePush(makeStatusUpdate({ ...remix, videoId: 'req-5', status: 'queued' })),
    ).toBeNull();
    expect(
      tracker.observePush(makeStatusUpdate({ ...remix, videoId: 41, status: 'completed' })),
    ).toEqual({ outcome: 'completed', title: 'Sunrise, remixed', errorMessage: null });
    expect(
      tracker.observePush(makeStatusUpdate({ ...remix, videoId: 41, status: 'completed' })),
    ).toBeNull();
    // The refetched list names the video by its first request, which finished long ago.
    expect(tracker.observeList([{ ...completedVideo, title: 'Sunrise, remixed' }])).toEqual([]);
  });

  it('announces again after a retry puts the video back in the queue', () => {
    const tracker = new VideoTransitionTracker();
    tracker.observeList([makeVideo({ status: 'processing' })]);
    expect(tracker.observeList([makeVideo({ status: 'failed' })])).toHaveLength(1);
    tracker.observeList([makeVideo({ status: 'queued' })]);
    expect(tracker.observeList([makeVideo({ status: 'failed' })])).toHaveLength(1);
  });
});

describe('StalledVideoWatch', () => {
  const minute = 60_000;

  it('mentions a video still in progress after more than 5 minutes of polling, once', () => {
    const watch = new StalledVideoWatch();
    const stuck = makeVideo({ status: 'processing' });
    expect(watch.check([stuck], 0)).toEqual([]);
    expect(watch.check([stuck], 5 * minute)).toEqual([]);
    expect(watch.check([stuck], 5 * minute + 1)).toEqual([stuck]);
    expect(watch.check([stuck], 10 * minute)).toEqual([]);
  });

  it('forgets a video that finishes, and starts afresh after live updates return', () => {
    const watch = new StalledVideoWatch();
    const stuck = makeVideo({ status: 'queued' });
    watch.check([stuck], 0);
    watch.reset();
    expect(watch.check([stuck], 4 * minute)).toEqual([]);
    expect(watch.check([stuck], 8 * minute)).toEqual([]);
    expect(watch.check([{ ...stuck, status: 'completed' }], 9 * minute)).toEqual([]);
    expect(watch.check([stuck], 10 * minute)).toEqual([]);
  });
});
