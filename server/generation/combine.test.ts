// Combining on the real server and real ffmpeg: whole videos and chosen scenes, across aspect
// ratios, into a playable MP4 of the right length; no credit is charged; only the owner's videos.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Storyboard, Video } from '../../shared/schemas/videos';
import { signUp, TestClient } from '../../test/http-client';
import { makeImage, probeBytes } from '../../test/media';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, videoInput, waitForVideo } from '../../test/videos';

const test = setUpTestServer();
let owner: TestClient;
let twoScenes: Video;
let portrait: Video;

async function render(client: TestClient, body: Record<string, unknown>): Promise<Video> {
  const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
    ...videoInput,
    ...body,
  });
  return waitForVideo(client, created.body.requestId, isSettled);
}

const bytesOf = async (client: TestClient, url: string | null) =>
  Buffer.from(await (await download(client, url as string)).arrayBuffer());

/** A video's scenes as its plan stores them: each one's stored clip's length. */
const scenesOf = (video: Video) =>
  (JSON.parse(video.generatedPrompt as string) as Storyboard).scenes;
const lengthOf = (scenes: Storyboard['scenes']) =>
  scenes.reduce((total, scene) => total + scene.durationSeconds, 0);

const credits = async (client: TestClient) =>
  (await client.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits;

beforeAll(async () => {
  owner = new TestClient(test.server.url);
  const { user } = await signUp(owner);
  await test.sql.query("update users set member_level = 'Pro' where id = $1", [user.id]);
  [twoScenes, portrait] = await Promise.all([
    render(owner, { title: 'Two scenes', scenes: 2 }),
    render(owner, { title: 'Upright', aspectRatio: 'portrait' }),
  ]);
  expect([twoScenes.status, portrait.status]).toEqual(['completed', 'completed']);
  // Narrated scenes last as long as their speech, so the cuts are not every 8 s.
  expect(scenesOf(twoScenes).map((scene) => scene.durationSeconds)).not.toEqual([8, 8]);
}, 60_000);

describe('POST /api/combine-videos', () => {
  it('joins whole videos of different shapes into one landscape video, free of charge', async () => {
    const before = await credits(owner);
    const created = await owner.post<{ requestId: number; status: string }>('/api/combine-videos', {
      title: 'Best of',
      description: 'Both together',
      videoIds: [twoScenes.id, portrait.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('queued');
    const video = await waitForVideo(owner, created.body.requestId, isSettled);
    expect(video).toMatchObject({ status: 'completed', scenes: 3, title: 'Best of' });
    const probe = await probeBytes(
      new Uint8Array(await (await download(owner, video.videoUrl as string)).arrayBuffer()),
    );
    expect(probe).toMatchObject({
      width: 1280,
      height: 720,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    // Cut at the stored scene boundaries: the sources' scenes, whole and in order.
    const sources = [...scenesOf(twoScenes), ...scenesOf(portrait)];
    expect(Math.abs(probe.durationSeconds - lengthOf(sources))).toBeLessThanOrEqual(0.25);
    expect(video.duration).toBeCloseTo(probe.durationSeconds, 0);
    const scenes = scenesOf(video);
    expect(scenes.map((scene) => scene.narration)).toEqual(sources.map((scene) => scene.narration));
    for (const [index, scene] of scenes.entries()) {
      expect(scene.durationSeconds).toBeCloseTo(sources[index]?.durationSeconds ?? 0, 1);
      expect(scene.startSeconds).toBeCloseTo(lengthOf(sources.slice(0, index)), 1);
    }
    // It opens with the first video's first scene, so it shows that video's thumbnail.
    expect(
      (await bytesOf(owner, video.thumbnailUrl)).equals(
        await bytesOf(owner, twoScenes.thumbnailUrl),
      ),
    ).toBe(true);
    expect(await credits(owner)).toBe(before);
  }, 60_000);

  it('joins chosen scenes only', async () => {
    const created = await owner.post<{ requestId: number }>('/api/combine-videos', {
      title: 'Scene two, then the upright one',
      videoIds: [twoScenes.id, portrait.id],
      selectedScenes: [{ videoId: twoScenes.id, scenes: [2] }],
    });
    const video = await waitForVideo(owner, created.body.requestId, isSettled);
    expect(video).toMatchObject({ status: 'completed', scenes: 2 });
    const probe = await probeBytes(
      new Uint8Array(await (await download(owner, video.videoUrl as string)).arrayBuffer()),
    );
    // Scene 2 of the first video, then the upright one, each as long as its stored clip.
    const chosen = [...scenesOf(twoScenes).slice(1), ...scenesOf(portrait)];
    expect(Math.abs(probe.durationSeconds - lengthOf(chosen))).toBeLessThanOrEqual(0.25);
    expect(video.duration).toBeCloseTo(probe.durationSeconds, 0);
    expect(scenesOf(video).map((scene) => scene.narration)).toEqual(
      chosen.map((scene) => scene.narration),
    );
    // Opening with a second scene, it gets a thumbnail of its own: a 1280×720 JPEG.
    const thumbnail = await bytesOf(owner, video.thumbnailUrl);
    expect([...thumbnail.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await probeBytes(new Uint8Array(thumbnail))).toMatchObject({ width: 1280, height: 720 });
    expect(thumbnail.equals(await bytesOf(owner, twoScenes.thumbnailUrl))).toBe(false);
  }, 60_000);

  it('takes its thumbnail from its own opening clip, never from what a source video stored', async () => {
    // A source whose stored thumbnail is not a frame of its first scene (as a combined one's
    // could be): the combined video must not inherit it.
    const { rows } = await test.sql.query(
      'select thumbnail_key from video_generated_content where id = $1',
      [portrait.id],
    );
    const stranger = await makeImage('jpg', '1280x720');
    await writeFile(
      path.join(test.server.config.dataDir, 'media', rows[0].thumbnail_key),
      stranger,
    );
    const created = await owner.post<{ requestId: number }>('/api/combine-videos', {
      title: 'Upright first',
      videoIds: [portrait.id, twoScenes.id],
    });
    const video = await waitForVideo(owner, created.body.requestId, isSettled);
    expect(video.status).toBe('completed');
    const thumbnail = await bytesOf(owner, video.thumbnailUrl);
    expect([...thumbnail.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(thumbnail.equals(stranger)).toBe(false);
  }, 60_000);

  it('refuses a missing title, too few scenes, unknown scenes and other members’ videos', async () => {
    const blank = await owner.post('/api/combine-videos', {
      title: ' ',
      videoIds: [twoScenes.id, portrait.id],
    });
    expect(blank.body.message).toBe('Please enter a title for your combined video.');
    const one = await owner.post('/api/combine-videos', { title: 'One', videoIds: [portrait.id] });
    expect(one.body.message).toBe('Choose at least 2 scenes to combine.');
    const unknownScene = await owner.post('/api/combine-videos', {
      title: 'Nine',
      videoIds: [twoScenes.id],
      selectedScenes: [{ videoId: twoScenes.id, scenes: [1, 9] }],
    });
    expect(unknownScene.status).toBe(400);
    const stranger = new TestClient(test.server.url);
    await signUp(stranger);
    const theirs = await stranger.post('/api/combine-videos', {
      title: 'Mine now',
      videoIds: [twoScenes.id, portrait.id],
    });
    expect(theirs.status).toBe(404);
    const { rows } = await test.sql.query(
      "select count(*)::int as n from video_creation_requests where kind = 'combine' and title in ('One', 'Nine', 'Mine now')",
    );
    expect(rows[0].n).toBe(0);
  });
});
