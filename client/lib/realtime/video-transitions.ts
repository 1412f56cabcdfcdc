// Decides which video status changes deserve a toast, whether the news came from the socket or
// from a fetched list, so each video is announced once per outcome (spec/product.md §4 Video
// status); and spots videos that stay in progress too long while only polling can see them.
import { TIMINGS } from '@shared/limits';
import type { VideoStatusUpdate } from '@shared/realtime';
import type { Video, VideoStatus } from '@shared/schemas/videos';
import { isInProgress, updateIdentities, videoIdentities } from '@/entities/videos/video-identity';

export type Outcome = 'completed' | 'failed';

export type Announcement = {
  outcome: Outcome;
  title: string;
  errorMessage: string | null;
};

/** An outcome announced, and for which render (its request), when that was known. */
type Announced = { outcome: Outcome; request: string | null };

export class VideoTransitionTracker {
  private readonly lastStatus = new Map<string, VideoStatus>();
  private readonly announced = new Map<string, Announced>();

  /**
   * A push from the server. It is sent because the status changed, so a video this tab has not
   * seen yet counts as having been in progress.
   */
  observePush(update: VideoStatusUpdate): Announcement | null {
    return this.observe(updateIdentities(update), update.status, 'processing', update);
  }

  /** A list fetched from the server. The first sighting of a video is its baseline, never news. */
  observeList(videos: readonly Video[]): Announcement[] {
    const announcements: Announcement[] = [];
    for (const video of videos) {
      const announcement = this.observe(videoIdentities(video), video.status, null, video);
      if (announcement) announcements.push(announcement);
    }
    return announcements;
  }

  private observe(
    keys: string[],
    status: VideoStatus,
    previousIfUnseen: VideoStatus | null,
    details: { title: string; errorMessage: string | null },
  ): Announcement | null {
    const known = keys.map((key) => this.lastStatus.get(key)).find((value) => value !== undefined);
    const previous = known ?? previousIfUnseen;
    for (const key of keys) this.lastStatus.set(key, status);

    if (isInProgress(status)) {
      // Back in progress (a retry): its next outcome is news again.
      for (const key of keys) this.announced.delete(key);
      return null;
    }
    const outcome: Outcome = status === 'completed' ? 'completed' : 'failed';
    if (previous === null || !isInProgress(previous)) return null;
    const request = keys.find((key) => key.startsWith('request:')) ?? null;
    const already = keys.some((key) => {
      const earlier = this.announced.get(key);
      if (earlier?.outcome !== outcome) return false;
      // A video announced for another render is news again: a remix renders its next version
      // under a request of its own, and completes as the same video.
      return !(request && earlier.request && earlier.request !== request);
    });
    if (already) return null;
    for (const key of keys) this.announced.set(key, { outcome, request });
    return { outcome, title: details.title, errorMessage: details.errorMessage };
  }
}

/**
 * While the socket is down, a video that stays queued or processing for more than 5 minutes of
 * polling may have failed without anyone telling us. Time is measured on this device from the
 * first poll that saw it in progress, so a skewed clock cannot raise a false alarm; each video is
 * mentioned once.
 */
export class StalledVideoWatch {
  private readonly inProgressSince = new Map<string, number>();
  private readonly mentioned = new Set<string>();

  constructor(private readonly afterMs: number = TIMINGS.failedPollingNoticeMs) {}

  /** Feed each polled list; returns the videos that have just crossed the line. */
  check(videos: readonly Video[], now: number): Video[] {
    const stalled: Video[] = [];
    for (const video of videos) {
      const [key] = videoIdentities(video);
      if (key === undefined) continue;
      if (!isInProgress(video.status)) {
        this.inProgressSince.delete(key);
        continue;
      }
      const since = this.inProgressSince.get(key) ?? now;
      this.inProgressSince.set(key, since);
      if (now - since > this.afterMs && !this.mentioned.has(key)) {
        this.mentioned.add(key);
        stalled.push(video);
      }
    }
    return stalled;
  }

  /** Live updates are back and will report failures; the next polling stretch starts afresh. */
  reset(): void {
    this.inProgressSince.clear();
  }
}
