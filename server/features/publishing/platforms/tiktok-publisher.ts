// TikTok's side of publishing: the Content Posting API's Direct Post with FILE_UPLOAD. The
// creator's info first (TikTok requires it, and says which audiences the account may choose),
// then init, the chunks to the upload URL, and the status until TikTok has posted it.
// Docs: https://developers.tiktok.com/doc/content-posting-api-reference-direct-post (init, its
// errors), https://developers.tiktok.com/doc/content-posting-api-reference-query-creator-info,
// https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide (chunks of 5 to 64 MB,
// total_chunk_count = floor(video_size / chunk_size), the last chunk taking the rest, a video
// under 5 MB whole; 206 then 201), https://developers.tiktok.com/doc/content-posting-api-reference-get-video-status
// (statuses, fail_reason, publicaly_available_post_id) and
// https://developers.tiktok.com/doc/tiktok-api-v2-error-handling ({error: {code, message, log_id}}).
// MB is read as MiB (1,048,576 bytes), as TikTok's own samples and SDKs do.
import {
  PLATFORM_LABELS,
  type Privacy,
  TIKTOK_PRIVACY_LABELS,
  TIKTOK_PRIVACY_LEVELS,
  type TikTokCreatorInfo,
  type TikTokPrivacyLevel,
} from '../../../../shared/schemas/publishing';
import {
  baseUrl,
  field,
  JSON_CONTENT_TYPE,
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
} from './oauth-http';
import { PlatformError } from './platform';
import type {
  PostDetails,
  PublishCheckpoint,
  Publisher,
  PublishInput,
  PublishStep,
  TikTokCreatorInfoSource,
} from './publisher';
import { TIKTOK_DEFAULTS, TIKTOK_SCOPE_MESSAGE } from './tiktok';

const MIB = 1024 * 1024;
export const TIKTOK_MIN_CHUNK_BYTES = 5 * MIB;
export const TIKTOK_MAX_CHUNK_BYTES = 64 * MIB;
export const TIKTOK_DEFAULT_CHUNK_BYTES = 10 * MIB;
const MAX_CHUNKS = 1000;
/** TikTok's caption (post_info.title) limit, in UTF-16 code units. */
export const TIKTOK_CAPTION_MAX = 2200;
/** An upload URL lasts an hour; one older than this is not worth trying. */
const UPLOAD_URL_LIFETIME_MS = 55 * 60_000;
export const TIKTOK_UPLOAD_TIMEOUT_MS = 5 * 60_000;
/** TikTok processes a short video in well under a minute; moderation can take longer. */
export const TIKTOK_POLL_AFTER_MS = 15_000;
/** Cuts in one step before it gives the rest to a later try. */
const MAX_INTERRUPTIONS = 3;

export const TIKTOK_PUBLISH_MESSAGES = {
  tooLong: (seconds: number, max: number) =>
    `This video is ${Math.ceil(seconds)} seconds long; TikTok lets this account post videos of up to ${max} seconds.`,
  levelNotOffered: (level: TikTokPrivacyLevel) =>
    `TikTok does not let this account post for “${TIKTOK_PRIVACY_LABELS[level]}”. Please choose who can watch the video again.`,
  noAudience:
    'TikTok does not let this account choose who can watch a post. Please check the account in TikTok.',
  selfOnlyNote:
    "Posted as “Only me”: TikTok allows only private posts for this account until Reelforge's app passes TikTok's audit.",
  privateNoLink:
    'Only you can see this post on TikTok, so it has no public link: it is on your profile.',
  reviewNoLink:
    'TikTok is still reviewing the video: it will show on your profile once TikTok approves it.',
  inbox: 'TikTok sent the video to your TikTok inbox: open TikTok to finish posting it.',
  failed: (reason: string) => `TikTok did not post the video: ${reason}`,
  dailyPosts:
    "This TikTok account has reached TikTok's daily limit of posts. Please try again tomorrow.",
  banned: 'TikTok does not currently allow this account to post.',
  userCap:
    "TikTok's daily limit of accounts posting through Reelforge is reached (TikTok allows only a few until Reelforge's app passes its audit). Please try again tomorrow.",
  unaudited:
    "TikTok lets Reelforge post only to private accounts until its app passes TikTok's audit. Make your TikTok account private, or post from the TikTok app.",
  levelMismatch:
    'TikTok does not offer the chosen audience for this account. Please choose who can watch the video again.',
  urlOwnership:
    "TikTok has not verified this server's domain for posting by link. The operator must verify it in the TikTok app settings.",
  invalidFile: 'TikTok did not accept the video file.',
  invalidPost: "TikTok refused the post's details. Please check the video and its caption.",
} as const;

/** fail_reason in words. */
const FAIL_REASONS: Record<string, string> = {
  file_format_check_failed: 'TikTok does not accept this file format.',
  duration_check_failed: 'the video is longer or shorter than this account may post.',
  frame_rate_check_failed: 'TikTok does not accept the video’s frame rate (23 to 60 fps).',
  picture_size_check_failed: 'TikTok does not accept the video’s size (360 to 4096 pixels a side).',
  internal: 'TikTok had an internal error. Please publish it again.',
  video_pull_failed: 'TikTok could not fetch the video.',
  publish_cancelled: 'the post was cancelled in TikTok.',
  auth_removed: "Reelforge's access was removed in TikTok. Please connect TikTok again.",
  spam_risk_too_many_posts:
    "the account reached TikTok's daily limit of posts. Please try again tomorrow.",
  spam_risk_user_banned_from_posting: 'TikTok does not currently allow this account to post.',
  spam_risk_text: 'TikTok took the caption for spam.',
  spam_risk: 'TikTok took the post for spam.',
};

export type TikTokPublisherOptions = PlatformHttpOptions & {
  /** Preferred bytes per chunk, kept within TikTok's 5 to 64 MB. */
  chunkBytes?: number;
  /** The time limit of one chunk's request (the other calls keep `timeoutMs`). */
  uploadTimeoutMs?: number;
  /** How long to wait before looking at TikTok's processing again. */
  pollAfterMs?: number;
};

/** What a TikTok publication keeps between steps (and across crashes). */
type TikTokCheckpoint = {
  publishId: string;
  /** A capability to write the upload, kept sealed. */
  uploadUrl: string;
  /** When TikTok gave the upload URL (ms since 1970). */
  uploadUrlAt: number;
  videoSize: number;
  chunkSize: number;
  chunkCount: number;
  /** Bytes TikTok confirmed. */
  uploadedBytes: number;
  /** TikTok has every byte: from now on only the status is looked at. */
  uploaded: boolean;
  /** The creator's @username, for the post's link. */
  username: string;
  privacyLevel: TikTokPrivacyLevel;
  /** Told to the member once posted (posted as "Only me", say). */
  note?: string;
};

type TikTokStatus = {
  status: string;
  failReason: string | undefined;
  postIds: string[];
  uploadedBytes: number | undefined;
};

const label = PLATFORM_LABELS.tiktok;

/** TikTok's chunking for a file: whole under 5 MB, else chunks of 5–64 MB, the last the rest. */
export function tiktokChunks(
  videoSize: number,
  preferred = TIKTOK_DEFAULT_CHUNK_BYTES,
): { chunkSize: number; chunkCount: number } {
  const preferredSize = Math.min(
    Math.max(preferred, TIKTOK_MIN_CHUNK_BYTES),
    TIKTOK_MAX_CHUNK_BYTES,
  );
  // Whole: under 5 MB it must be; up to one chunk's size (at most 64 MB) it may be.
  if (videoSize < TIKTOK_MIN_CHUNK_BYTES || videoSize <= preferredSize) {
    return { chunkSize: videoSize, chunkCount: 1 };
  }
  let chunkSize = preferredSize;
  if (Math.floor(videoSize / chunkSize) > MAX_CHUNKS) {
    chunkSize = Math.min(Math.ceil(videoSize / MAX_CHUNKS), TIKTOK_MAX_CHUNK_BYTES);
  }
  return { chunkSize, chunkCount: Math.floor(videoSize / chunkSize) };
}

/** The caption: title, description and #hashtags, within TikTok's 2,200 UTF-16 units. */
export function tiktokCaption(post: PostDetails): string {
  const hashtags = post.hashtags.map((tag) => `#${tag}`).join(' ');
  const caption = [post.title.trim(), post.description.trim(), hashtags]
    .filter(Boolean)
    .join('\n\n');
  if (caption.length <= TIKTOK_CAPTION_MAX) return caption;
  // Never half of a surrogate pair.
  const cut = caption.slice(0, TIKTOK_CAPTION_MAX);
  return /[\uD800-\uDBFF]$/u.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The audience a post goes to: the member's TikTok choice, or their privacy mapped onto what the
 * creator may choose. An unaudited app's creators may only post privately: then "Only me", said.
 */
export function tiktokPrivacy(
  post: Pick<PostDetails, 'privacy' | 'tiktokPrivacyLevel'>,
  offered: readonly TikTokPrivacyLevel[],
): { level: TikTokPrivacyLevel; note?: string } {
  if (post.tiktokPrivacyLevel) {
    if (!offered.includes(post.tiktokPrivacyLevel)) {
      throw new PlatformError(TIKTOK_PUBLISH_MESSAGES.levelNotOffered(post.tiktokPrivacyLevel), {
        status: null,
        transient: false,
      });
    }
    return { level: post.tiktokPrivacyLevel };
  }
  const wanted: Record<Privacy, TikTokPrivacyLevel[]> = {
    public: ['PUBLIC_TO_EVERYONE'],
    unlisted: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS'],
    private: ['SELF_ONLY'],
  };
  const level = wanted[post.privacy].find((candidate) => offered.includes(candidate));
  if (level) return { level };
  if (offered.includes('SELF_ONLY')) {
    return { level: 'SELF_ONLY', note: TIKTOK_PUBLISH_MESSAGES.selfOnlyNote };
  }
  throw new PlatformError(TIKTOK_PUBLISH_MESSAGES.noAudience, { status: null, transient: false });
}

export function createTikTokPublisher(
  settings: Pick<PlatformAuthSettings, 'apiBaseUrl'> = {},
  options: TikTokPublisherOptions = {},
): Publisher & TikTokCreatorInfoSource {
  const apiBaseUrl = baseUrl(settings.apiBaseUrl, TIKTOK_DEFAULTS.apiBaseUrl);
  const preferredChunk = options.chunkBytes ?? TIKTOK_DEFAULT_CHUNK_BYTES;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? TIKTOK_UPLOAD_TIMEOUT_MS;
  const pollAfterMs = options.pollAfterMs ?? TIKTOK_POLL_AFTER_MS;

  /** A JSON call to the API; a v2 error (which may come with HTTP 200) is thrown as one. */
  async function call(
    path: string,
    accessToken: string,
    json: unknown,
    signal: AbortSignal | undefined,
    extra: { secrets?: string[]; exactIntegers?: boolean } = {},
  ): Promise<PlatformAnswer> {
    const answer = await requestPlatform(
      label,
      `${apiBaseUrl}${path}`,
      {
        method: 'POST',
        bearer: accessToken,
        // creator_info/query takes no body, only the JSON Content-Type.
        ...(json === undefined ? { headers: { 'content-type': JSON_CONTENT_TYPE } } : { json }),
        secrets: [accessToken, ...(extra.secrets ?? [])],
        signal,
        exactIntegers: extra.exactIntegers,
      },
      options,
    );
    const code = stringField(field(answer.body, 'error'), 'code');
    if (!answer.ok || (code !== undefined && code !== 'ok')) throw tiktokError(answer, code);
    return answer;
  }

  async function creatorInfo(
    accessToken: string,
    signal?: AbortSignal,
  ): Promise<TikTokCreatorInfo> {
    const answer = await call(
      '/v2/post/publish/creator_info/query/',
      accessToken,
      undefined,
      signal,
    );
    const data = field(answer.body, 'data');
    const username = stringField(data, 'creator_username');
    if (!username) throw unreadableAnswer(label, answer);
    const options = field(data, 'privacy_level_options');
    return {
      nickname: stringField(data, 'creator_nickname') ?? username,
      username,
      avatarUrl: stringField(data, 'creator_avatar_url') ?? null,
      privacyLevelOptions: Array.isArray(options)
        ? TIKTOK_PRIVACY_LEVELS.filter((level) => options.includes(level))
        : [],
      maxVideoPostDurationSec: numberField(data, 'max_video_post_duration_sec') ?? null,
      commentDisabled: field(data, 'comment_disabled') === true,
      duetDisabled: field(data, 'duet_disabled') === true,
      stitchDisabled: field(data, 'stitch_disabled') === true,
    };
  }

  async function fetchStatus(input: PublishInput, publishId: string): Promise<TikTokStatus> {
    const answer = await call(
      '/v2/post/publish/status/fetch/',
      input.accessToken,
      { publish_id: publishId },
      input.signal,
      { exactIntegers: true },
    );
    const data = field(answer.body, 'data');
    const status = stringField(data, 'status');
    if (!status) throw unreadableAnswer(label, answer);
    // (sic): TikTok spells it "publicaly".
    const ids = field(data, 'publicaly_available_post_id');
    return {
      status,
      failReason: stringField(data, 'fail_reason'),
      postIds: Array.isArray(ids) ? ids.map(String).filter(Boolean) : [],
      uploadedBytes: numberField(data, 'uploaded_bytes'),
    };
  }

  /** Creator info, the checks TikTok asks for, then init: the new post's checkpoint, saved. */
  async function init(input: PublishInput): Promise<TikTokCheckpoint> {
    const creator = await creatorInfo(input.accessToken, input.signal);
    const duration = input.file.durationSeconds;
    const max = creator.maxVideoPostDurationSec;
    if (duration !== null && max !== null && duration > max) {
      throw new PlatformError(TIKTOK_PUBLISH_MESSAGES.tooLong(duration, max), {
        status: null,
        transient: false,
      });
    }
    const privacy = tiktokPrivacy(input.post, creator.privacyLevelOptions);
    const videoSize = input.file.bytes;
    const { chunkSize, chunkCount } = tiktokChunks(videoSize, preferredChunk);
    const answer = await call(
      '/v2/post/publish/video/init/',
      input.accessToken,
      {
        post_info: {
          title: tiktokCaption(input.post),
          privacy_level: privacy.level,
          // Off where the creator turned it off in TikTok, or chose not to allow it here.
          disable_comment: creator.commentDisabled || input.post.tiktokAllow?.comment === false,
          disable_duet: creator.duetDisabled || input.post.tiktokAllow?.duet === false,
          disable_stitch: creator.stitchDisabled || input.post.tiktokAllow?.stitch === false,
          video_cover_timestamp_ms: 1000,
        },
        source_info: {
          source: 'FILE_UPLOAD',
          video_size: videoSize,
          chunk_size: chunkSize,
          total_chunk_count: chunkCount,
        },
      },
      input.signal,
    );
    const data = field(answer.body, 'data');
    const publishId = stringField(data, 'publish_id');
    const uploadUrl = stringField(data, 'upload_url');
    if (!publishId || !uploadUrl) throw unreadableAnswer(label, answer);
    const checkpoint: TikTokCheckpoint = {
      publishId,
      uploadUrl,
      uploadUrlAt: Date.now(),
      videoSize,
      chunkSize,
      chunkCount,
      uploadedBytes: 0,
      uploaded: false,
      username: creator.username,
      privacyLevel: privacy.level,
      ...(privacy.note ? { note: privacy.note } : {}),
    };
    // Saved before any byte goes: a crash from here on finds this post again.
    await input.save(checkpoint, 0);
    return checkpoint;
  }

  /** Sends the chunks from `fromChunk` on, saving each TikTok confirmed. */
  async function uploadFrom(
    input: PublishInput,
    start: TikTokCheckpoint,
    fromChunk: number,
  ): Promise<TikTokCheckpoint> {
    let checkpoint = start;
    let interruptions = 0;
    for (let index = fromChunk; index < checkpoint.chunkCount; ) {
      input.signal.throwIfAborted();
      const first = index * checkpoint.chunkSize;
      const last =
        index === checkpoint.chunkCount - 1
          ? checkpoint.videoSize - 1
          : first + checkpoint.chunkSize - 1;
      let answer: PlatformAnswer;
      try {
        answer = await requestPlatform(
          label,
          checkpoint.uploadUrl,
          {
            method: 'PUT',
            stream: await input.file.read({ start: first, end: last }),
            headers: {
              'content-type': input.file.contentType,
              'content-length': String(last - first + 1),
              'content-range': `bytes ${first}-${last}/${checkpoint.videoSize}`,
            },
            secrets: [input.accessToken, ...uploadUrlSecrets(checkpoint.uploadUrl)],
            signal: input.signal,
            timeoutMs: uploadTimeoutMs,
          },
          options,
        );
      } catch (error) {
        // A cut: TikTok keeps whole chunks only, so this one goes again.
        const passing =
          error instanceof PlatformError &&
          error.details.transient &&
          error.details.status === null;
        if (!passing || interruptions >= MAX_INTERRUPTIONS) throw error;
        interruptions += 1;
        continue;
      }
      if (!answer.ok) throw tiktokError(answer, stringField(field(answer.body, 'error'), 'code'));
      const done = index === checkpoint.chunkCount - 1 || answer.status === 201;
      const uploadedBytes = done ? checkpoint.videoSize : last + 1;
      checkpoint = { ...checkpoint, uploadedBytes, uploaded: done };
      await input.save(checkpoint, uploadedBytes);
      if (done) break;
      index += 1;
    }
    return checkpoint;
  }

  /** Where TikTok's processing stands, as a step. */
  async function poll(input: PublishInput, saved: TikTokCheckpoint, known?: TikTokStatus) {
    const status = known ?? (await fetchStatus(input, saved.publishId));
    return readStatus(saved, status, input.accountName);
  }

  function readStatus(
    saved: TikTokCheckpoint,
    status: TikTokStatus,
    accountName: string,
  ): PublishStep {
    const username = saved.username || accountName;
    const profile = `https://www.tiktok.com/@${username}`;
    switch (status.status) {
      case 'PUBLISH_COMPLETE': {
        const postId = status.postIds[0];
        if (postId) {
          return {
            state: 'published',
            postId,
            postUrl: `${profile}/video/${postId}`,
            ...(saved.note ? { note: saved.note } : {}),
          };
        }
        const note =
          saved.note ??
          (saved.privacyLevel === 'PUBLIC_TO_EVERYONE'
            ? TIKTOK_PUBLISH_MESSAGES.reviewNoLink
            : TIKTOK_PUBLISH_MESSAGES.privateNoLink);
        return { state: 'published', postId: saved.publishId, postUrl: profile, note };
      }
      case 'SEND_TO_USER_INBOX':
        return {
          state: 'published',
          postId: saved.publishId,
          postUrl: profile,
          note: TIKTOK_PUBLISH_MESSAGES.inbox,
        };
      case 'FAILED': {
        const reason = status.failReason ?? '';
        throw new PlatformError(
          TIKTOK_PUBLISH_MESSAGES.failed(FAIL_REASONS[reason] ?? `${reason || 'no reason given'}.`),
          { status: null, transient: false, cause: `fail_reason: ${reason || 'none'}` },
        );
      }
      default:
        // PROCESSING_UPLOAD, PROCESSING_DOWNLOAD: TikTok is still at it.
        return { state: 'processing', checkpoint: saved, pollAfterMs };
    }
  }

  /**
   * A post whose upload a crash may have cut: TikTok says how far it got. Uploaded (or beyond):
   * follow it. Not: go on from the last whole chunk while the URL lasts; else, or if TikTok gave
   * it up, start a new post, which is safe: an upload never completed never posts.
   */
  async function resume(input: PublishInput, saved: TikTokCheckpoint): Promise<PublishStep> {
    const status = await fetchStatus(input, saved.publishId);
    const received = status.uploadedBytes ?? saved.uploadedBytes;
    const complete = received >= saved.videoSize;
    if (status.status === 'FAILED' && complete) return readStatus(saved, status, input.accountName);
    if (status.status !== 'FAILED' && (status.status !== 'PROCESSING_UPLOAD' || complete)) {
      const checkpoint = { ...saved, uploadedBytes: saved.videoSize, uploaded: true };
      await input.save(checkpoint, saved.videoSize);
      return poll(input, checkpoint, status);
    }
    let checkpoint: TikTokCheckpoint;
    let fromChunk = 0;
    if (status.status === 'FAILED' || Date.now() - saved.uploadUrlAt >= UPLOAD_URL_LIFETIME_MS) {
      checkpoint = await init(input);
    } else {
      checkpoint = saved;
      fromChunk = Math.min(Math.floor(received / saved.chunkSize), saved.chunkCount - 1);
    }
    return finishUpload(await uploadFrom(input, checkpoint, fromChunk));
  }

  async function finishUpload(checkpoint: TikTokCheckpoint): Promise<PublishStep> {
    if (!checkpoint.uploaded) {
      throw new PlatformError(PLATFORM_MESSAGES.busy(label, 206), { status: 206, transient: true });
    }
    return { state: 'processing', checkpoint, pollAfterMs };
  }

  return {
    platform: 'tiktok',
    creatorInfo,

    async step(input) {
      const saved = readCheckpoint(input.checkpoint);
      if (saved?.uploaded) return poll(input, saved);
      if (saved) return resume(input, saved);
      return finishUpload(await uploadFrom(input, await init(input), 0));
    },
  };
}

function readCheckpoint(checkpoint: PublishCheckpoint | null): TikTokCheckpoint | null {
  if (!checkpoint) return null;
  const publishId = stringField(checkpoint, 'publishId');
  const uploadUrl = stringField(checkpoint, 'uploadUrl');
  const videoSize = numberField(checkpoint, 'videoSize');
  const chunkSize = numberField(checkpoint, 'chunkSize');
  const chunkCount = numberField(checkpoint, 'chunkCount');
  if (!publishId || !uploadUrl || !videoSize || !chunkSize || !chunkCount) return null;
  const level = stringField(checkpoint, 'privacyLevel');
  const note = stringField(checkpoint, 'note');
  return {
    publishId,
    uploadUrl,
    uploadUrlAt: numberField(checkpoint, 'uploadUrlAt') ?? 0,
    videoSize,
    chunkSize,
    chunkCount,
    uploadedBytes: numberField(checkpoint, 'uploadedBytes') ?? 0,
    uploaded: checkpoint.uploaded === true,
    username: stringField(checkpoint, 'username') ?? '',
    privacyLevel: TIKTOK_PRIVACY_LEVELS.find((candidate) => candidate === level) ?? 'SELF_ONLY',
    ...(note ? { note } : {}),
  };
}

/**
 * A v2 API error ({error: {code, message, log_id}}, sometimes with HTTP 200): a refused token;
 * passing limits and outages; TikTok's refusals, each in words the member can act on.
 */
function tiktokError(answer: PlatformAnswer, code: string | undefined): PlatformError {
  const final = (message: string) => platformError(label, answer, { message, transient: false });
  switch (code) {
    case 'access_token_invalid':
      return platformError(label, answer, {
        message: PLATFORM_MESSAGES.reconnect(label),
        transient: false,
        revoked: true,
      });
    case 'scope_not_authorized':
    case 'scope_permission_missed':
      return final(TIKTOK_SCOPE_MESSAGE);
    case 'rate_limit_exceeded':
    case 'internal_error':
      return platformError(label, answer, { transient: true });
    case 'spam_risk_too_many_posts':
      return final(TIKTOK_PUBLISH_MESSAGES.dailyPosts);
    case 'spam_risk_user_banned_from_posting':
      return final(TIKTOK_PUBLISH_MESSAGES.banned);
    case 'reached_active_user_cap':
      return final(TIKTOK_PUBLISH_MESSAGES.userCap);
    case 'unaudited_client_can_only_post_to_private_accounts':
      return final(TIKTOK_PUBLISH_MESSAGES.unaudited);
    case 'privacy_level_option_mismatch':
      return final(TIKTOK_PUBLISH_MESSAGES.levelMismatch);
    case 'url_ownership_unverified':
      return final(TIKTOK_PUBLISH_MESSAGES.urlOwnership);
    case 'invalid_file_upload':
      return final(TIKTOK_PUBLISH_MESSAGES.invalidFile);
    case 'invalid_param':
    case 'invalid_params':
      // TikTok's own words go to the cause only: they are for an operator, not the member.
      return final(TIKTOK_PUBLISH_MESSAGES.invalidPost);
    default:
      return platformError(label, answer);
  }
}
