// What the offline renderer shows, read back from the frames of real videos: a 4-scene video whose
// scenes name different subjects shows four different pictures, and every shot changes the
// picture, chosen by its words (two scenes with the same words picture the same subjects, never
// one picture twice in a row); the member's images go one per scene; a Creator Engine logo is a
// mark in the corner, never the scene's background.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Storyboard, StoryboardScene, Video } from '../../shared/schemas/videos';
import { signUp, TestClient } from '../../test/http-client';
import { regionMean, videoFrameFile } from '../../test/media';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, videoInput, waitForVideo } from '../../test/videos';
import { pictureSize } from '../media/scene-layout';

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
    // Mid-scene, clear of the fade in and the wipes.
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
    // to 95 here); the same picture over a moving background, by under 10.
    expect(Math.min(...pairs)).toBeGreaterThan(30);
  });

  it('changes the picture at every shot, even where two scenes say the same words', async () => {
    const line = 'A red apple sits on a wooden table.';
    const { video, bytes } = await make({
      title: 'Apples',
      description: `Scene 1: ${line} Scene 2: ${line}`,
      scenes: 2,
    });
    const plan = JSON.parse(video.generatedPrompt as string) as Storyboard;
    const shots = plan.scenes.flatMap((scene) =>
      (scene.shots ?? []).map((shot) => ({ ...shot, at: scene.startSeconds ?? Number.NaN })),
    );
    // Each 8 s scene (no voice) is at least two shots.
    for (const scene of plan.scenes) expect(scene.shots?.length).toBeGreaterThanOrEqual(2);
    // A shot's picture is chosen by its own words (or the title's), never by its place.
    for (const shot of shots) {
      expect(shot.visual?.words.length, shot.text).toBeGreaterThan(0);
      const said = `${plan.title} ${shot.text}`.toLowerCase();
      for (const word of shot.visual?.words ?? []) expect(said).toContain(word.toLowerCase());
    }
    // The same words picture the same subjects: what chose scene 2's pictures chose scene 1's.
    const chosenBy = (scene: StoryboardScene | undefined) =>
      new Set(
        (scene?.shots ?? []).flatMap((shot) =>
          (shot.visual?.words ?? []).map((word) => word.toLowerCase()),
        ),
      );
    const first = chosenBy(plan.scenes[0]);
    expect([...chosenBy(plan.scenes[1])].filter((word) => !first.has(word))).toEqual([]);
    // Never the same picture twice in a row, across the cut between the scenes too: in the plan,
    // and on screen in the middle of each shot (clear of the dissolves and the wipe).
    const regions = await Promise.all(
      shots.map((shot) => pictureRegion(bytes, shot.at + (shot.start + shot.end) / 2)),
    );
    for (let index = 1; index < shots.length; index++) {
      expect(shots[index]?.visual?.id).not.toBe(shots[index - 1]?.visual?.id);
      expect(difference(regions[index] as Buffer, regions[index - 1] as Buffer)).toBeGreaterThan(
        30,
      );
    }
  });
});

/** The frame's mean colour over a region, as [r, g, b]. */
async function regionColour(
  bytes: Uint8Array,
  seconds: number,
  region: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  return regionMean(await videoFrameFile(bytes, seconds), region);
}

async function uploadImage(background: string, width = 960, height = 540): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  const response = await member.upload<{ url: string }>('/api/upload-image', {
    field: 'image',
    name: 'image.png',
    type: 'image/png',
    bytes,
  });
  expect(response.status).toBe(201);
  return response.body.url;
}

const MIDDLE = { left: 520, top: 200, width: 240, height: 180 };

describe("members' images and logos", () => {
  it("shows the member's image for each scene, in order", async () => {
    const [red, blue] = await Promise.all([uploadImage('#e02020'), uploadImage('#2040e0')]);
    const { video, bytes } = await make({
      scenes: 2,
      sceneImageUrls: [red, blue],
      sceneSource: 'upload',
    });
    expect(video.scenes).toBe(2);
    const [first, second] = await Promise.all([
      regionColour(bytes, 4.5, MIDDLE),
      regionColour(bytes, 12.5, MIDDLE),
    ]);
    expect(first?.[0]).toBeGreaterThan((first?.[2] ?? 0) + 80);
    expect(second?.[2]).toBeGreaterThan((second?.[0] ?? 0) + 80);
  });

  it("places a Creator Engine job's logo as a mark in the corner, not over the scene", async () => {
    const logo = await uploadImage('#ff00ff', 400, 200);
    const job = await member.post<{ id: number }>('/api/video-jobs', {
      jobName: 'Roastery daily',
      postType: 'video',
      frequency: 'daily',
      scenes: 1,
      aspectRatio: 'landscape',
      isActive: false,
      advancedMode: false,
      watermark: false,
      sourceImageUrl: logo,
      brandName: 'Ember & Oak',
      brandDescription: 'A small-batch coffee roaster.',
      focusFeatures: 'Fresh beans, direct trade.',
      callToAction: 'Order a fresh bag today.',
      filmStyle: 'Warm morning light.',
      dynamicSet: 'A different brewing method each time.',
      voiceId: null,
    });
    expect(job.status).toBe(201);
    const { bytes } = await make({ jobId: job.body.id });
    // The mark: a card in the top right corner (logoBox of 1280 × 720, inside the margin).
    const mark = await regionColour(bytes, 4, { left: 1130, top: 70, width: 40, height: 30 });
    expect(mark[0]).toBeGreaterThan(200);
    expect(mark[1]).toBeLessThan(90);
    expect(mark[2]).toBeGreaterThan(200);
    // Everywhere else, the scene: no magenta filling the frame.
    const middle = await regionColour(bytes, 4, MIDDLE);
    expect(Math.min(middle[0] ?? 0, middle[2] ?? 0) - (middle[1] ?? 0)).toBeLessThan(100);
  });
});
