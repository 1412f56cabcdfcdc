// What the offline renderer shows, read back from the frames of real videos: a 4-scene video whose
// scenes name different subjects shows four different pictures (and two scenes with the same
// words share theirs); the member's images go one per scene; a Creator Engine logo is a mark in
// the corner, never the scene's background.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../shared/schemas/videos';
import { signUp, TestClient } from '../../test/http-client';
import { videoFrameFile } from '../../test/media';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, videoInput, waitForVideo } from '../../test/videos';
import { pictureSize } from '../media/scene-plan';

const test = setUpTestServer();
let member: TestClient;

beforeAll(async () => {
  member = new TestClient(test.server.url);
  const { user } = await signUp(member);
  await test.sql.query("update users set member_level = 'Elite' where id = $1", [user.id]);
});

async function make(input: Record<string, unknown>): Promise<{ video: Video; bytes: Uint8Array }> {
  const created = await member.post<{ requestId: number; sceneSource: string }>(
    '/api/video-creation-requests',
    { ...videoInput, voiceId: null, ...input },
  );
  expect(created.status).toBe(201);
  const video = await waitForVideo(member, created.body.requestId, isSettled, 120_000);
  expect(video.errorMessage).toBeNull();
  expect(video.status).toBe('completed');
  const file = await download(member, video.videoUrl as string);
  return { video, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * The middle of the frame where a scene's picture floats, at `seconds`, shrunk to 24 × 24 RGB so
 * the comparison is about what is pictured, not the exact pixels.
 */
async function pictureRegion(bytes: Uint8Array, seconds: number): Promise<Buffer> {
  const frame = await videoFrameFile(bytes, seconds);
  const size = pictureSize(1280, 720);
  const inner = Math.round(size * 0.7);
  return sharp(frame)
    .extract({
      left: Math.round(640 - inner / 2),
      top: Math.round(720 * 0.42 - inner / 2),
      width: inner,
      height: inner,
    })
    .resize(24, 24, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Mean absolute difference per channel value, 0–255. */
function difference(a: Buffer, b: Buffer): number {
  let total = 0;
  for (let index = 0; index < a.length; index++)
    total += Math.abs((a[index] ?? 0) - (b[index] ?? 0));
  return total / a.length;
}

describe('offline pictures', () => {
  it('shows a different picture for each scene that names a different subject', async () => {
    const { bytes } = await make({
      title: 'Four things',
      description:
        'Scene 1: A red apple sits on a wooden table. Scene 2: A sailboat crosses the open sea. ' +
        'Scene 3: Snow falls on a quiet mountain. Scene 4: A rocket lifts off into the sky.',
      scenes: 4,
    });
    // Mid-scene, clear of the wipes and the title card.
    const regions = await Promise.all(
      [0, 1, 2, 3].map((scene) => pictureRegion(bytes, scene * 8 + 4.5)),
    );
    const pairs: number[] = [];
    for (let a = 0; a < regions.length; a++) {
      for (let b = a + 1; b < regions.length; b++) {
        pairs.push(difference(regions[a] as Buffer, regions[b] as Buffer));
      }
    }
    // Two pictures of different subjects differ by tens of levels over their middle (about 70
    // to 95 here); the same picture over a moving background, by under 10 (the next test).
    expect(Math.min(...pairs)).toBeGreaterThan(30);
  });

  it('lets scenes with the same words share their picture', async () => {
    const line = 'A red apple sits on a wooden table.';
    const { bytes } = await make({
      title: 'Apples',
      description: `Scene 1: ${line} Scene 2: ${line}`,
      scenes: 2,
    });
    const [first, second] = await Promise.all([
      pictureRegion(bytes, 4.5),
      pictureRegion(bytes, 12.5),
    ]);
    // The same picture: only the moving background and the float set them apart.
    expect(difference(first as Buffer, second as Buffer)).toBeLessThan(12);
  });
});
