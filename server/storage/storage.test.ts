// Both stores keep the same contract (put, get, ranges, stat, list, delete), proven against local
// disk and a real S3-protocol server (s3rver); S3 also hands out presigned links.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { copyMediaFolder } from './copy-media';
import { S3Storage } from './s3-storage';
import { LocalDiskStorage, type Storage } from './storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let folder: string;
const stores: Record<'local' | 's3', Storage> = {} as never;

beforeAll(async () => {
  s3 = await startS3Server();
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-storage-'));
  stores.local = new LocalDiskStorage(path.join(folder, 'media'));
  stores.s3 = new S3Storage(s3.settings);
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  const store = () => stores[kind];

  it('stores a file, a stream and a buffer, and gives them back whole or by range', async () => {
    const file = path.join(folder, `${kind}-source.txt`);
    await writeFile(file, '0123456789');
    await store().putFile('users/u1/videos/a/one.txt', file);
    await store().putStream('users/u1/videos/a/two.txt', Readable.from([Buffer.from('stream')]));
    await store().putBuffer('users/u1/videos/a/three.txt', Buffer.from('buffer'));

    expect(await text(await store().read('users/u1/videos/a/one.txt'))).toBe('0123456789');
    expect(await text(await store().read('users/u1/videos/a/one.txt', { start: 2, end: 5 }))).toBe(
      '2345',
    );
    expect(await text(await store().read('users/u1/videos/a/one.txt', { start: 9, end: 9 }))).toBe(
      '9',
    );
    expect(await text(await store().read('users/u1/videos/a/two.txt'))).toBe('stream');
    const copy = path.join(folder, `${kind}-copy.txt`);
    await store().getFile('users/u1/videos/a/three.txt', copy);
    expect(await readFile(copy, 'utf8')).toBe('buffer');

    expect(await store().stat('users/u1/videos/a/one.txt')).toMatchObject({ bytes: 10 });
    expect(await store().stat('users/u1/videos/a/missing.txt')).toBeNull();
    expect(await store().exists('users/u1/videos/a/two.txt')).toBe(true);
    expect(await store().exists('users/u1/videos/a/missing.txt')).toBe(false);
  });

  it('lists a folder and its subfolders, and deletes one object or a whole folder', async () => {
    await store().putBuffer('users/u2/uploads/x.png', Buffer.from('x'));
    await store().putBuffer('users/u2/videos/1-1-aa/video.mp4', Buffer.from('video'));
    await store().putBuffer('users/u2/videos/1-1-aa/thumbnail.jpg', Buffer.from('jpg'));
    await store().putBuffer('users/u2/videos/2-1-bb/video.mp4', Buffer.from('other'));

    expect((await store().list('users/u2/uploads/')).map((object) => object.key)).toEqual([
      'users/u2/uploads/x.png',
    ]);
    expect((await store().listFolders('users/u2/videos')).sort()).toEqual(['1-1-aa', '2-1-bb']);

    await store().deletePrefix('users/u2/videos/1-1-aa/');
    expect(await store().exists('users/u2/videos/1-1-aa/video.mp4')).toBe(false);
    expect(await store().exists('users/u2/videos/1-1-aa/thumbnail.jpg')).toBe(false);
    expect(await store().exists('users/u2/videos/2-1-bb/video.mp4')).toBe(true);
    await store().delete('users/u2/uploads/x.png');
    expect(await store().exists('users/u2/uploads/x.png')).toBe(false);
  });

  it('refuses keys that are not plain relative paths', async () => {
    await expect(store().putBuffer('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
    await expect(store().putBuffer('/absolute/x.txt', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
    expect(await store().stat('users/../x')).toBeNull();
  });
});

describe('S3 storage', () => {
  it('uploads a large file in parts, byte for byte', async () => {
    const file = path.join(folder, 'large.bin');
    const bytes = Buffer.alloc(12 * 1024 * 1024);
    for (let index = 0; index < bytes.length; index += 4096) bytes[index] = index % 251;
    await writeFile(file, bytes);
    await stores.s3.putFile('users/u3/videos/big/video.mp4', file);
    const back = path.join(folder, 'large-back.bin');
    await stores.s3.getFile('users/u3/videos/big/video.mp4', back);
    const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(digest(await readFile(back))).toBe(digest(bytes));
  });

  it('presigns a short-lived link that serves the object, named for download', async () => {
    await stores.s3.putBuffer('users/u4/videos/v/video.mp4', Buffer.from('presigned bytes'));
    const link = await stores.s3.presignedUrl('users/u4/videos/v/video.mp4', {
      expiresInSeconds: 60,
      downloadName: 'Harbour at dawn.mp4',
    });
    expect(link).toMatch(/X-Amz-Signature=/);
    const response = await fetch(link ?? '');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('presigned bytes');
    expect(response.headers.get('content-disposition')).toContain('Harbour at dawn.mp4');
    // Local disk has nothing to presign: the app streams its files itself.
    expect(
      await stores.local.presignedUrl('users/u4/videos/v/video.mp4', { expiresInSeconds: 60 }),
    ).toBeNull();
  });

  it('copies a local media folder into the bucket once (npm run media:copy-to-s3)', async () => {
    const media = path.join(folder, 'to-copy');
    const local = new LocalDiskStorage(media);
    await local.putBuffer('users/u5/uploads/a.png', Buffer.from('a'));
    await local.putBuffer('users/u5/videos/1-1-x/video.mp4', Buffer.from('video'));
    const first = await copyMediaFolder(media, stores.s3);
    expect(first).toEqual({ copied: 2, skipped: 0, bytes: 6 });
    expect(await text(await stores.s3.read('users/u5/videos/1-1-x/video.mp4'))).toBe('video');
    const again = await copyMediaFolder(media, stores.s3);
    expect(again).toEqual({ copied: 0, skipped: 2, bytes: 0 });
  });
});

describe('attachmentHeader', () => {
  it('encodes every character RFC 5987 needs, apostrophes and brackets included', async () => {
    const { attachmentHeader } = await import('./storage');
    expect(attachmentHeader("Bob's cut (final) *.mp4")).toBe(
      `attachment; filename="Bob's cut (final) *.mp4"; filename*=UTF-8''Bob%27s%20cut%20%28final%29%20%2A.mp4`,
    );
    expect(attachmentHeader('Café "x"\\y.mp4')).toBe(
      `attachment; filename="Caf_ 'x''y.mp4"; filename*=UTF-8''Caf%C3%A9%20%22x%22%5Cy.mp4`,
    );
  });
});
