// How publishing is presented anywhere in the app (the Publish dialog, the library's badges, the job
// form, the realtime toasts), as pure rules so the components only lay them out.
import {
  ACTIVE_PUBLICATION_STATUSES,
  type Connection,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  PUBLICATION_STATUS_LABELS,
  type Publication,
  type PublicationStatus,
  type UnreviewedAction,
} from '@shared/schemas/publishing';

/** The job form's choices for a held video nobody approved in time. */
export const UNREVIEWED_ACTION_LABELS: Record<UnreviewedAction, string> = {
  publish: 'Publish it anyway',
  skip: 'Skip it',
};

/** Queued, uploading or processing: the publication is still on its way. */
export function isPublishing(status: PublicationStatus): boolean {
  return (ACTIVE_PUBLICATION_STATUSES as readonly PublicationStatus[]).includes(status);
}

/** YouTube and Instagram take Public, Unlisted or Private; TikTok takes the creator's own options. */
const PRIVACY_PLATFORMS: readonly Platform[] = ['youtube', 'instagram'];

/** Whether the privacy choice applies to any of these platforms. */
export function usesPrivacy(platforms: readonly Platform[]): boolean {
  return platforms.some((platform) => PRIVACY_PLATFORMS.includes(platform));
}

/** Sorts by the platforms' own order: YouTube, TikTok, Instagram. */
export function byPlatformOrder(a: { platform: Platform }, b: { platform: Platform }): number {
  return PLATFORMS.indexOf(a.platform) - PLATFORMS.indexOf(b.platform);
}

const platformListFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** 'YouTube', 'YouTube and TikTok', 'YouTube, TikTok, and Instagram'. */
export function platformList(platforms: readonly Platform[]): string {
  const ordered = PLATFORMS.filter((platform) => platforms.includes(platform));
  return platformListFormat.format(ordered.map((platform) => PLATFORM_LABELS[platform]));
}

/** What a platform offers the member where they choose where to publish. */
export type PlatformChoice =
  | { platform: Platform; kind: 'connected'; accountName: string | null }
  | { platform: Platform; kind: 'not_connected' }
  | { platform: Platform; kind: 'reconnect_needed'; accountName: string | null };

/**
 * The platforms this server offers, in order, each connected, needing reconnection or not
 * connected. One the operator has not configured is left out: the member can do nothing about it
 * (Profile → Connections says what the operator must set).
 */
export function platformChoices(connections: readonly Connection[]): PlatformChoice[] {
  return [...connections]
    .filter((connection) => connection.available)
    .sort(byPlatformOrder)
    .map((connection): PlatformChoice => {
      const { platform, accountName } = connection;
      if (connection.status === 'connected') return { platform, kind: 'connected', accountName };
      if (connection.status === 'reconnect_needed') {
        return { platform, kind: 'reconnect_needed', accountName };
      }
      return { platform, kind: 'not_connected' };
    });
}

/** The hashtags box's text for stored tags: '#harbour #boats'. */
export function hashtagsText(tags: readonly string[]): string {
  return tags.map((tag) => `#${tag.replace(/^#+/u, '')}`).join(' ');
}

/** The words typed in the hashtags box: separated by spaces or commas, empties dropped. */
export function splitHashtags(text: string): string[] {
  return text.split(/[\s,]+/u).filter((word) => word.length > 0);
}

/** Whether TikTok would refuse the video for its length (unknown lengths are left to TikTok). */
export function tooLongForTikTok(
  durationSec: number | null,
  maxVideoPostDurationSec: number | null,
): boolean {
  return (
    durationSec != null && maxVideoPostDurationSec != null && durationSec > maxVideoPostDurationSec
  );
}

/** The status in words, with the upload's progress while it uploads: 'Uploading 40%'. */
export function publicationStatusText(
  publication: Pick<Publication, 'status' | 'progress'>,
): string {
  const label = PUBLICATION_STATUS_LABELS[publication.status];
  return publication.status === 'uploading' && publication.progress > 0
    ? `${label} ${Math.min(100, Math.max(0, Math.round(publication.progress)))}%`
    : label;
}

/**
 * Why a platform cannot be chosen again for this video: its latest publication there is out or on
 * its way (the server refuses a second one); null when it can be (never published, or failed).
 */
export function platformTaken(
  history: readonly Publication[],
  platform: Platform,
): 'published' | 'publishing' | null {
  // The history is newest first: the first one for the platform is its latest.
  const latest = history.find((publication) => publication.platform === platform);
  if (!latest) return null;
  if (latest.status === 'published') return 'published';
  return isPublishing(latest.status) ? 'publishing' : null;
}

/** Element ids for aria-describedby, the ones given (a falsy one is left out). */
export function idList(...ids: (string | false | null | undefined)[]): string | undefined {
  const given = ids.filter((id): id is string => Boolean(id));
  return given.length > 0 ? given.join(' ') : undefined;
}
