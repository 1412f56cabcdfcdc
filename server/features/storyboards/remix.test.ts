// Scene remixing as a member uses it, on a real server with its worker and ffmpeg: a 4-scene video
// whose scene 2 gets new words and a new picture is made again from scenes 1, 3 and 4 as they were
// (the same segments, byte for byte) and a new scene 2, as the next version of the same video, for
// no credit; its captions say the new words; restoring version 1 makes /watch and downloads serve
// it again; what may not be remixed is refused with why; the fourth remix is paid.
import { createHash } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  VideoProgressUpdate,
} from '../../../shared/realtime';
import type { StoryboardView, VideoVersion } from '../../../shared/schemas/storyboards';
import type { CreatedVideoRequest, Video } from '../../../shared/schemas/videos';
import { memberOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { download, isSettled, listVideos, waitForVideo } from '../../../test/videos';

const test = setUpTestServer();

const BAKERY = {
  title: 'Morning at the bakery',
  description:
    'The baker lights the oven before sunrise. Flour dusts the long wooden table. ' +
    'Fresh loaves cool on the rack by the window. The first customers line up at the door.',
  aspectRatio: 'landscape',
  scenes: 4,
  watermark: false,
} as const;

const NEW_WORDS = 'A cat naps beside the warm oven.';

type Member = Awaited<ReturnType<typeof memberOn>>;

async function sha(member: Member, url: string): Promise<string> {
  const response = await download(member.client, url);
  expect(response.status).toBe(200);
  return createHash('sha256')
    .update(new Uint8Array(await response.arrayBuffer()))
    .digest('hex');
}

async function segments(contentId: number) {
  const { rows } = await test.sql.query<{ scene: number; hash: string; key: string }>(
    `select scene_number as scene, segment_hash as hash, storage_key as key
       from video_scene_clips where content_id = $1 order by scene_number`,
    [contentId],
  );
  return rows;
}

async function ledgerFor(requestId: number): Promise<number> {
  const { rows } = await test.sql.query(
    `select count(*)::int as n from credit_ledger where video_request_id = $1`,
    [requestId],
  );
  return rows[0].n;
}

/**
 * Waits for the remix request `requestId` to settle: its video (the same id) then shows a new
 * file, or the request is listed failed.
 */
async function waitForVersion(member: Member, videoId: number, previousUrl: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const library = await listVideos(member.client);
    const failed = library.find((video) => video.status === 'failed');
    if (failed) throw new Error(`the remix failed: ${failed.errorMessage}`);
    const video = library.find((entry) => entry.id === videoId);
    if (video && video.videoUrl !== previousUrl) return video;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`video ${videoId} got no new version in time`);
}

/** Opens a remix of `videoId`, rewrites scene 2, picks another picture for it, and renders it. */
async function remixSceneTwo(member: Member, videoId: number, words: string) {
  const opened = await member.client.post<StoryboardView>(`/api/videos/${videoId}/remix`);
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const board = opened.body;
  const rewritten = await member.client.patch<StoryboardView>(`/api/storyboards/${board.id}`, {
    updatedAt: board.updatedAt,
    scenes: board.scenes.map((scene) => ({
      number: scene.number,
      narration: scene.number === 2 ? words : scene.narration,
      shots: scene.shots.map((shot) => ({ id: shot.id })),
    })),
  });
  expect(rewritten.status, JSON.stringify(rewritten.body)).toBe(200);
  const scene2 = rewritten.body.scenes[1];
  const shown = scene2?.shots[0]?.visual?.id;
  const other = scene2?.shots[0]?.candidates.find(
    (candidate) => candidate.source === 'picture' && candidate.id !== shown,
  );
  const picked = await member.client.patch<StoryboardView>(`/api/storyboards/${board.id}`, {
    updatedAt: rewritten.body.updatedAt,
    scenes: rewritten.body.scenes.map((scene) => ({
      number: scene.number,
      narration: scene.narration,
      shots: scene.shots.map((shot, position) =>
        scene.number === 2 && position === 0 && other
          ? { id: shot.id, visual: { source: 'picture', id: other.id } }
          : { id: shot.id },
      ),
    })),
  });
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  const rendered = await member.client.post<CreatedVideoRequest>(
    `/api/storyboards/${board.id}/render`,
  );
  expect(rendered.status, JSON.stringify(rendered.body)).toBe(201);
  return { board: picked.body, requestId: rendered.body.requestId, picture: other?.id };
}

describe('scene remixing', () => {
  it('makes the next version from the scenes it kept, and restores the first', async () => {
    const member = await memberOn(test, 'Elite');
    const created = await member.client.post<CreatedVideoRequest>(
      '/api/video-creation-requests',
      BAKERY,
    );
    expect(created.status).toBe(201);
    const first = await waitForVideo(member.client, created.body.requestId, isSettled, 120_000);
    expect(first.status, first.errorMessage ?? '').toBe('completed');
    const videoId = Number(first.id);
    const before = await segments(videoId);
    expect(before.map((clip) => clip.scene)).toEqual([1, 2, 3, 4]);
    expect(before.every((clip) => /^[0-9a-f]{40}$/.test(clip.hash))).toBe(true);
    const firstFile = await sha(member, first.videoUrl as string);

    // The member's tab hears each scene's progress: the scenes kept are done at once.
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(test.server.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: member.client.cookieHeader },
      reconnection: false,
    });
    const heard: VideoProgressUpdate[] = [];
    socket.on('videoProgress', (update) => heard.push(update));
    await new Promise<void>((resolve, reject) => {
      socket.once('authenticated', () => resolve());
      socket.once('auth_error', (error) => reject(new Error(JSON.stringify(error))));
      socket.emit('authenticate', { userId: member.id });
    });
    const remix = await remixSceneTwo(member, videoId, NEW_WORDS);
    expect(remix.board.videoId).toBe(videoId);
    expect(remix.picture).toBeDefined();
    await waitForVersion(member, videoId, first.videoUrl as string);
    socket.close();
    const perScene = heard.filter(
      (update) => update.requestId === remix.requestId && update.scenes,
    );
    expect(perScene.length).toBeGreaterThan(0);
    expect(perScene.every((update) => update.scenes?.length === 4)).toBe(true);
    expect(perScene[0]?.scenes?.filter((progress) => progress === 100).length).toBeGreaterThan(0);
    // The same video, the next version: same id, a new file; the request is not a second video.
    const library = await listVideos(member.client);
    expect(library.map((video) => video.id)).toEqual([videoId]);
    const second = library[0] as Video;
    expect(second.videoUrl).not.toBe(first.videoUrl);

    // Scenes 1, 3 and 4 are the segments they were; scene 2 is new.
    const after = await segments(videoId);
    expect(after.map((clip) => clip.hash)).toEqual([
      before[0]?.hash,
      expect.not.stringMatching(before[1]?.hash as string),
      before[2]?.hash,
      before[3]?.hash,
    ]);
    expect([after[0]?.key, after[2]?.key, after[3]?.key]).toEqual([
      before[0]?.key,
      before[2]?.key,
      before[3]?.key,
    ]);
    const captions = await (await download(member.client, second.captionsUrl as string)).text();
    expect(captions).toContain('naps');
    expect(captions).toContain('oven');
    const plan = JSON.parse(second.generatedPrompt as string);
    expect(plan.scenes[1].narration).toBe(NEW_WORDS);
    expect(plan.scenes[1].shots[0].visual).toMatchObject({ source: 'picture', id: remix.picture });
    // A video's first three remixes cost nothing: not even an unlimited plan's ledger line.
    expect(await ledgerFor(remix.requestId)).toBe(0);

    const versions = await member.client.get<VideoVersion[]>(`/api/videos/${videoId}/versions`);
    expect(versions.body.map((version) => [version.version, version.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(versions.body[1]?.videoUrl).toBe(first.videoUrl);

    // Restoring version 1: the shared page and downloads serve it again.
    const restored = await member.client.post<Video>(`/api/videos/${videoId}/versions/1/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.videoUrl).toBe(first.videoUrl);
    await member.client.patch(`/api/videos/${videoId}/visibility`, { isPublic: true });
    const shared = await fetch(new URL(`/api/shared-video/${videoId}`, test.server.url));
    const watched = (await shared.json()) as { videoUrl: string };
    expect(watched.videoUrl).toBe(first.videoUrl);
    const visitor = await fetch(new URL(watched.videoUrl, test.server.url));
    expect(
      createHash('sha256')
        .update(new Uint8Array(await visitor.arrayBuffer()))
        .digest('hex'),
    ).toBe(firstFile);
    const downloaded = await sha(
      member,
      `/api/proxy/download?url=${encodeURIComponent(restored.body.videoUrl as string)}&filename=x`,
    );
    expect(downloaded).toBe(firstFile);
    expect((await segments(videoId)).map((clip) => clip.hash)).toEqual(
      before.map((clip) => clip.hash),
    );

    // Three remixes are free; a fourth is paid (a spend line, even on an unlimited plan).
    await test.sql.query(
      `insert into video_creation_requests (user_id, title, description, status, remix_of)
         select user_id, title, description, 'completed', $1
           from video_creation_requests, generate_series(1, 2) where id = $2`,
      [videoId, created.body.requestId],
    );
    const paid = await remixSceneTwo(member, videoId, 'A dog waits at the bakery door.');
    expect(await ledgerFor(paid.requestId)).toBe(1);
    const third = await waitForVersion(member, videoId, first.videoUrl as string);

    // A free remix that failed is free when tried again.
    const { rows: failed } = await test.sql.query(
      `insert into video_creation_requests
         (user_id, title, description, status, error_message, remix_of, segment_root, scenes)
       values ($1, 'Morning at the bakery', $2, 'failed', 'It failed', $3, $4, 1) returning id`,
      [member.id, BAKERY.description, videoId, created.body.requestId],
    );
    const retried = await member.client.patch(`/api/videos/req-${failed[0].id}/retry`);
    expect(retried.status).toBe(200);
    expect(await ledgerFor(failed[0].id)).toBe(0);
    await waitForVersion(member, videoId, third.videoUrl as string);
  }, 240_000);

  it('refuses a Free member, a combination and a video not finished, saying why', async () => {
    const member = await memberOn(test, 'Elite');
    const { rows } = await test.sql.query(
      `insert into video_creation_requests (user_id, title, description, status, error_message)
       values ($1, 'Broken', 'It failed', 'failed', 'It failed') returning id`,
      [member.id],
    );
    const failed = await member.client.post(`/api/videos/req-${rows[0].id}/remix`);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({
      message:
        'Only finished videos can be remixed. Retry this video first, or wait for it to finish.',
    });

    const { rows: combined } = await test.sql.query(
      `with request as (
         insert into video_creation_requests (user_id, kind, title, description, status)
         values ($1, 'combine', 'Joined', 'Two videos', 'completed') returning id, user_id)
       insert into video_generated_content
           (user_id, request_id, title, description, video_key, scenes, aspect_ratio)
         select user_id, id, 'Joined', 'Two videos', 'users/x/videos/1/video.mp4', 2, 'landscape'
           from request
       returning id`,
      [member.id],
    );
    const joined = await member.client.post(`/api/videos/${combined[0].id}/remix`);
    expect(joined.status).toBe(400);
    expect(joined.body).toMatchObject({
      message: 'Combined videos cannot be remixed. Remix the videos it was made from instead.',
    });

    await test.sql.query(`update users set member_level = 'Free' where id = $1`, [member.id]);
    const free = await member.client.post(`/api/videos/${combined[0].id}/remix`);
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ message: 'Upgrade to Pro or Elite to remix scenes' });

    const stranger = await memberOn(test, 'Elite');
    expect((await stranger.client.post(`/api/videos/${combined[0].id}/remix`)).status).toBe(404);
  });
});
