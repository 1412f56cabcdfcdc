// POST /api/upload-clip on the real server: a member's own short clip (MP4, MOV, WebM), its type
// decided by its bytes and ffprobe, its length and size held to the limits, and the stored clip
// served back with its own content type and byte ranges.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { ffmpegPath } from '../../media/ffmpeg';
import {
  CLIP_TOO_LONG_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
} from './service';

const run = promisify(execFile);
const test = setUpTestServer({ env: { ROLES: 'api' } });

let workDir: string;
let owner: TestClient;
const clips: Record<'mp4' | 'mov' | 'webm' | 'minute' | 'long' | 'sound', Buffer> = {} as never;

/** A tiny clip made with the app's ffmpeg: `seconds` of test pattern, encoded by `codec`. */
async function makeClip(name: string, input: string, seconds: number, codec: string[]) {
  const file = path.join(workDir, name);
  await run(
    ffmpegPath(),
    ['-v', 'error', '-f', 'lavfi', '-i', input, '-t', String(seconds)].concat(codec, [file]),
  );
  return readFile(file);
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-clip-test-'));
  const h264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
  [clips.mp4, clips.mov, clips.webm, clips.minute, clips.long, clips.sound] = await Promise.all([
    makeClip('a.mp4', 'testsrc=size=64x36:rate=10', 1, h264),
    makeClip('a.mov', 'testsrc=size=64x36:rate=10', 1, h264),
    // The bundled ffmpeg has libvpx (VP8).
    makeClip('a.webm', 'testsrc=size=64x36:rate=10', 1, ['-c:v', 'libvpx', '-b:v', '100k']),
    // 60 s and 61 s at one frame a second, 16 × 16: a few kilobytes, made in a moment.
    makeClip('minute.mp4', 'testsrc=size=16x16:rate=1', 60, h264),
    makeClip('long.mp4', 'testsrc=size=16x16:rate=1', 61, h264),
    // Sound only: an MP4 ffprobe reads, with no video stream.
    makeClip('sound.mp4', 'sine=frequency=440', 1, ['-c:a', 'aac']),
  ]);
  owner = new TestClient(test.server.url);
  await signUp(owner);
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

type ClipAnswer = {
  url?: string;
  durationSeconds?: number;
  width?: number;
  height?: number;
  message?: string;
  field?: string;
};

const upload = (
  client: TestClient,
  name: string,
  type: string,
  bytes: Uint8Array,
  field = 'clip',
) => client.upload<ClipAnswer>('/api/upload-clip', { field, name, type, bytes });

const fetchAs = (client: TestClient, url: string, headers: Record<string, string> = {}) =>
  fetch(new URL(url, test.server.url), { headers: { cookie: client.cookieHeader, ...headers } });

/** The files stored in the member's uploads folder. */
async function storedUploads(client: TestClient): Promise<string[]> {
  const userId = (await client.get<{ id: string }>('/api/auth/user')).body.id;
  const folder = path.join(test.server.config.dataDir, 'media', 'users', userId, 'uploads');
  return readdir(folder).catch(() => []);
}

describe('POST /api/upload-clip', () => {
  it('stores a tiny MP4, answers its length and size, and serves it back with byte ranges', async () => {
    const response = await upload(owner, 'shot.mp4', 'video/mp4', clips.mp4);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ durationSeconds: 1, width: 64, height: 36 });
    expect(response.body.url).toMatch(/^\/media\/users\/[^/]+\/uploads\/[0-9a-f-]+\.mp4$/);
    const url = response.body.url as string;

    const whole = await fetchAs(owner, url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(clips.mp4)).toBe(true);

    const part = await fetchAs(owner, url, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${clips.mp4.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(clips.mp4.subarray(0, 100))).toBe(true);

    // Like an image: the owner's only.
    expect((await fetch(new URL(url, test.server.url))).status).toBe(404);
  });

  it('stores a MOV and a WebM as what they are, whatever they are called', async () => {
    for (const [bytes, extension, type] of [
      [clips.mov, 'mov', 'video/quicktime'],
      [clips.webm, 'webm', 'video/webm'],
    ] as const) {
      const response = await upload(owner, 'shot.mp4', 'video/mp4', bytes);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ durationSeconds: 1, width: 64, height: 36 });
      expect(response.body.url).toMatch(new RegExp(`\\.${extension}$`));
      const part = await fetchAs(owner, response.body.url as string, { range: 'bytes=0-15' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-type')).toBe(type);
    }
  });

  it('refuses a text file renamed clip.mp4, a broken MP4 and a sound-only MP4 as an invalid type', async () => {
    const member = new TestClient(test.server.url);
    await signUp(member);
    const broken = Buffer.concat([clips.mp4.subarray(0, 32), Buffer.alloc(2000, 7)]);
    for (const bytes of [
      Buffer.from('notes for the shoot\nbring the tripod\n'),
      broken,
      clips.sound,
    ]) {
      const response = await upload(member, 'clip.mp4', 'video/mp4', bytes);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: INVALID_FILE_TYPE_MESSAGE, field: 'clip' });
    }
    expect(await storedUploads(member)).toEqual([]);
  });

  it('refuses a clip longer than 60 seconds and keeps nothing; 60 seconds is fine', async () => {
    const member = new TestClient(test.server.url);
    await signUp(member);
    const minute = await upload(member, 'minute.mp4', 'video/mp4', clips.minute);
    expect(minute.status).toBe(201);
    expect(minute.body.durationSeconds).toBe(60);
    const [kept] = await storedUploads(member);
    const response = await upload(member, 'long.mp4', 'video/mp4', clips.long);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CLIP_TOO_LONG_MESSAGE);
    expect(CLIP_TOO_LONG_MESSAGE).toBe('Clips can be at most 60 seconds long.');
    expect(await storedUploads(member)).toEqual([kept]);
  });

  it("accepts a clip over the 10 MB an image may have (the route's own limit)", async () => {
    // The tiny MP4 with a `free` box after it, padding it to 11 MB: still a valid file.
    const padded = Buffer.alloc(11 * 1024 * 1024);
    clips.mp4.copy(padded);
    padded.writeUInt32BE(padded.length - clips.mp4.length, clips.mp4.length);
    padded.write('free', clips.mp4.length + 4, 'latin1');
    const response = await upload(owner, 'padded.mp4', 'video/mp4', padded);
    expect(response.status).toBe(201);
    expect(response.body.durationSeconds).toBe(1);
  });

  it('refuses a clip over 100 MB as too large and keeps nothing', async () => {
    const member = new TestClient(test.server.url);
    await signUp(member);
    const big = Buffer.alloc(100 * 1024 * 1024 + 1, 7);
    clips.mp4.copy(big);
    const response = await upload(member, 'huge.mp4', 'video/mp4', big);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await storedUploads(member)).toEqual([]);
  });

  it('needs the file in the field `clip`, and a signed-in member', async () => {
    const wrongField = await upload(owner, 'shot.mp4', 'video/mp4', clips.mp4, 'image');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.field).toBe('clip');
    const visitor = await upload(new TestClient(test.server.url), 'a.mp4', 'video/mp4', clips.mp4);
    expect(visitor.status).toBe(401);
  });
});
