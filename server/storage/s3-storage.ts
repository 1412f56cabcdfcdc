// Media in any S3-compatible bucket (AWS S3, Cloudflare R2, MinIO): the same keys as on local
// disk, multipart uploads for large files (lib-storage), byte ranges for players, and presigned
// links for downloads.
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  attachmentHeader,
  type ByteRange,
  contentTypeOf,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from './storage';
import { isSafeKey } from './storage-keys';

export type S3Settings = {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
};

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings, options: { client?: S3Client } = {}) {
    this.bucket = settings.bucket;
    this.client =
      options.client ??
      new S3Client({
        region: settings.region,
        endpoint: settings.endpoint ?? undefined,
        forcePathStyle: settings.forcePathStyle,
        // Only what a store needs: R2, MinIO and older S3 clones refuse the newer checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // Without keys, the SDK's own chain (environment, instance role) applies.
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      });
  }

  private checked(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  }

  async putFile(key: string, file: string): Promise<void> {
    await this.putStream(key, createReadStream(file));
  }

  async putStream(key: string, stream: Readable): Promise<void> {
    // Multipart above 5 MB: a scene or a video never sits whole in memory.
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: stream,
        ContentType: contentTypeOf(key),
      },
    }).done();
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: data,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async getFile(key: string, file: string): Promise<void> {
    const part = `${file}.part`;
    try {
      await pipeline(await this.read(key), createWriteStream(part));
      await rename(part, file);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    if (!isSafeKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { bytes: head.ContentLength ?? 0, storedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!answer.Body) throw new Error(`Empty answer for ${key}`);
    return answer.Body as Readable;
  }

  async presignedUrl(
    key: string,
    options: { expiresInSeconds: number; downloadName?: string },
  ): Promise<string | null> {
    const name = options.downloadName;
    const disposition = name ? attachmentHeader(name) : undefined;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        ResponseContentDisposition: disposition,
      }),
      { expiresIn: options.expiresInSeconds },
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = this.folder(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        if (answer.Errors?.length) {
          throw new Error(`Could not delete ${answer.Errors.length} objects under ${folder}`);
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const folder = this.folder(prefix);
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder,
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        objects.push({
          key: object.Key,
          bytes: object.Size ?? 0,
          storedAt: object.LastModified ?? new Date(0),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  async listFolders(prefix: string): Promise<string[]> {
    const folder = this.folder(prefix);
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder,
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const common of page.CommonPrefixes ?? []) {
        const name = common.Prefix?.slice(folder.length).replace(/\/$/, '');
        if (name) names.push(name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  /** `prefix` as a folder: checked, ending in one '/'. */
  private folder(prefix: string): string {
    const folder = prefix.replace(/\/+$/, '');
    if (!isSafeKey(folder)) throw new Error(`Unsafe storage prefix: ${prefix}`);
    return `${folder}/`;
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound';
  }
  return false;
}
