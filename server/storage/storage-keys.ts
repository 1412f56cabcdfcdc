// The one module that knows where media lives: every storage key (a member's uploads, a video's
// folder and the files in it, demo clips) and the `/media/{key}` address members reach it at.
// Everything else calls these functions; stored media is found again by exactly these keys.
import { randomUUID } from 'node:crypto';

/** A key is safe when it is a plain relative path: no `..`, no absolute part, no odd characters. */
const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export const MEDIA_URL_PREFIX = '/media/';

export function mediaUrl(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/**
 * The storage key behind one of our media addresses, or null for anything else. Only the exact
 * relative form mediaUrl() writes, '/media/{key}', is ours: a key is plain letters, digits and
 * `_.-/`, so anything else ('//host/…' and '\\host\…', which URL parsers read as another host, a full
 * URL, a query, a percent-encoded byte in any disguise) is refused without being parsed or decoded.
 */
export function keyFromMediaUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length);
  return isSafeKey(key) ? key : null;
}

/** The folder that holds one folder per member, named by the member's id. */
export const USERS_FOLDER = 'users';

/** Everything stored for one member (uploads, videos, scenes): deleted with their account. */
export function userMediaPrefix(userId: string): string {
  return `${USERS_FOLDER}/${userId}/`;
}

/** Whether `key` is stored for the member `userId` (theirs to read). */
export function isUserMediaKey(key: string, userId: string): boolean {
  return key.startsWith(userMediaPrefix(userId));
}

/** `users/{userId}/uploads/`: the member's uploaded images (logos, source and scene images). */
export function userUploadPrefix(userId: string): string {
  return `${userMediaPrefix(userId)}uploads/`;
}

/** A new upload's key, `users/{userId}/uploads/{uuid}.{extension}`, named for what it holds. */
export function newUploadKey(userId: string, extension: string): string {
  return `${userUploadPrefix(userId)}${randomUUID()}.${extension}`;
}

export function isUserUploadKey(key: string, userId: string): boolean {
  return key.startsWith(userUploadPrefix(userId));
}

/** `users/{userId}/watermark/`: the image of the member's own watermark (Elite), and only that. */
export function userWatermarkPrefix(userId: string): string {
  return `${userMediaPrefix(userId)}watermark/`;
}

/** A new watermark image's key, `users/{userId}/watermark/{uuid}.{extension}`. */
export function newWatermarkKey(userId: string, extension: 'png' | 'jpg'): string {
  return `${userWatermarkPrefix(userId)}${randomUUID()}.${extension}`;
}

function userVideosPrefix(userId: string): string {
  return `${userMediaPrefix(userId)}videos/`;
}

/**
 * One render attempt's folder, `users/{userId}/videos/{requestId}-{attempt}-{hash}/`: a fresh hash
 * each time, so a render taken over never writes into the folder of the one it replaced.
 */
export function videoPrefix(userId: string, requestId: number, attempt: number): string {
  return `${userVideosPrefix(userId)}${requestId}-${attempt}-${randomUUID().slice(0, 8)}/`;
}

/**
 * Where a video's rendered scene segments are kept, `users/{userId}/videos/{requestId}-segments/`
 * (`requestId`: the video's first request; its remixes share the folder), each under the hash of
 * everything that shaped it: `{hash}.mp4`, and the captions it shows as `{hash}.json`.
 */
export function segmentsPrefix(userId: string, rootRequestId: number): string {
  return `${userVideosPrefix(userId)}${rootRequestId}-segments/`;
}

export function segmentKeys(
  userId: string,
  rootRequestId: number,
  hash: string,
): { clip: string; cues: string } {
  const prefix = segmentsPrefix(userId, rootRequestId);
  return { clip: `${prefix}${hash}.mp4`, cues: `${prefix}${hash}.json` };
}

/** A scene's narration kept in a video's segments folder: `speech-{hash}.wav` and its words. */
export function spokenKeys(
  userId: string,
  rootRequestId: number,
  hash: string,
): { audio: string; words: string } {
  const prefix = segmentsPrefix(userId, rootRequestId);
  return { audio: `${prefix}speech-${hash}.wav`, words: `${prefix}speech-${hash}.json` };
}

/** A finished video's files in its folder (`videoPrefix`): the video, its thumbnail, its captions. */
export function videoFileKeys(prefix: string): {
  video: string;
  thumbnail: string;
  captions: string;
  chapters: string;
} {
  return {
    video: `${prefix}video.mp4`,
    thumbnail: `${prefix}thumbnail.jpg`,
    captions: `${prefix}captions.vtt`,
    chapters: `${prefix}chapters.vtt`,
  };
}

/**
 * Where a video model's clips (or pictures) for one attempt are kept while the video exists (a
 * remix asking the same of the model reuses them):
 * `users/{userId}/videos/{requestId}-{attempt}-generated/`.
 */
export function sourceClipPrefix(userId: string, requestId: number, attempt: number): string {
  return `${userVideosPrefix(userId)}${requestId}-${attempt}-generated/`;
}

/**
 * Scene `sceneNumber`'s clip in a folder: `scene-{n}.mp4` in a video's folder (`videoPrefix`), or
 * with the extension of what the provider sent in a source folder (`sourceClipPrefix`).
 */
export function sceneClipKey(prefix: string, sceneNumber: number, extension = 'mp4'): string {
  return `${prefix}scene-${sceneNumber}.${extension}`;
}

/**
 * The landing page's demo clips, one folder per renderer version (`demo-clips/{version}/`): a new
 * renderer writes new keys beside the old ones, so no node ever serves a half-replaced set.
 */
export const DEMO_CLIPS_PREFIX = 'demo-clips/';

export function demoClipFolder(rendererVersion: string): string {
  return `${DEMO_CLIPS_PREFIX}${rendererVersion}/`;
}

/** `demo-clips/{version}/{clipId}.mp4` for the clip, `.jpg` for its poster. */
export function demoClipKey(
  rendererVersion: string,
  clipId: string,
  file: 'video' | 'poster',
): string {
  return `${demoClipFolder(rendererVersion)}${clipId}.${file === 'video' ? 'mp4' : 'jpg'}`;
}
