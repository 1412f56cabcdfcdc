// /api/account/watermark on the real server and database: Pro and Free members are refused (403,
// nothing stored); an Elite member saves a text or one of their own PNG or JPEG uploads (copied
// into their watermark folder, the one it replaces deleted), never another member's upload nor an
// image over 2 MB; removing deletes the row and the image; the account's deletion does.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  WATERMARK_MESSAGES,
  WATERMARK_URL,
  type Watermark,
} from '../../../shared/schemas/watermark';
import { readZip } from '../../../test/account-data';
import { signUp, TestClient } from '../../../test/http-client';
import { makeImage } from '../../../test/media';
import { memberOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { download } from '../../../test/videos';

const test = setUpTestServer();

type Answer = Watermark & { message?: string; code?: string; field?: string };

const put = (client: TestClient, body: unknown) =>
  client.request<Answer>('PUT', WATERMARK_URL, { body });

async function upload(client: TestClient, bytes: Uint8Array, name = 'mark.png') {
  const type = name.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
  const stored = await client.upload<{ url: string }>('/api/upload-image', {
    field: 'image',
    name,
    type,
    bytes,
  });
  expect(stored.status).toBe(201);
  return stored.body.url;
}

const mediaFile = (url: string) =>
  path.join(test.server.config.dataDir, 'media', url.replace(/^\/media\//, ''));

async function storedRows(userId: string) {
  const { rows } = await test.sql.query(
    'select kind, image_key, text, corner, opacity from member_watermarks where user_id = $1',
    [userId],
  );
  return rows;
}

describe('PUT /api/account/watermark below Elite', () => {
  for (const level of ['Pro', 'Free'] as const) {
    it(`refuses a ${level} member with 403 and stores nothing`, async () => {
      const member = await memberOn(test, level);
      const text = await put(member.client, {
        kind: 'text',
        text: 'Ember & Oak',
        corner: 'top-left',
        opacity: 0.8,
      });
      expect(text.status).toBe(403);
      expect(text.body).toMatchObject({
        code: 'PLAN_LIMIT',
        message: 'Upgrade to Elite to use your own watermark',
      });
      const image = await put(member.client, {
        kind: 'image',
        imageUrl: await upload(member.client, await makeImage('png')),
        corner: 'top-left',
        opacity: 0.8,
      });
      expect(image.status).toBe(403);
      expect(await storedRows(member.id)).toEqual([]);
      expect((await member.client.get(WATERMARK_URL)).body).toBeNull();
    });
  }
});

describe('an Elite member’s watermark', () => {
  let elite: Awaited<ReturnType<typeof memberOn>>;
  beforeAll(async () => {
    elite = await memberOn(test, 'Elite');
  });

  it('is a text, trimmed, at most 40 characters', async () => {
    expect((await elite.client.get(WATERMARK_URL)).body).toBeNull();
    const long = await put(elite.client, {
      kind: 'text',
      text: 'x'.repeat(41),
      corner: 'top-left',
      opacity: 0.8,
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(WATERMARK_MESSAGES.textTooLong);
    const faint = await put(elite.client, {
      kind: 'text',
      text: 'Ember',
      corner: 'top-left',
      opacity: 0.1,
    });
    expect(faint.body.message).toBe(WATERMARK_MESSAGES.opacity);

    const saved = await put(elite.client, {
      kind: 'text',
      text: '  Ember & Oak  ',
      corner: 'top-left',
      opacity: 0.5,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      kind: 'text',
      text: 'Ember & Oak',
      imageUrl: null,
      corner: 'top-left',
      opacity: 0.5,
    });
    expect((await elite.client.get(WATERMARK_URL)).body).toEqual(saved.body);
  });

  it('is a copy of their own PNG or JPEG upload, the image it replaces deleted', async () => {
    const uploadUrl = await upload(elite.client, await makeImage('png'));
    const first = await put(elite.client, {
      kind: 'image',
      imageUrl: uploadUrl,
      corner: 'bottom-right',
      opacity: 1,
    });
    expect(first.status).toBe(200);
    const firstImage = first.body.imageUrl as string;
    expect(firstImage).toMatch(new RegExp(`^/media/users/${elite.id}/watermark/[\\w-]+\\.png$`));
    const served = await download(elite.client, firstImage);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(await makeImage('png'))).toBe(true);

    // Its own address keeps it; a corner can change alone.
    const moved = await put(elite.client, {
      kind: 'image',
      imageUrl: firstImage,
      corner: 'top-right',
      opacity: 0.7,
    });
    expect(moved.body).toMatchObject({ imageUrl: firstImage, corner: 'top-right' });

    const jpeg = await upload(elite.client, await makeImage('jpg'), 'mark.jpg');
    const second = await put(elite.client, {
      kind: 'image',
      imageUrl: jpeg,
      corner: 'top-right',
      opacity: 0.7,
    });
    expect(second.body.imageUrl).toMatch(/\.jpg$/);
    expect(existsSync(mediaFile(firstImage))).toBe(false);
    expect(existsSync(mediaFile(second.body.imageUrl as string))).toBe(true);

    // The member's data export holds the record and the image.
    const zip = await download(elite.client, '/api/account/export');
    const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
    const account = JSON.parse(entries.get('account.json')?.toString('utf8') ?? '{}');
    expect(account.watermark).toEqual([
      expect.objectContaining({ kind: 'image', corner: 'top-right', opacity: 0.7 }),
    ]);
    expect([...entries.keys()]).toContain(
      `watermark/${(second.body.imageUrl as string).split('/').at(-1)}`,
    );
  });

  it("is never another member's upload, nor an image over 2 MB", async () => {
    const other = new TestClient(test.server.url);
    await signUp(other);
    const theirs = await put(elite.client, {
      kind: 'image',
      imageUrl: await upload(other, await makeImage('png')),
      corner: 'top-left',
      opacity: 1,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(WATERMARK_MESSAGES.imageNotFound);

    // Noise does not compress: about 3 MB as a PNG.
    const noise = Buffer.alloc(1024 * 1024 * 3);
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919) % 251;
    const large = await sharp(noise, { raw: { width: 1024, height: 1024, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
    const tooLarge = await put(elite.client, {
      kind: 'image',
      imageUrl: await upload(elite.client, large),
      corner: 'top-left',
      opacity: 1,
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe(WATERMARK_MESSAGES.imageTooLarge);
  });

  it('is removed with its image, and with the account', async () => {
    const current = (await elite.client.get<Watermark>(WATERMARK_URL)).body;
    expect(current.kind).toBe('image');
    const removed = await elite.client.request('DELETE', WATERMARK_URL);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removed: true });
    expect(existsSync(mediaFile(current.imageUrl as string))).toBe(false);
    expect(await storedRows(elite.id)).toEqual([]);
    expect((await elite.client.get(WATERMARK_URL)).body).toBeNull();

    const leaving = new TestClient(test.server.url);
    const { user, password } = await signUp(leaving);
    await test.sql.query(`update users set member_level = 'Elite' where id = $1`, [user.id]);
    await put(leaving, { kind: 'text', text: 'Bye', corner: 'top-left', opacity: 1 });
    expect(await storedRows(user.id)).toHaveLength(1);
    const deleted = await leaving.request('DELETE', '/api/account', { body: { password } });
    expect(deleted.status).toBe(200);
    expect(await storedRows(user.id)).toEqual([]);
  });
});
