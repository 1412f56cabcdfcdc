// Photos the way members take them, through the whole pipeline: a phone photo stored sideways
// with an EXIF turn plays upright (read back from the pixels of a frame), and a 2 × 2 PNG makes a
// video like any other image.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storyboard, Video } from '../../shared/schemas/videos';
import { signUp, TestClient } from '../../test/http-client';
import { probeBytes, videoFrame } from '../../test/media';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, videoInput, waitForVideo } from '../../test/videos';
import { SCENE_TIMING } from '../media/scene-timing';

const test = setUpTestServer();
let member: TestClient;
let folder: string;

beforeAll(async () => {
  member = new TestClient(test.server.url);
  await signUp(member);
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-photos-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function upload(name: string, type: string, bytes: Uint8Array): Promise<string> {
  const response = await member.upload<{ url: string }>('/api/upload-image', {
    field: 'image',
    name,
    type,
    bytes,
  });
  expect(response.status).toBe(201);
  return response.body.url;
}

async function render(sourceImageUrl: string, aspectRatio: 'landscape' | 'portrait') {
  const created = await member.post<{ requestId: number }>('/api/video-creation-requests', {
    ...videoInput,
    aspectRatio,
    sourceImageUrl,
  });
  expect(created.status).toBe(201);
  const video: Video = await waitForVideo(member, created.body.requestId, isSettled);
  expect(video.status).toBe('completed');
  const file = await download(member, video.videoUrl as string);
  return { video, bytes: new Uint8Array(await file.arrayBuffer()) };
}

describe('photos as members send them', () => {
  it('plays a sideways phone photo upright', async () => {
    // What a phone writes when held upright: landscape sensor pixels, red on the left and blue on
    // the right, with EXIF orientation 6 ("turn a quarter clockwise to show"). Upright, red is on
    // top and blue below.
    const sensor = await sharp({
      create: { width: 960, height: 540, channels: 3, background: { r: 30, g: 40, b: 230 } },
    })
      .composite([
        {
          input: {
            create: { width: 480, height: 540, channels: 3, background: { r: 230, g: 40, b: 30 } },
          },
          left: 0,
          top: 0,
        },
      ])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const { bytes } = await render(await upload('IMG_0001.jpg', 'image/jpeg', sensor), 'portrait');
    const file = path.join(folder, 'upright.mp4');
    await writeFile(file, bytes);
    expect(await probeBytes(bytes)).toMatchObject({ width: 720, height: 1280 });

    // A frame well past the fade in, down the middle column, above the captions.
    const frame = await videoFrame(file, 6, 'rgb24');
    const at = (y: number) => {
      const offset = (Math.round(y * 1280) * 720 + 360) * 3;
      return { r: frame[offset] ?? 0, b: frame[offset + 2] ?? 0 };
    };
    const top = at(0.2);
    const middle = at(0.6);
    expect(top.r - top.b, `top ${JSON.stringify(top)}`).toBeGreaterThan(60);
    expect(middle.b - middle.r, `middle ${JSON.stringify(middle)}`).toBeGreaterThan(60);
  });

  it('makes a video from a 2 × 2 PNG', async () => {
    const tiny = await sharp(Buffer.from([230, 40, 30, 30, 40, 230, 30, 40, 230, 230, 40, 30]), {
      raw: { width: 2, height: 2, channels: 3 },
    })
      .png()
      .toBuffer();
    const { video, bytes } = await render(await upload('dot.png', 'image/png', tiny), 'landscape');
    const probe = await probeBytes(bytes);
    expect(probe).toMatchObject({ width: 1280, height: 720, videoCodec: 'h264' });
    // The whole scene is there: as long as the plan's one scene (its speech plus a breath).
    const [scene, ...more] = (JSON.parse(video.generatedPrompt as string) as Storyboard).scenes;
    expect(more).toEqual([]);
    expect(scene?.durationSeconds).toBeGreaterThanOrEqual(SCENE_TIMING.minSeconds);
    expect(scene?.durationSeconds).toBeLessThanOrEqual(SCENE_TIMING.maxSeconds);
    expect(Math.abs(probe.durationSeconds - (scene?.durationSeconds ?? 0))).toBeLessThanOrEqual(
      0.25,
    );
    expect(video.duration).toBeCloseTo(probe.durationSeconds, 0);
  });
});
