// POST /api/upload-image on the real server: limits counted while streaming, types by their bytes,
// and stored images visible only to their owner.
import { mkdir, readdir, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { makeImage } from '../../../test/media';
import { setUpTestServer } from '../../../test/server';
import { BROKEN_UPLOAD_MESSAGE } from '../../http/multipart-errors';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../media/images';

const test = setUpTestServer({ env: { ROLES: 'api' } });
let owner: TestClient;
let png: Buffer;
let gif: Buffer;

beforeAll(async () => {
  owner = new TestClient(test.server.url);
  await signUp(owner);
  [png, gif] = await Promise.all([makeImage('png'), makeImage('gif')]);
});

const upload = (client: TestClient, name: string, type: string, bytes: Uint8Array) =>
  client.upload<{ url?: string; message?: string }>('/api/upload-image', {
    field: 'image',
    name,
    type,
    bytes,
  });

describe('POST /api/upload-image', () => {
  it('stores a PNG and serves it back to its owner only', async () => {
    const response = await upload(owner, 'photo.png', 'image/png', png);
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/^\/media\/users\/[^/]+\/uploads\/[0-9a-f-]+\.png$/);

    const url = response.body.url as string;
    const mine = await fetch(new URL(url, test.server.url), {
      headers: { cookie: owner.cookieHeader },
    });
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(png)).toBe(true);

    const stranger = new TestClient(test.server.url);
    await signUp(stranger);
    const theirs = await fetch(new URL(url, test.server.url), {
      headers: { cookie: stranger.cookieHeader },
    });
    expect(theirs.status).toBe(404);
    expect((await fetch(new URL(url, test.server.url))).status).toBe(404);
  });

  it('refuses a text file named .png with image/png as an invalid type', async () => {
    const response = await upload(
      owner,
      'fake.png',
      'image/png',
      Buffer.from('not an image at all'),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid file type');
  });

  it('decides by the bytes: a GIF renamed .jpg is taken as the GIF it is (stored as a PNG of its first frame)', async () => {
    const response = await upload(owner, 'holiday.jpg', 'image/jpeg', gif);
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/\.png$/);
    const stored = await fetch(new URL(response.body.url as string, test.server.url), {
      headers: { cookie: owner.cookieHeader },
    });
    const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 320, 240]);
  });

  it('refuses an 11 MB image as too large and stores nothing', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    png.copy(big);
    const response = await upload(owner, 'huge.png', 'image/png', big);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('File too large');
    const userId = (await owner.get<{ id: string }>('/api/auth/user')).body.id;
    const folder = path.join(test.server.config.dataDir, 'media', 'users', userId, 'uploads');
    const files = await readdir(folder);
    expect(files.filter((file) => file.endsWith('.part'))).toEqual([]);
    expect(files.every((file) => !file.startsWith('huge'))).toBe(true);
    expect(files).toHaveLength(2);
  });

  it('accepts an image of exactly 10 MB', async () => {
    const exact = Buffer.alloc(10 * 1024 * 1024, 7);
    png.copy(exact);
    const response = await upload(owner, 'exact.png', 'image/png', exact);
    expect(response.status).toBe(201);
  });

  it('answers a broken multipart body 400, whatever is wrong with it, and stores nothing', async () => {
    const member = new TestClient(test.server.url);
    const { user } = await signUp(member);
    const head = '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n';
    for (const [type, body] of [
      ['multipart/form-data; boundary=xyz', 'garbage'],
      ['multipart/form-data', 'garbage'],
      // Cut off inside the file, before and after enough bytes to tell its type.
      ['multipart/form-data; boundary=xyz', `${head}abc`],
      ['multipart/form-data; boundary=xyz', `${head}${png.subarray(0, 64).toString('latin1')}`],
    ] as const) {
      const response = await fetch(new URL('/api/upload-image', test.server.url), {
        method: 'POST',
        headers: { cookie: member.cookieHeader, 'content-type': type },
        body: Buffer.from(body, 'latin1'),
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: BROKEN_UPLOAD_MESSAGE,
      });
    }
    const stored = await readdir(
      path.join(test.server.config.dataDir, 'media', 'users', user.id),
    ).catch(() => []);
    expect(stored).toEqual([]);
  });

  it('refuses an image of more than 40 megapixels at once, reading only its header', async () => {
    // A 16000 × 16000 PNG's header (with nothing to decode behind it): what it claims is enough.
    const started = performance.now();
    const response = await upload(owner, 'huge.png', 'image/png', pngClaiming(16_000, 16_000));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('stores a large photo downscaled to fit 2560 × 2560, once', async () => {
    const photo = await makeImage('jpg', '4000x3000');
    const response = await upload(owner, 'photo.jpg', 'image/jpeg', photo);
    expect(response.status).toBe(201);
    const stored = await fetch(new URL(response.body.url as string, test.server.url), {
      headers: { cookie: owner.cookieHeader },
    });
    const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 2560, 1920]);
  });

  it("refuses an upload once the member's images fill the plan's space, keeping nothing", async () => {
    const member = new TestClient(test.server.url);
    const { user } = await signUp(member);
    const folder = path.join(test.server.config.dataDir, 'media', 'users', user.id, 'uploads');
    await mkdir(folder, { recursive: true });
    // An earlier upload the size of the Free plan's whole space (sparse: no real bytes written).
    await truncate(await touch(path.join(folder, 'earlier.png')), 100 * 1024 * 1024);
    const response = await upload(member, 'photo.png', 'image/png', png);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      code: 'UPLOAD_QUOTA',
      message:
        'Your uploaded images have used the 100 MB of the Free plan. Images that no video, job or submission uses are cleared a day after upload.',
    });
    expect(await readdir(folder)).toEqual(['earlier.png']);
  });

  it('clears uploads nothing uses a day after upload, and keeps every one in use', async () => {
    const member = new TestClient(test.server.url);
    const { user } = await signUp(member);
    const uploaded = async (name: string) =>
      (await upload(member, name, 'image/png', png)).body.url as string;
    const [forVideo, forJob, forProof, forShot, unused, fresh] = (await Promise.all(
      ['video.png', 'job.png', 'proof.png', 'shot.png', 'unused.png', 'fresh.png'].map(uploaded),
    )) as [string, string, string, string, string, string];
    await test.sql.query(
      `insert into video_creation_requests (user_id, title, description, source_image_url)
       values ($1, 'With an image', 'uses it', $2)`,
      [user.id, forVideo],
    );
    await test.sql.query(
      `insert into video_jobs (user_id, job_name, post_type, frequency, scenes, aspect_ratio, source_image_url)
       values ($1, 'Logo job', 'video', 'daily', 1, 'landscape', $2)`,
      [user.id, forJob],
    );
    await test.sql.query(
      `insert into submissions (user_id, submission_type, social_handle, screenshot_url)
       values ($1, 'follow_x', '@me', $2)`,
      [user.id, forProof],
    );
    // A storyboard's shot shows one (a draft keeps it however long the member takes).
    await test.sql.query(
      `insert into storyboards (user_id, settings, board)
       values ($1, '{"sourceImageUrl": null}',
               jsonb_build_object('scenes', jsonb_build_array(jsonb_build_object('shots',
                 jsonb_build_array(jsonb_build_object('visual',
                   jsonb_build_object('source', 'image', 'id', $2::text)))))))`,
      [user.id, forShot],
    );
    const fileOf = (url: string) =>
      path.join(test.server.config.dataDir, 'media', ...url.replace('/media/', '').split('/'));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    for (const url of [forVideo, forJob, forProof, forShot, unused]) {
      await utimes(fileOf(url), twoDaysAgo, twoDaysAgo);
    }
    expect(await test.server.runtime.ctx.services.uploads.clearUnused([user.id])).toBe(1);
    const left = await readdir(path.dirname(fileOf(unused)));
    expect(left.sort()).toEqual(
      [forVideo, forJob, forProof, forShot, fresh].map((url) => path.basename(url)).sort(),
    );
  });

  it('needs a signed-in member', async () => {
    const response = await upload(new TestClient(test.server.url), 'a.png', 'image/png', png);
    expect(response.status).toBe(401);
  });
});

/** A PNG signature and header claiming `width` × `height` (8-bit RGB), then the end chunk. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Creates an empty file and answers its path. */
async function touch(file: string): Promise<string> {
  await writeFile(file, '');
  return file;
}
