// Instagram's side of publishing: a Reels container made from the video's public link (Instagram
// fetches the file itself), its status until Instagram has processed it, then media_publish and
// the post's permalink. The publish is the one call that posts, so it is marked as asked before
// it goes, and a container's status (PUBLISHED) tells afterwards whether it went through.
// Docs: https://developers.facebook.com/docs/instagram-platform/content-publishing (the flow,
// limits), https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media
// (media_type=REELS, video_url, caption, share_to_feed), .../reference/ig-container (status_code:
// EXPIRED, ERROR, FINISHED, IN_PROGRESS, PUBLISHED), .../reference/ig-user/media_publish
// (creation_id), .../reference/ig-media (permalink) and .../reference/error-codes (2207xxx).
import { PLATFORM_LABELS } from '../../../../shared/schemas/publishing';
import { INSTAGRAM_DEFAULTS, INSTAGRAM_PERMISSION_MESSAGE } from './instagram';
import {
  baseUrl,
  field,
  GRAPH_RATE_LIMIT_CODES,
  graphErrorOf,
  isTransientStatus,
  numberField,
  PLATFORM_MESSAGES,
  type PlatformAnswer,
  type PlatformAuthSettings,
  type PlatformHttpOptions,
  platformError,
  requestPlatform,
  stringField,
  unreadableAnswer,
  uploadUrlSecrets,
  withQuery,
} from './oauth-http';
import { PlatformError } from './platform';
import type {
  PostDetails,
  PublishCheckpoint,
  Publisher,
  PublishInput,
  PublishStep,
} from './publisher';

/** The Graph API version every call names (graph.instagram.com/v23.0/…). */
export const INSTAGRAM_GRAPH_VERSION = 'v23.0';
export const INSTAGRAM_CAPTION_MAX = 2200;
export const INSTAGRAM_HASHTAGS_MAX = 30;
/** Instagram processes a Reel in tens of seconds. */
export const INSTAGRAM_POLL_AFTER_MS = 10_000;
/** Containers made for one publication before a failing video is given up. */
const MAX_CONTAINERS = 3;
/** How far before its container a published Reel's timestamp may be (clocks differ). */
const CLOCK_SLACK_MS = 10 * 60_000;

export const INSTAGRAM_PUBLISH_MESSAGES = {
  dailyLimit:
    "This Instagram account has reached Instagram's daily limit of posts through apps. Please try again tomorrow.",
  spam: 'Instagram held this post back to protect its community (it looked like spam). Please try again later, or post from the Instagram app.',
  restricted:
    'Your Instagram account needs attention: open the Instagram app, complete what it asks, then publish again.',
  unsupportedVideo:
    'Instagram does not accept this video as a Reel (its format, size or length). Please try another video.',
  fetchFailed: 'Instagram could not fetch the video from Reelforge. Please publish it again.',
  processing: (status: string) =>
    `Instagram could not process this video${status ? ` (${status})` : ''}.`,
  noLink:
    'Instagram published the Reel, but did not tell us its link: it is on your Instagram profile.',
} as const;

/** Subcodes of a failed container or call that a new container may well get past. */
const RETRY_WITH_NEW_CONTAINER = new Set([2207001, 2207003, 2207032, 2207052, 2207053]);
/** Subcodes worth simply trying again (a moment later) with the same container. */
const PASSING_SUBCODES = new Set([2207001, 2207003, 2207008, 2207020, 2207027, 2207032, 2207053]);

export type InstagramPublisherOptions = PlatformHttpOptions & {
  /** How long to wait before looking at the container again. */
  pollAfterMs?: number;
};

/** What an Instagram publication keeps between steps (and across crashes). */
type InstagramCheckpoint = {
  containerId: string;
  /** When the container was made (ms since 1970). */
  containerAt: number;
  /** Containers made so far, this one included. */
  containers: number;
  /** media_publish was (or was about to be) asked for this container. */
  publishAsked: boolean;
  mediaId?: string;
};

const label = PLATFORM_LABELS.instagram;

/** The caption: title, description and up to 30 #hashtags, within 2,200 characters. */
export function instagramCaption(post: PostDetails): string {
  const hashtags = post.hashtags
    .slice(0, INSTAGRAM_HASHTAGS_MAX)
    .map((tag) => `#${tag}`)
    .join(' ');
  const caption = [post.title.trim(), post.description.trim(), hashtags]
    .filter(Boolean)
    .join('\n\n');
  const characters = [...caption];
  return characters.length <= INSTAGRAM_CAPTION_MAX
    ? caption
    : characters.slice(0, INSTAGRAM_CAPTION_MAX).join('');
}

export function createInstagramPublisher(
  settings: Pick<PlatformAuthSettings, 'apiBaseUrl'> = {},
  options: InstagramPublisherOptions = {},
): Publisher {
  const graph = `${baseUrl(settings.apiBaseUrl, INSTAGRAM_DEFAULTS.apiBaseUrl)}/${INSTAGRAM_GRAPH_VERSION}`;
  const pollAfterMs = options.pollAfterMs ?? INSTAGRAM_POLL_AFTER_MS;

  async function graphCall(
    input: PublishInput,
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
    secrets: string[] = [],
  ): Promise<PlatformAnswer> {
    const answer = await requestPlatform(
      label,
      url,
      {
        method,
        bearer: input.accessToken,
        form,
        secrets: [input.accessToken, ...secrets],
        signal: input.signal,
      },
      options,
    );
    if (!answer.ok || field(answer.body, 'error') !== undefined)
      throw instagramPublishError(answer);
    return answer;
  }

  /** A new Reels container for the file, saved before anything else happens. */
  async function createContainer(input: PublishInput, made: number): Promise<PublishStep> {
    const videoUrl = await input.file.publicUrl();
    const answer = await graphCall(
      input,
      'POST',
      `${graph}/${encodeURIComponent(input.accountId)}/media`,
      {
        media_type: 'REELS',
        video_url: videoUrl,
        caption: instagramCaption(input.post),
        share_to_feed: 'true',
      },
      uploadUrlSecrets(videoUrl),
    );
    const containerId = stringField(answer.body, 'id');
    if (!containerId) throw unreadableAnswer(label, answer);
    const checkpoint: InstagramCheckpoint = {
      containerId,
      containerAt: Date.now(),
      containers: made,
      publishAsked: false,
    };
    await input.save(checkpoint);
    return { state: 'processing', checkpoint, pollAfterMs };
  }

  async function containerStatus(
    input: PublishInput,
    containerId: string,
  ): Promise<{ code: string; status: string }> {
    const answer = await graphCall(
      input,
      'GET',
      `${graph}/${encodeURIComponent(containerId)}?fields=status_code,status`,
    );
    const code = stringField(answer.body, 'status_code');
    if (!code) throw unreadableAnswer(label, answer);
    return { code, status: stringField(answer.body, 'status') ?? '' };
  }

  /** The published Reel, with its permalink when Instagram gives it. */
  async function published(input: PublishInput, mediaId: string): Promise<PublishStep> {
    const answer = await graphCall(
      input,
      'GET',
      `${graph}/${encodeURIComponent(mediaId)}?fields=permalink`,
    );
    const permalink = stringField(answer.body, 'permalink');
    return permalink
      ? { state: 'published', postId: mediaId, postUrl: permalink }
      : {
          state: 'published',
          postId: mediaId,
          postUrl: profileUrl(input),
          note: INSTAGRAM_PUBLISH_MESSAGES.noLink,
        };
  }

  /**
   * A container Instagram published though we never heard its media id (a crash right after
   * media_publish): the account's one Reel with this caption made since the container, if there
   * is exactly one; else the profile, said so.
   */
  async function foundPublished(
    input: PublishInput,
    saved: InstagramCheckpoint,
  ): Promise<PublishStep> {
    const answer = await graphCall(
      input,
      'GET',
      withQuery(`${graph}/${encodeURIComponent(input.accountId)}/media`, {
        fields: 'id,caption,permalink,timestamp',
        limit: '25',
      }),
    );
    const listed = field(answer.body, 'data');
    const caption = instagramCaption(input.post).trim();
    const matches = (Array.isArray(listed) ? listed : []).filter((media: unknown) => {
      const at = Date.parse(stringField(media, 'timestamp') ?? '');
      return (
        (stringField(media, 'caption') ?? '').trim() === caption &&
        Number.isFinite(at) &&
        at >= saved.containerAt - CLOCK_SLACK_MS
      );
    });
    const media: unknown = matches.length === 1 ? matches[0] : undefined;
    const mediaId = stringField(media, 'id');
    const permalink = stringField(media, 'permalink');
    if (mediaId && permalink) {
      await input.save({ ...saved, publishAsked: true, mediaId });
      return { state: 'published', postId: mediaId, postUrl: permalink };
    }
    return {
      state: 'published',
      postId: saved.containerId,
      postUrl: profileUrl(input),
      note: INSTAGRAM_PUBLISH_MESSAGES.noLink,
    };
  }

  async function publish(input: PublishInput, saved: InstagramCheckpoint): Promise<PublishStep> {
    // Marked before the call that posts: after a crash, the container's status says if it did.
    const asked: InstagramCheckpoint = { ...saved, publishAsked: true };
    await input.save(asked);
    const answer = await graphCall(
      input,
      'POST',
      `${graph}/${encodeURIComponent(input.accountId)}/media_publish`,
      { creation_id: saved.containerId },
    );
    const mediaId = stringField(answer.body, 'id');
    if (!mediaId) throw unreadableAnswer(label, answer);
    await input.save({ ...asked, mediaId });
    return published(input, mediaId);
  }

  return {
    platform: 'instagram',

    async step(input) {
      const saved = readCheckpoint(input.checkpoint);
      if (!saved) return createContainer(input, 1);
      if (saved.mediaId) return published(input, saved.mediaId);
      const { code, status } = await containerStatus(input, saved.containerId);
      switch (code) {
        case 'IN_PROGRESS':
          return { state: 'processing', checkpoint: saved, pollAfterMs };
        case 'FINISHED':
          return publish(input, saved);
        case 'PUBLISHED':
          return foundPublished(input, saved);
        case 'EXPIRED':
          // Unpublished for a day: it can no longer post, so a new one is safe.
          return createContainer(input, saved.containers + 1);
        case 'ERROR': {
          // Meta's words, without any link they might quote (the video's is a capability).
          const said = status.replace(/https?:\/\/\S+/giu, '[link]');
          const subcode = subcodeIn(said);
          if (
            subcode !== undefined &&
            RETRY_WITH_NEW_CONTAINER.has(subcode) &&
            saved.containers < MAX_CONTAINERS
          ) {
            // A failed container never posts: another try with a fresh link is safe.
            return createContainer(input, saved.containers + 1);
          }
          throw new PlatformError(containerFailure(said, subcode), {
            status: null,
            transient: false,
            cause: `status: ${said}`.slice(0, 500),
          });
        }
        default:
          throw new PlatformError(PLATFORM_MESSAGES.unreadable(label), {
            status: null,
            transient: false,
            cause: `status_code: ${code}`,
          });
      }
    },
  };
}

function profileUrl(input: PublishInput): string {
  return `https://www.instagram.com/${encodeURIComponent(input.accountName)}/`;
}

function readCheckpoint(checkpoint: PublishCheckpoint | null): InstagramCheckpoint | null {
  const containerId = stringField(checkpoint, 'containerId');
  if (!checkpoint || !containerId) return null;
  const mediaId = stringField(checkpoint, 'mediaId');
  return {
    containerId,
    containerAt: numberField(checkpoint, 'containerAt') ?? 0,
    containers: numberField(checkpoint, 'containers') ?? 1,
    publishAsked: checkpoint.publishAsked === true,
    ...(mediaId ? { mediaId } : {}),
  };
}

/** The 2207xxx error code a failed container's `status` names, if it names one. */
function subcodeIn(status: string): number | undefined {
  const found = /\b(2207\d{3})\b/u.exec(status)?.[1];
  if (found) return Number(found);
  return /download/iu.test(status) ? 2207052 : undefined;
}

/** A failed container in words. */
function containerFailure(status: string, subcode: number | undefined): string {
  if (subcode === 2207026) return INSTAGRAM_PUBLISH_MESSAGES.unsupportedVideo;
  if (subcode === 2207052 || subcode === 2207003) return INSTAGRAM_PUBLISH_MESSAGES.fetchFailed;
  return INSTAGRAM_PUBLISH_MESSAGES.processing(status.replace(/^error:\s*/iu, '').slice(0, 200));
}

/**
 * A Graph error while publishing ({error: {message, type, code, error_subcode, is_transient}}):
 * code 190 is a dead token; the daily publishing limit (9/2207042), spam (2207051) and a
 * restricted account (2207050) are final, in words; rate limits and Meta's passing errors pass.
 * https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/error-codes
 */
function instagramPublishError(answer: PlatformAnswer): PlatformError {
  const graph = graphErrorOf(answer.body);
  const code = graph?.code;
  const subcode = graph?.subcode;
  const final = (message: string) => platformError(label, answer, { message, transient: false });
  if (code === 190) {
    return platformError(label, answer, {
      message: PLATFORM_MESSAGES.reconnect(label),
      transient: false,
      revoked: true,
    });
  }
  if (subcode === 2207042 || code === 9) return final(INSTAGRAM_PUBLISH_MESSAGES.dailyLimit);
  if (subcode === 2207051) return final(INSTAGRAM_PUBLISH_MESSAGES.spam);
  if (subcode === 2207050) return final(INSTAGRAM_PUBLISH_MESSAGES.restricted);
  if (subcode === 2207026) return final(INSTAGRAM_PUBLISH_MESSAGES.unsupportedVideo);
  if (subcode === 2207052) return final(INSTAGRAM_PUBLISH_MESSAGES.fetchFailed);
  if (
    graph?.isTransient ||
    (subcode !== undefined && PASSING_SUBCODES.has(subcode)) ||
    (code !== undefined && (GRAPH_RATE_LIMIT_CODES.has(code) || code === 1 || code === 2)) ||
    isTransientStatus(answer.status)
  ) {
    return platformError(label, answer, { transient: true });
  }
  if (code === 10 || (code !== undefined && code >= 200 && code < 300)) {
    return final(INSTAGRAM_PERMISSION_MESSAGE);
  }
  return platformError(label, answer, { transient: false });
}
