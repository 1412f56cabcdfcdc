// YouTube's side of publishing: a resumable videos.insert (the session opened with the metadata,
// the bytes sent in chunks, resumed from what Google kept after a cut or a crash), then
// videos.list until YouTube has processed the video. A portrait video under a minute is a Short.
// Docs: https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol (the
// session POST, Location, PUTs with Content-Range, 308 Resume Incomplete with Range, the status
// query `bytes */total`, 404 for an expired session), https://developers.google.com/youtube/v3/docs/videos/insert,
// https://developers.google.com/youtube/v3/docs/videos/list (status.uploadStatus, rejectionReason,
// failureReason, processingDetails) and https://developers.google.com/youtube/v3/docs/errors.
import type { Privacy } from '../../../../shared/schemas/publishing';
import { PLATFORM_LABELS } from '../../../../shared/schemas/publishing';
import {
  baseUrl,
  field,
  isRecord,
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
} from './oauth-http';
import { PlatformError } from './platform';
import type {
  PostDetails,
  PublishCheckpoint,
  PublishedFile,
  Publisher,
  PublishInput,
  PublishStep,
} from './publisher';
import { YOUTUBE_DEFAULTS, YOUTUBE_NO_CHANNEL_MESSAGE, YOUTUBE_QUOTA_MESSAGE } from './youtube';

/** Google takes chunks in multiples of 256 KiB (all but the last). */
export const YOUTUBE_CHUNK_GRANULE = 256 * 1024;
export const YOUTUBE_DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
/** One chunk of 8 MiB at a slow 1 Mbit/s takes about 70 s: five minutes leaves room. */
export const YOUTUBE_UPLOAD_TIMEOUT_MS = 5 * 60_000;
/** Processing a short video takes YouTube tens of seconds to minutes. */
export const YOUTUBE_POLL_AFTER_MS = 30_000;
/** People & Blogs: YouTube's usual category for creators' uploads. */
const CATEGORY_ID = '22';
const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5000;
/** Cuts or server errors in one step before it gives the rest to a later try. */
const MAX_INTERRUPTIONS = 3;

export const YOUTUBE_PUBLISH_MESSAGES = {
  uploadLimit:
    'This YouTube channel has reached its daily upload limit. Please try again tomorrow.',
  permission:
    'YouTube did not let Reelforge upload to this channel. Please connect YouTube again and allow uploads.',
  metadata:
    "YouTube refused the post's title, description or tags. Please change them and try again.",
  deleted: 'The video is no longer on YouTube: it was deleted there before it was published.',
  sessionLost:
    'YouTube no longer knows this upload, and it may have been posted already. Please check your YouTube channel before publishing again.',
  privateNote:
    "YouTube kept this video private: YouTube makes uploads from Reelforge private until Reelforge's app passes YouTube's audit. You can change who can see it in YouTube Studio.",
  rejected: (reason: string) => `YouTube rejected the video: ${reason}`,
  failed: (reason: string) => `YouTube could not process the video: ${reason}`,
} as const;

/** status.rejectionReason in words. */
const REJECTION_REASONS: Record<string, string> = {
  claim: 'it matches content someone else claimed.',
  copyright: 'it infringes copyright.',
  duplicate: 'it duplicates a video already on the channel.',
  inappropriate: "it breaks YouTube's community guidelines.",
  legal: 'of a legal complaint.',
  length: 'it is longer than this channel may upload.',
  termsOfUse: "it breaks YouTube's terms of service.",
  trademark: 'it infringes a trademark.',
  uploaderAccountClosed: 'the channel was closed.',
  uploaderAccountSuspended: 'the channel is suspended.',
};

/** status.failureReason in words. */
const FAILURE_REASONS: Record<string, string> = {
  codec: 'its codec is not supported.',
  conversion: 'it could not be converted.',
  emptyFile: 'the file was empty.',
  invalidFile: 'the file is not a video YouTube can read.',
  tooSmall: 'the file is too small.',
  uploadAborted: 'the upload was cut short.',
};

export type YouTubePublisherOptions = PlatformHttpOptions & {
  /** Bytes per upload request: a multiple of 256 KiB. */
  chunkBytes?: number;
  /** The time limit of one chunk's request (the other calls keep `timeoutMs`). */
  uploadTimeoutMs?: number;
  /** How long to wait before looking at YouTube's processing again. */
  pollAfterMs?: number;
};

/** What a YouTube publication keeps between steps (and across crashes). */
type YouTubeCheckpoint = {
  /** Whether it goes up as a Short, and what the member asked for, as decided at the start. */
  short: boolean;
  privacy: Privacy;
  /** The resumable session: a capability to write the video, kept sealed. */
  sessionUrl?: string;
  /** Bytes Google confirmed. */
  uploadedBytes?: number;
  /** The last chunk went out once: this session may have made the video. */
  lastChunkSent?: boolean;
  videoId?: string;
};

const label = PLATFORM_LABELS.youtube;

/** Shorts: vertical videos under a minute (YouTube takes longer ones as Shorts too, now). */
export function isYouTubeShort(file: Pick<PublishedFile, 'aspectRatio' | 'durationSeconds'>) {
  return (
    file.aspectRatio === 'portrait' && file.durationSeconds !== null && file.durationSeconds < 60
  );
}

/** videos.insert's snippet: no `<` or `>` anywhere, a title of 100 characters at most. */
export function youtubeSnippet(post: PostDetails, short: boolean) {
  const title = clipCharacters(withoutAngles(post.title).trim(), TITLE_MAX) || 'Untitled';
  const tags = distinct([...post.hashtags, ...(short ? ['Shorts'] : [])]);
  const hashtagLine = tags.map((tag) => `#${tag}`).join(' ');
  // The hashtags stay whole: the description gives way if the two are too long together.
  const room = DESCRIPTION_MAX_BYTES - Buffer.byteLength(hashtagLine) - 2;
  const text = clipBytes(withoutAngles(post.description).trim(), Math.max(0, room));
  const description = [text, hashtagLine].filter(Boolean).join('\n\n');
  return { title, description, tags, categoryId: CATEGORY_ID };
}

export function createYouTubePublisher(
  settings: Pick<PlatformAuthSettings, 'apiBaseUrl'> = {},
  options: YouTubePublisherOptions = {},
): Publisher {
  const apiBaseUrl = baseUrl(settings.apiBaseUrl, YOUTUBE_DEFAULTS.apiBaseUrl);
  const chunkBytes = options.chunkBytes ?? YOUTUBE_DEFAULT_CHUNK_BYTES;
  if (chunkBytes <= 0 || chunkBytes % YOUTUBE_CHUNK_GRANULE !== 0) {
    throw new Error('YouTube upload chunks must be a multiple of 256 KiB.');
  }
  const uploadTimeoutMs = options.uploadTimeoutMs ?? YOUTUBE_UPLOAD_TIMEOUT_MS;
  const pollAfterMs = options.pollAfterMs ?? YOUTUBE_POLL_AFTER_MS;

  /** Opens a resumable session for the file and answers its URL. */
  async function openSession(input: PublishInput, saved: YouTubeCheckpoint): Promise<string> {
    const url = `${apiBaseUrl}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`;
    const answer = await requestPlatform(
      label,
      url,
      {
        method: 'POST',
        bearer: input.accessToken,
        json: {
          snippet: youtubeSnippet(input.post, saved.short),
          status: { privacyStatus: saved.privacy, selfDeclaredMadeForKids: false },
        },
        headers: {
          'x-upload-content-length': String(input.file.bytes),
          'x-upload-content-type': input.file.contentType,
        },
        secrets: [input.accessToken],
        signal: input.signal,
      },
      options,
    );
    if (!answer.ok) throw youtubeError(answer);
    const location = answer.headers.get('location');
    if (!location) throw unreadableAnswer(label, answer);
    return new URL(location, url).toString();
  }

  /** Where an upload stands at Google: the video made, bytes to go on from, or gone. */
  async function askSession(
    input: PublishInput,
    sessionUrl: string,
  ): Promise<{ videoId: string } | { offset: number } | 'expired'> {
    const answer = await requestPlatform(
      label,
      sessionUrl,
      {
        method: 'PUT',
        bearer: input.accessToken,
        headers: { 'content-range': `bytes */${input.file.bytes}` },
        secrets: [input.accessToken, ...uploadUrlSecrets(sessionUrl)],
        signal: input.signal,
      },
      options,
    );
    return readUploadAnswer(answer);
  }

  /** One chunk, streamed from the file. */
  async function sendChunk(
    input: PublishInput,
    sessionUrl: string,
    start: number,
    end: number,
  ): Promise<PlatformAnswer> {
    return requestPlatform(
      label,
      sessionUrl,
      {
        method: 'PUT',
        bearer: input.accessToken,
        stream: await input.file.read({ start, end }),
        headers: {
          'content-type': input.file.contentType,
          'content-length': String(end - start + 1),
          'content-range': `bytes ${start}-${end}/${input.file.bytes}`,
        },
        secrets: [input.accessToken, ...uploadUrlSecrets(sessionUrl)],
        signal: input.signal,
        timeoutMs: uploadTimeoutMs,
      },
      options,
    );
  }

  /**
   * Sends the file through the session from `offset` (null: ask Google first), saving what Google
   * confirmed after each chunk. Answers the video's id, or 'expired' when the session is gone.
   */
  async function sendFrom(
    input: PublishInput,
    start: YouTubeCheckpoint & { sessionUrl: string },
    from: number | null,
  ): Promise<{ videoId: string } | 'expired'> {
    const total = input.file.bytes;
    let checkpoint = start;
    let interruptions = 0;
    let offset = from;
    for (;;) {
      input.signal.throwIfAborted();
      if (offset === null) {
        const found = await askSession(input, checkpoint.sessionUrl);
        if (found === 'expired' || 'videoId' in found) return found;
        offset = found.offset;
      }
      if (offset >= total) {
        // Every byte kept, yet no video: Google has not caught up. Ask again on a later try.
        throw new PlatformError(PLATFORM_MESSAGES.busy(label, 308), {
          status: 308,
          transient: true,
        });
      }
      const end = Math.min(offset + chunkBytes, total) - 1;
      if (end === total - 1 && !checkpoint.lastChunkSent) {
        // From here on, this session may make the video: a lost session must not be replaced.
        checkpoint = { ...checkpoint, lastChunkSent: true };
        await input.save(checkpoint, offset);
      }
      let answer: PlatformAnswer;
      try {
        answer = await sendChunk(input, checkpoint.sessionUrl, offset, end);
      } catch (error) {
        // A cut or a timeout: Google kept some of it. Ask how much, and go on from there.
        if (!isPassing(error) || interruptions >= MAX_INTERRUPTIONS) throw error;
        interruptions += 1;
        offset = null;
        continue;
      }
      if (isTransientStatus(answer.status) && answer.status !== 429) {
        // Google's advice for a 5xx during an upload: ask where it stands, then resume.
        if (interruptions >= MAX_INTERRUPTIONS) throw youtubeError(answer);
        interruptions += 1;
        offset = null;
        continue;
      }
      const read = readUploadAnswer(answer);
      if (read === 'expired' || 'videoId' in read) return read;
      if (read.offset <= offset) {
        // Nothing of the chunk kept: count it as a cut, so a stuck upload cannot loop.
        if (interruptions >= MAX_INTERRUPTIONS) throw youtubeError(answer);
        interruptions += 1;
      }
      offset = read.offset;
      checkpoint = { ...checkpoint, uploadedBytes: offset };
      await input.save(checkpoint, offset);
    }
  }

  /** Uploads the file, resuming the saved session if there is one; answers the video's id. */
  async function upload(input: PublishInput, saved: YouTubeCheckpoint): Promise<string> {
    let checkpoint = saved;
    let resuming = checkpoint.sessionUrl !== undefined;
    for (let sessions = 0; ; sessions += 1) {
      let sessionUrl = checkpoint.sessionUrl;
      if (!sessionUrl) {
        sessionUrl = await openSession(input, checkpoint);
        // Saved before any byte goes: a crash from here on finds this session again.
        checkpoint = {
          short: checkpoint.short,
          privacy: checkpoint.privacy,
          sessionUrl,
          uploadedBytes: 0,
        };
        await input.save(checkpoint, 0);
      }
      const outcome = await sendFrom(input, { ...checkpoint, sessionUrl }, resuming ? null : 0);
      if (outcome !== 'expired') return outcome.videoId;
      // The session expired (a week after it opened). A video can only come of a session that
      // got its last byte: any other is safe to replace; that one may have posted already.
      if (checkpoint.lastChunkSent) {
        throw new PlatformError(YOUTUBE_PUBLISH_MESSAGES.sessionLost, {
          status: 404,
          transient: false,
        });
      }
      if (sessions > 0) {
        throw new PlatformError(PLATFORM_MESSAGES.busy(label, 404), {
          status: 404,
          transient: true,
        });
      }
      checkpoint = { short: checkpoint.short, privacy: checkpoint.privacy };
      resuming = false;
    }
  }

  /** Looks at YouTube's processing of an uploaded video. */
  async function checkProcessing(
    input: PublishInput,
    saved: YouTubeCheckpoint & { videoId: string },
  ): Promise<PublishStep> {
    const answer = await requestPlatform(
      label,
      `${apiBaseUrl}/youtube/v3/videos?part=status,processingDetails&id=${encodeURIComponent(saved.videoId)}`,
      {
        method: 'GET',
        bearer: input.accessToken,
        secrets: [input.accessToken],
        signal: input.signal,
      },
      options,
    );
    if (!answer.ok) throw youtubeError(answer);
    const items = field(answer.body, 'items') ?? [];
    if (!Array.isArray(items)) throw unreadableAnswer(label, answer);
    const video: unknown = items[0];
    if (video === undefined) {
      throw new PlatformError(YOUTUBE_PUBLISH_MESSAGES.deleted, {
        status: answer.status,
        transient: false,
      });
    }
    const status = field(video, 'status');
    const uploadStatus = stringField(status, 'uploadStatus');
    switch (uploadStatus) {
      case 'processed': {
        const kept = stringField(status, 'privacyStatus');
        const forcedPrivate = saved.privacy !== 'private' && kept === 'private';
        return {
          state: 'published',
          postId: saved.videoId,
          postUrl: saved.short
            ? `https://www.youtube.com/shorts/${saved.videoId}`
            : `https://www.youtube.com/watch?v=${saved.videoId}`,
          ...(forcedPrivate ? { note: YOUTUBE_PUBLISH_MESSAGES.privateNote } : {}),
        };
      }
      case 'rejected': {
        const reason = stringField(status, 'rejectionReason') ?? '';
        throw new PlatformError(
          YOUTUBE_PUBLISH_MESSAGES.rejected(
            REJECTION_REASONS[reason] ?? `${reason || 'no reason given'}.`,
          ),
          { status: answer.status, transient: false, cause: answer.cause },
        );
      }
      case 'failed': {
        const reason = stringField(status, 'failureReason') ?? '';
        throw new PlatformError(
          YOUTUBE_PUBLISH_MESSAGES.failed(
            FAILURE_REASONS[reason] ?? `${reason || 'no reason given'}.`,
          ),
          { status: answer.status, transient: false, cause: answer.cause },
        );
      }
      case 'deleted':
        throw new PlatformError(YOUTUBE_PUBLISH_MESSAGES.deleted, {
          status: answer.status,
          transient: false,
        });
      case 'uploaded':
        return { state: 'processing', checkpoint: saved, pollAfterMs };
      default:
        throw unreadableAnswer(label, answer);
    }
  }

  return {
    platform: 'youtube',

    async step(input) {
      const saved = readCheckpoint(input.checkpoint) ?? {
        short: isYouTubeShort(input.file),
        privacy: input.post.privacy,
      };
      if (saved.videoId) return checkProcessing(input, { ...saved, videoId: saved.videoId });
      const videoId = await upload(input, saved);
      const checkpoint: YouTubeCheckpoint = { short: saved.short, privacy: saved.privacy, videoId };
      await input.save(checkpoint, input.file.bytes);
      return { state: 'processing', checkpoint, pollAfterMs };
    },
  };
}

/** A chunk's or a status query's answer: the video (200/201), the range kept (308), or gone. */
function readUploadAnswer(
  answer: PlatformAnswer,
): { videoId: string } | { offset: number } | 'expired' {
  if (answer.status === 200 || answer.status === 201) {
    const videoId = stringField(answer.body, 'id');
    if (!videoId) throw unreadableAnswer(label, answer);
    return { videoId };
  }
  if (answer.status === 308) {
    // `Range: bytes=0-N`: N+1 bytes kept. None kept: no Range at all.
    const kept = /^bytes=0-(\d+)$/u.exec(answer.headers.get('range') ?? '');
    return { offset: kept?.[1] === undefined ? 0 : Number(kept[1]) + 1 };
  }
  if (answer.status === 404 || answer.status === 410) return 'expired';
  throw youtubeError(answer);
}

function readCheckpoint(checkpoint: PublishCheckpoint | null): YouTubeCheckpoint | null {
  if (!checkpoint) return null;
  const privacy = stringField(checkpoint, 'privacy');
  return {
    short: checkpoint.short === true,
    privacy: privacy === 'public' || privacy === 'unlisted' ? privacy : 'private',
    sessionUrl: stringField(checkpoint, 'sessionUrl'),
    uploadedBytes: numberField(checkpoint, 'uploadedBytes'),
    lastChunkSent: checkpoint.lastChunkSent === true,
    videoId: stringField(checkpoint, 'videoId'),
  };
}

function isPassing(error: unknown): boolean {
  return error instanceof PlatformError && error.details.transient && error.details.status === null;
}

/**
 * A Data API error ({error: {code, message, errors: [{reason}]}}): 401 is a refused access token;
 * the daily quota and the channel's upload limit last until the next day; rate limits pass.
 * https://developers.google.com/youtube/v3/docs/errors
 */
function youtubeError(answer: PlatformAnswer): PlatformError {
  const errors = field(field(answer.body, 'error'), 'errors');
  const reason = Array.isArray(errors) && isRecord(errors[0]) ? errors[0].reason : undefined;
  if (answer.status === 401) {
    return platformError(label, answer, {
      message: PLATFORM_MESSAGES.reconnect(label),
      transient: false,
      revoked: true,
    });
  }
  switch (reason) {
    case 'quotaExceeded':
      return platformError(label, answer, { message: YOUTUBE_QUOTA_MESSAGE, transient: false });
    case 'uploadLimitExceeded':
      return platformError(label, answer, {
        message: YOUTUBE_PUBLISH_MESSAGES.uploadLimit,
        transient: false,
      });
    case 'rateLimitExceeded':
    case 'userRateLimitExceeded':
      return platformError(label, answer, { transient: true });
    case 'insufficientPermissions':
    case 'forbidden':
      return platformError(label, answer, {
        message: YOUTUBE_PUBLISH_MESSAGES.permission,
        transient: false,
      });
    case 'youtubeSignupRequired':
      return platformError(label, answer, {
        message: YOUTUBE_NO_CHANNEL_MESSAGE,
        transient: false,
      });
    case 'invalidTitle':
    case 'invalidDescription':
    case 'invalidTags':
    case 'invalidCategoryId':
    case 'invalidVideoMetadata':
      return platformError(label, answer, {
        message: YOUTUBE_PUBLISH_MESSAGES.metadata,
        transient: false,
      });
    default:
      return platformError(label, answer);
  }
}

function withoutAngles(text: string): string {
  return text.replace(/[<>]/gu, '');
}

function distinct(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** At most `max` characters (code points, never half of one). */
function clipCharacters(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join('').trimEnd();
}

/** At most `max` UTF-8 bytes, cut between characters. */
function clipBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let kept = '';
  let bytes = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character);
    if (bytes > max) break;
    kept += character;
  }
  return kept.trimEnd();
}
