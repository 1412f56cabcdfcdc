// Stores a member's uploaded image: at most 10 MB, counted while the bytes stream in (memory stays
// small), only when its first bytes say JPEG, PNG or GIF, at most 40 megapixels, and rewritten
// once when a render could not use it as sent: turned upright, resized, a GIF's first frame
// (media/images.ts). And a member's own short clip (MP4, MOV or WebM, at most 100 MB and 60 s,
// read by ffprobe) for a storyboard shot, in the same space.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS } from '../../../shared/limits';
import type { UploadClipResponse } from '../../../shared/schemas/videos';
import { normalizeTier, TIER_RULES, type Tier } from '../../../shared/tiers';
import { limitBytes } from '../../byte-limit';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import { AppError, PayloadTooLarge, ValidationFailed } from '../../errors';
import { UploadCutOff } from '../../http/multipart-errors';
import { probeMedia } from '../../media/ffmpeg';
import { checkAndFitImage, IMAGE_TOO_LARGE_MESSAGE } from '../../media/images';
import type { Storage } from '../../storage/storage';
import { mediaUrl, newUploadKey, USERS_FOLDER, userUploadPrefix } from '../../storage/storage-keys';
import { CLIP_SIGNATURE_BYTES, detectClipType } from './clip-type';
import { detectImageType, IMAGE_SIGNATURE_BYTES } from './image-type';
import type { UploadsRepository } from './repository';

/** The member's uploads fill their plan's space. */
class UploadQuotaFull extends AppError {
  constructor(message: string) {
    super('UPLOAD_QUOTA', 413, message);
  }
}

export const FILE_TOO_LARGE_MESSAGE = 'File too large';
export const INVALID_FILE_TYPE_MESSAGE = 'Invalid file type';

class TooLarge extends Error {}

/** Reads the stream's first `signatureBytes` (enough to know its type), then gives it back whole. */
async function sniff(
  stream: Readable,
  signatureBytes: number,
): Promise<{ head: Buffer; whole: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  // Plain listeners rather than for-await: leaving a for-await loop early destroys the stream.
  await new Promise<void>((resolve, reject) => {
    const cleanUp = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= signatureBytes) {
        stream.pause();
        cleanUp();
        resolve();
      }
    };
    const onEnd = () => {
      cleanUp();
      resolve();
    };
    const onError = (error: Error) => {
      cleanUp();
      // The parser may report a cut-off body twice; a second report must not go unheard.
      stream.on('error', () => {});
      reject(error);
    };
    // A body cut off before the file's closing boundary may have failed the stream already
    // (before anyone listened), or fails it by closing it without an end.
    const onClose = () => onError(stream.errored ?? new UploadCutOff());
    if (stream.destroyed) {
      onClose();
      return;
    }
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
  const head = Buffer.concat(chunks);
  const whole = new PassThrough();
  whole.write(head);
  // A body cut off later fails the upload (pipe would not pass the error on, and the copy would
  // wait forever); the parser may report it more than once, so the listener stays.
  stream.on('error', (error) => whole.destroy(error));
  stream.once('close', () => {
    if (!stream.readableEnded) whole.destroy(stream.errored ?? new UploadCutOff());
  });
  if (stream.readableEnded) whole.end();
  else stream.pipe(whole);
  return { head, whole };
}

/**
 * Writes the sniffed upload to `target`, at most `maxBytes` of it: past that (or past the parser's
 * own limit, one byte over ours) 'File too large'.
 */
async function receive(
  file: Readable,
  whole: Readable,
  target: string,
  maxBytes: number,
  isTruncated: () => boolean,
): Promise<void> {
  try {
    await pipeline(
      whole,
      limitBytes(maxBytes, () => new TooLarge()),
      createWriteStream(target),
    );
  } catch (error) {
    // The part of the upload the parser has not handed us yet must still be drained.
    file.resume();
    if (error instanceof TooLarge || isTruncated()) {
      throw new PayloadTooLarge(FILE_TOO_LARGE_MESSAGE);
    }
    throw error;
  }
  if (isTruncated()) throw new PayloadTooLarge(FILE_TOO_LARGE_MESSAGE);
}

export const CLIP_TOO_LONG_MESSAGE = `Clips can be at most ${LIMITS.clipMaxSeconds} seconds long.`;

/**
 * How far past the limit a clip's reported duration may go: a container's duration runs a few
 * hundredths of a second past the last frame (audio priming and padding), so a clip trimmed to
 * exactly 60 s often probes as 60.02 s.
 */
const CLIP_DURATION_TOLERANCE_SECONDS = 0.1;

/** Uploads nothing uses are kept this long (a form being filled in), then cleared. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60_000;

export function uploadQuotaMessage(level: Tier): string {
  return `Your uploaded images have used the ${TIER_RULES[level].uploadQuotaMb} MB of the ${level} plan. Images that no video, job or submission uses are cleared a day after upload.`;
}

export class UploadsService {
  constructor(
    private readonly storage: Storage,
    private readonly repository: UploadsRepository,
    private readonly clock: Clock,
  ) {}

  /** Bytes of uploads the member keeps now. */
  private async usedBytes(userId: string): Promise<number> {
    const objects = await this.storage.list(userUploadPrefix(userId));
    return objects.reduce((sum, object) => sum + object.bytes, 0);
  }

  /**
   * Deletes the member's uploads (or every member's) that nothing references, once older than the
   * grace period, with any half-written leftovers. Answers how many were deleted.
   */
  async clearUnused(userIds?: string[]): Promise<number> {
    const owners = userIds ?? (await this.storage.listFolders(USERS_FOLDER));
    const before = this.clock.now().getTime() - UNUSED_UPLOAD_GRACE_MS;
    let deleted = 0;
    for (const userId of owners) {
      const objects = await this.storage.list(userUploadPrefix(userId));
      const old = objects.filter((object) => object.storedAt.getTime() < before);
      if (old.length === 0) continue;
      const used = await this.repository.referencedBy(userId);
      for (const object of old) {
        if (used.has(mediaUrl(object.key))) continue;
        await this.storage.delete(object.key);
        deleted += 1;
      }
    }
    return deleted;
  }

  /**
   * `truncated` reports whether the multipart parser stopped at its own limit (it is set to one
   * byte over ours, so an over-limit file is always caught by one of the two).
   */
  async storeImage(
    user: Pick<UserRow, 'id' | 'memberLevel'>,
    file: Readable,
    isTruncated: () => boolean,
  ): Promise<{ url: string }> {
    const { url } = await this.storeUpload(user, file, isTruncated, {
      field: 'image',
      signatureBytes: IMAGE_SIGNATURE_BYTES,
      detect: detectImageType,
      maxBytes: LIMITS.imageMaxBytes,
      // sharp reads its header, and may rewrite it (turned upright, resized, a GIF's first
      // frame): named for what it holds now, a GIF stored as a PNG.
      check: async (imageFile) => {
        const checked = await checkAndFitImage(imageFile);
        if (!checked.ok) {
          throw new ValidationFailed(
            checked.reason === 'too-large' ? IMAGE_TOO_LARGE_MESSAGE : INVALID_FILE_TYPE_MESSAGE,
            'image',
          );
        }
        return { extension: checked.format, checked: null };
      },
    });
    return { url };
  }

  /**
   * A member's own short clip for a storyboard shot: MP4, MOV or WebM by its first bytes, at most
   * 100 MB counted while it streams to a work file, then read by ffprobe (a child process, held to
   * the render step's time limit): it must hold a video stream of at most 60 s. Stored under the
   * member's uploads, in the same quota as their images. `isTruncated` as for storeImage.
   */
  async storeClip(
    user: Pick<UserRow, 'id' | 'memberLevel'>,
    file: Readable,
    isTruncated: () => boolean,
  ): Promise<UploadClipResponse> {
    const { url, checked: info } = await this.storeUpload(user, file, isTruncated, {
      field: 'clip',
      signatureBytes: CLIP_SIGNATURE_BYTES,
      detect: detectClipType,
      maxBytes: LIMITS.clipMaxBytes,
      check: async (clipFile, type) => {
        // Whatever ffprobe cannot read as a video (no video stream, a broken file, one it gave
        // up on within its time limit) is not a clip we can use.
        const probed = await probeMedia(clipFile).catch(() => null);
        if (!probed || !(probed.durationSeconds > 0) || !probed.width || !probed.height) {
          throw new ValidationFailed(INVALID_FILE_TYPE_MESSAGE, 'clip');
        }
        if (probed.durationSeconds > LIMITS.clipMaxSeconds + CLIP_DURATION_TOLERANCE_SECONDS) {
          throw new ValidationFailed(CLIP_TOO_LONG_MESSAGE, 'clip');
        }
        return { extension: type.extension, checked: probed };
      },
    });
    return {
      url,
      durationSeconds: Math.round(info.durationSeconds * 1000) / 1000,
      width: info.width,
      height: info.height,
    };
  }

  /**
   * Stores one upload: refused at once when the member's uploads fill their plan's space, then
   * only when its first bytes say a type we take, streamed to a work file within `maxBytes`,
   * checked as a file (`check` answers the key's extension and what it learnt), stored, and
   * counted with the rest: over the quota, it is not kept. Whatever the store, only a checked
   * file ever gets a key.
   */
  private async storeUpload<Type extends { extension: string }, Checked>(
    user: Pick<UserRow, 'id' | 'memberLevel'>,
    file: Readable,
    isTruncated: () => boolean,
    kind: {
      field: 'image' | 'clip';
      signatureBytes: number;
      detect: (head: Buffer) => Type | null;
      maxBytes: number;
      check: (file: string, type: Type) => Promise<{ extension: string; checked: Checked }>;
    },
  ): Promise<{ url: string; checked: Checked }> {
    const userId = user.id;
    const level = normalizeTier(user.memberLevel);
    const quotaBytes = TIER_RULES[level].uploadQuotaMb * 1024 * 1024;
    if ((await this.usedBytes(userId)) >= quotaBytes) {
      file.resume();
      throw new UploadQuotaFull(uploadQuotaMessage(level));
    }
    const { head, whole } = await sniff(file, kind.signatureBytes);
    const type = kind.detect(head);
    if (!type) {
      file.resume();
      whole.destroy();
      throw new ValidationFailed(INVALID_FILE_TYPE_MESSAGE, kind.field);
    }
    let key: string;
    let checked: Checked;
    const workDir = await mkdtemp(path.join(os.tmpdir(), `reelforge-${kind.field}-`));
    try {
      const received = path.join(workDir, `${kind.field}.${type.extension}`);
      await receive(file, whole, received, kind.maxBytes, isTruncated);
      const result = await kind.check(received, type);
      checked = result.checked;
      key = newUploadKey(userId, result.extension);
      await this.storage.putFile(key, received);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    // Counted with the new file (its size is known only now): over the quota, it is not kept.
    if ((await this.usedBytes(userId)) > quotaBytes) {
      await this.storage.delete(key);
      throw new UploadQuotaFull(uploadQuotaMessage(level));
    }
    return { url: mediaUrl(key), checked };
  }
}
