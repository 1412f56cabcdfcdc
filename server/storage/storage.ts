// Where media is kept: the Storage interface and its local-disk implementation (S3 is in
// s3-storage.ts). Which key each object has is storage-keys.ts's business alone.

import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeKey, isUserUploadKey, keyFromMediaUrl } from './storage-keys';

/** Whether `url` is one of the member's own uploads and still stored (a logo, a source image). */
export async function isOwnUpload(storage: Storage, userId: string, url: string): Promise<boolean> {
  const key = keyFromMediaUrl(url);
  return key !== null && isUserUploadKey(key, userId) && (await storage.exists(key));
}

/** Which bytes of an object to read: from `start` to `end`, both included (as in HTTP ranges). */
export type ByteRange = { start: number; end: number };

/** What a store knows of one object without reading it. */
export type ObjectInfo = { bytes: number; storedAt: Date };

/**
 * Where media lives: local disk (the default) or an S3-compatible bucket. Callers see keys and
 * bytes, never a path: work that needs a file (ffmpeg, sharp) copies the object into its own temp
 * folder with getFile and stores its results with putFile.
 */
export interface Storage {
  /** For logs and documentation: 'local' or 's3'. */
  readonly kind: 'local' | 's3';
  /**
   * Stores a local file under `key`; the caller's file stays where it is. Objects never change once
   * stored, so on one disk a hard link stands in for the copy (a combined video's scenes then
   * share their sources' bytes).
   */
  putFile(key: string, file: string): Promise<void>;
  putStream(key: string, stream: Readable): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /** Copies the object into the local file `file` (whose folder exists); throws when it is absent. */
  getFile(key: string, file: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size and store time, or null when there is no such object. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, all of them or one range; the stream errors when the object is absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * A short-lived URL anyone holding it may GET the object from, for stores a browser can reach
   * directly (S3); local disk has none and answers null.
   */
  presignedUrl(
    key: string,
    options: { expiresInSeconds: number; downloadName?: string },
  ): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** The objects directly in the folder `prefix`, with their size and when they were stored. */
  list(prefix: string): Promise<StoredObject[]>;
  /** The names of the folders directly in the folder `prefix`. */
  listFolders(prefix: string): Promise<string[]>;
}

export type StoredObject = { key: string; bytes: number; storedAt: Date };

/**
 * `attachment` with the file's name: a plain ASCII fallback, and the exact name in RFC 5987 form
 * (encodeURIComponent leaves `'()*` bare, which that form does not allow).
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, "'");
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The content type a stored object is served with, from its key's extension. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  vtt: 'text/vtt; charset=utf-8',
};

/** Local disk under DATA_DIR/media: the default, and what tests use. */
export class LocalDiskStorage implements Storage {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private localPath(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  private async writeAtomically(key: string, write: (temp: string) => Promise<void>) {
    const target = this.localPath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID().slice(0, 8)}.part`;
    try {
      await write(temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  putFile(key: string, file: string): Promise<void> {
    return this.writeAtomically(key, (temp) => link(file, temp).catch(() => copyFile(file, temp)));
  }

  putStream(key: string, stream: Readable): Promise<void> {
    return this.writeAtomically(key, (temp) => pipeline(stream, createWriteStream(temp)));
  }

  putBuffer(key: string, data: Buffer): Promise<void> {
    return this.writeAtomically(key, (temp) => writeFile(temp, data));
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    return stat(this.localPath(key)).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  async getFile(key: string, file: string): Promise<void> {
    const source = this.localPath(key);
    // Objects never change, so a hard link is as good as a copy and costs nothing.
    await link(source, file).catch(() => copyFile(source, file));
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    if (!isSafeKey(key)) return null;
    const info = await stat(this.localPath(key)).catch(() => null);
    return info?.isFile() ? { bytes: info.size, storedAt: info.mtime } : null;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.localPath(key), range ?? {});
  }

  async presignedUrl(): Promise<string | null> {
    return null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.folderPath(prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const folder = this.folderPath(prefix);
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    const objects = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const info = await stat(path.join(folder, entry.name)).catch(() => null);
          return info
            ? {
                key: `${prefix.replace(/\/+$/, '')}/${entry.name}`,
                bytes: info.size,
                storedAt: info.mtime,
              }
            : null;
        }),
    );
    return objects.filter((object): object is StoredObject => object !== null);
  }

  async listFolders(prefix: string): Promise<string[]> {
    const entries = await readdir(this.folderPath(prefix), { withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  }

  private folderPath(prefix: string): string {
    const folder = prefix.replace(/\/+$/, '');
    if (!isSafeKey(folder)) throw new Error(`Unsafe storage prefix: ${prefix}`);
    return this.localPath(folder);
  }
}
