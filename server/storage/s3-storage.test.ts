// S3Storage against a real S3-protocol server (s3rver), beside local disk: the details the shared
// contract in storage.test.ts leaves out (listings' sizes and times, the last bytes of an object,
// absent objects, a folder's prefix-sharing siblings, unsafe keys in every call), then what only S3
// does (content types, presigned links, failures that must not read as "absent"), and paging past
// 1,000 objects through a scripted client, since s3rver cannot page on Node 20 (see below).
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectsCommand,
  type DeleteObjectsCommandInput,
  ListObjectsV2Command,
  type ListObjectsV2CommandInput,
  type ListObjectsV2CommandOutput,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { type S3Settings, S3Storage } from './s3-storage';
import { LocalDiskStorage, type Storage } from './storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let folder: string;
const stores = {} as Record<'local' | 's3', Storage>;

beforeAll(async () => {
  s3 = await startS3Server();
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-s3-storage-'));
  stores.local = new LocalDiskStorage(path.join(folder, 'media'));
  stores.s3 = new S3Storage(s3.settings);
});
afterAll(async () => {
  await s3?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** 0, 1, …, 255, 0, 1, … : every range has bytes of its own to compare. */
function patterned(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => index % 256));
}

async function readAll(store: Storage, key: string, range?: { start: number; end: number }) {
  return buffer(await store.read(key, range));
}

describe.each(['local', 's3'] as const)('%s storage, beyond the shared contract', (kind) => {
  const store = () => stores[kind];
  // Each store has its own folder, so the two runs cannot see each other's objects on local disk.
  const root = `users/${kind}-detail`;

  it('lists only the objects directly in a folder, with their size and store time', async () => {
    const before = Date.now();
    await store().putBuffer(`${root}/videos/a/one.txt`, Buffer.from('one'));
    await store().putBuffer(`${root}/videos/a/sub/two.txt`, Buffer.from('two!'));
    await store().putBuffer(`${root}/videos/a/sub/deeper/three.txt`, Buffer.from('3'));

    for (const prefix of [`${root}/videos/a`, `${root}/videos/a/`]) {
      const listed = await store().list(prefix);
      expect(listed.map(({ key, bytes }) => ({ key, bytes }))).toEqual([
        { key: `${root}/videos/a/one.txt`, bytes: 3 },
      ]);
      // S3 keeps whole seconds: allow for the rounding down.
      expect(listed[0]?.storedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(listed[0]?.storedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(await store().listFolders(`${root}/videos/a/`)).toEqual(['sub']);
    expect(await store().listFolders(`${root}/videos/a/sub`)).toEqual(['deeper']);
    expect(await store().list(`${root}/videos/none`)).toEqual([]);
    expect(await store().listFolders(`${root}/videos/none/`)).toEqual([]);
  });

  it('reads an object whole, its first bytes and its last bytes, exactly', async () => {
    const bytes = patterned(1000);
    await store().putStream(`${root}/videos/b/video.mp4`, Readable.from([bytes]));
    expect(await readAll(store(), `${root}/videos/b/video.mp4`)).toEqual(bytes);
    // Safari's first probe. (Not 0-0: s3rver reads an end of 0 as "to the end", unlike S3.)
    expect(await readAll(store(), `${root}/videos/b/video.mp4`, { start: 0, end: 1 })).toEqual(
      bytes.subarray(0, 2),
    );
    expect(await readAll(store(), `${root}/videos/b/video.mp4`, { start: 996, end: 999 })).toEqual(
      bytes.subarray(996),
    );
    expect(await store().stat(`${root}/videos/b/video.mp4`)).toMatchObject({ bytes: 1000 });
  });

  it('fails to read or fetch an absent object, leaving no file behind', async () => {
    await expect(readAll(store(), `${root}/videos/c/missing.mp4`)).rejects.toThrow();
    const target = path.join(folder, `${kind}-absent`);
    await mkdir(target);
    await expect(
      store().getFile(`${root}/videos/c/missing.mp4`, path.join(target, 'video.mp4')),
    ).rejects.toThrow();
    // Neither the file nor a half-written `.part` of it.
    expect(await readdir(target)).toEqual([]);
  });

  it('deletes a folder but not a sibling whose name starts the same', async () => {
    await store().putBuffer(`${root}/deleted/1-1-a/video.mp4`, Buffer.from('a'));
    await store().putBuffer(`${root}/deleted/1-1-a/scenes/scene-1.mp4`, Buffer.from('a1'));
    await store().putBuffer(`${root}/deleted/1-1-ab/video.mp4`, Buffer.from('ab'));

    await store().deletePrefix(`${root}/deleted/1-1-a`);
    expect(await store().exists(`${root}/deleted/1-1-a/video.mp4`)).toBe(false);
    expect(await store().exists(`${root}/deleted/1-1-a/scenes/scene-1.mp4`)).toBe(false);
    expect(await store().exists(`${root}/deleted/1-1-ab/video.mp4`)).toBe(true);
    expect(await store().listFolders(`${root}/deleted`)).toEqual(['1-1-ab']);

    // Deleting what is already gone is no error: a retried delete must not fail.
    await store().delete(`${root}/deleted/1-1-a/video.mp4`);
    await store().deletePrefix(`${root}/deleted/1-1-a/`);
  });

  it('refuses unsafe keys in every call, and reports them absent', async () => {
    const file = path.join(folder, `${kind}-unsafe-source.txt`);
    await writeFile(file, 'x');
    for (const key of ['../x.txt', '/abs/x.txt', 'users/../x.txt', 'users//x.txt', '']) {
      await expect(store().putFile(key, file)).rejects.toThrow(/Unsafe/);
      await expect(store().putStream(key, Readable.from(['x']))).rejects.toThrow(/Unsafe/);
      await expect(store().putBuffer(key, Buffer.from('x'))).rejects.toThrow(/Unsafe/);
      await expect(store().getFile(key, path.join(folder, 'never.txt'))).rejects.toThrow(/Unsafe/);
      await expect(store().read(key)).rejects.toThrow(/Unsafe/);
      await expect(store().delete(key)).rejects.toThrow(/Unsafe/);
      expect(await store().exists(key)).toBe(false);
      expect(await store().stat(key)).toBeNull();
    }
    for (const prefix of ['../users', '/users', 'users/../..', '']) {
      await expect(store().deletePrefix(prefix)).rejects.toThrow(/Unsafe/);
      await expect(store().list(prefix)).rejects.toThrow(/Unsafe/);
      await expect(store().listFolders(prefix)).rejects.toThrow(/Unsafe/);
    }
  });
});

describe('S3 storage only', () => {
  it('stores objects with the content type of their key, however they are put', async () => {
    const file = path.join(folder, 'thumbnail-source.jpg');
    await writeFile(file, 'jpg');
    await stores.s3.putFile('users/s3-only/videos/t/thumbnail.jpg', file);
    await stores.s3.putBuffer('users/s3-only/videos/t/video.mp4', Buffer.from('mp4'));
    await stores.s3.putStream('users/s3-only/videos/t/data.bin', Readable.from(['bin']));

    const served = async (key: string) => {
      const link = await stores.s3.presignedUrl(key, { expiresInSeconds: 60 });
      const response = await fetch(link ?? '');
      await response.arrayBuffer();
      return response.headers.get('content-type');
    };
    expect(await served('users/s3-only/videos/t/thumbnail.jpg')).toBe('image/jpeg');
    expect(await served('users/s3-only/videos/t/video.mp4')).toBe('video/mp4');
    expect(await served('users/s3-only/videos/t/data.bin')).toBe('application/octet-stream');
  });

  it('presigns plain links, links named in any script, and links that expire', async () => {
    const key = 'users/s3-only/videos/p/video.mp4';
    await stores.s3.putBuffer(key, Buffer.from('presigned'));

    const plain = await fetch((await stores.s3.presignedUrl(key, { expiresInSeconds: 60 })) ?? '');
    expect(await plain.text()).toBe('presigned');
    expect(plain.headers.get('content-disposition')).toBeNull();

    const named = await fetch(
      (await stores.s3.presignedUrl(key, {
        expiresInSeconds: 60,
        downloadName: 'Café été.mp4',
      })) ?? '',
    );
    expect(await named.text()).toBe('presigned');
    const disposition = named.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+";/);
    expect(disposition).toContain("filename*=UTF-8''Caf%C3%A9%20%C3%A9t%C3%A9.mp4");

    const brief = await stores.s3.presignedUrl(key, { expiresInSeconds: 1 });
    // Signatures carry whole seconds: two of them are surely past the link's one.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(brief ?? '');
    await expired.arrayBuffer();
    expect(expired.status).toBe(403);

    await expect(stores.s3.presignedUrl('../x.mp4', { expiresInSeconds: 60 })).rejects.toThrow(
      /Unsafe/,
    );
  });

  it('treats a refused or unreachable store as an error, not as an absent object', async () => {
    // s3rver checks the access key (it does not verify v4 signatures, so a wrong secret passes).
    const refused = new S3Storage({ ...s3.settings, accessKeyId: 'NOT-S3RVER' });
    await expect(refused.stat('users/s3-only/videos/p/video.mp4')).rejects.toThrow();
    await expect(refused.exists('users/s3-only/videos/p/video.mp4')).rejects.toThrow();

    const unreachable = new S3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:1' });
    await expect(unreachable.stat('users/s3-only/videos/p/video.mp4')).rejects.toThrow();
  });
});

/**
 * A bucket in memory that answers ListObjectsV2 a page at a time and DeleteObjects in batches, as
 * S3 does. s3rver cannot page: its continuation tokens are DES-encrypted, which OpenSSL 3 (Node 17
 * and later) refuses without --openssl-legacy-provider, so a listing of more than 1,000 keys is a
 * 500 there. The paging loops are proven here instead.
 */
class PagedBucket {
  readonly keys = new Set<string>();
  readonly listings: ListObjectsV2CommandInput[] = [];
  readonly deleteBatches: number[] = [];
  failDeletes = false;

  constructor(private readonly pageSize = 1000) {}

  async send(command: unknown): Promise<unknown> {
    if (command instanceof ListObjectsV2Command) return this.listPage(command.input);
    if (command instanceof DeleteObjectsCommand) return this.deleteBatch(command.input);
    throw new Error(`Unexpected command ${String(command)}`);
  }

  private listPage(input: ListObjectsV2CommandInput): Partial<ListObjectsV2CommandOutput> {
    this.listings.push(input);
    const prefix = input.Prefix ?? '';
    // Objects and folders share one sorted run, as on S3, and both count towards a page.
    const entries = new Map<string, 'object' | 'folder'>();
    for (const key of this.keys) {
      if (!key.startsWith(prefix)) continue;
      const cut = input.Delimiter ? key.indexOf(input.Delimiter, prefix.length) : -1;
      if (cut === -1) entries.set(key, 'object');
      else entries.set(key.slice(0, cut + 1), 'folder');
    }
    // A token names where the last page ended, not an offset: keys deleted meanwhile move nothing.
    const after = input.ContinuationToken ?? '';
    const sorted = [...entries]
      .filter(([name]) => name > after)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const page = sorted.slice(0, this.pageSize);
    const truncated = sorted.length > this.pageSize;
    return {
      Contents: page.flatMap(([Key, type]) => (type === 'object' ? [{ Key, Size: 1 }] : [])),
      CommonPrefixes: page.flatMap(([Prefix, type]) => (type === 'folder' ? [{ Prefix }] : [])),
      IsTruncated: truncated,
      NextContinuationToken: truncated ? page.at(-1)?.[0] : undefined,
    };
  }

  private deleteBatch(input: DeleteObjectsCommandInput) {
    const objects = input.Delete?.Objects ?? [];
    this.deleteBatches.push(objects.length);
    if (objects.length > 1000) throw new Error('MalformedXML: more than 1,000 keys');
    if (this.failDeletes) {
      return { Errors: objects.map(({ Key }) => ({ Key, Code: 'AccessDenied' })) };
    }
    for (const { Key } of objects) if (Key) this.keys.delete(Key);
    return {};
  }
}

describe('S3 storage past one page', () => {
  const settings: S3Settings = {
    bucket: 'paged',
    endpoint: null,
    region: 'us-east-1',
    accessKeyId: null,
    secretAccessKey: null,
    forcePathStyle: false,
  };
  const storeOn = (bucket: PagedBucket) =>
    new S3Storage(settings, { client: bucket as unknown as S3Client });

  it('deletes a folder of 2,500 objects page by page, 1,000 keys at most per call', async () => {
    const bucket = new PagedBucket();
    for (let index = 0; index < 2500; index += 1) {
      bucket.keys.add(`users/u/videos/big/scene-${String(index).padStart(4, '0')}.mp4`);
    }
    bucket.keys.add('users/u/videos/big-sibling/video.mp4');

    await storeOn(bucket).deletePrefix('users/u/videos/big');
    expect([...bucket.keys]).toEqual(['users/u/videos/big-sibling/video.mp4']);
    expect(bucket.deleteBatches).toEqual([1000, 1000, 500]);
    expect(bucket.listings.map((listing) => listing.ContinuationToken)).toEqual([
      undefined,
      'users/u/videos/big/scene-0999.mp4',
      'users/u/videos/big/scene-1999.mp4',
    ]);
    expect(new Set(bucket.listings.map((listing) => listing.Prefix))).toEqual(
      new Set(['users/u/videos/big/']),
    );
  });

  it('reports objects the store would not delete', async () => {
    const bucket = new PagedBucket();
    bucket.keys.add('users/u/videos/locked/video.mp4');
    bucket.failDeletes = true;
    await expect(storeOn(bucket).deletePrefix('users/u/videos/locked/')).rejects.toThrow(
      /Could not delete 1 objects/,
    );
  });

  it('lists every object and folder of a folder across pages', async () => {
    const bucket = new PagedBucket(400);
    for (let index = 0; index < 1000; index += 1) {
      bucket.keys.add(`users/u/videos/${index}-1-aa/video.mp4`);
      bucket.keys.add(`users/u/uploads/${index}.png`);
    }
    const store = storeOn(bucket);
    const folders = await store.listFolders('users/u/videos/');
    expect(folders).toHaveLength(1000);
    expect(folders).toContain('999-1-aa');
    const uploads = await store.list('users/u/uploads');
    expect(uploads).toHaveLength(1000);
    expect(uploads[0]).toMatchObject({ key: 'users/u/uploads/0.png', bytes: 1 });
  });
});
