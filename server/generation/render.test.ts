// The whole pipeline on the real server, database and ffmpeg: a created video renders to a
// playable MP4 of the right size and length, and a failed render refunds and can be retried.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Storyboard } from '../../shared/schemas/videos';
import { signUp, TestClient } from '../../test/http-client';
import { makeImage, probeBytes } from '../../test/media';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, videoInput, waitForVideo } from '../../test/videos';
import { SCENE_TIMING } from '../media/scene-timing';
import { SOURCE_IMAGE_UNREADABLE_MESSAGE } from './local-draw';

const test = setUpTestServer();

async function member(plan: 'Free' | 'Elite' = 'Free') {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  if (plan !== 'Free') {
    await test.sql.query('update users set member_level = $1 where id = $2', [plan, user.id]);
  }
  return client;
}

const credits = async (client: TestClient) =>
  (await client.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits;

async function uploadBytes(client: TestClient, bytes: Uint8Array): Promise<string> {
  const response = await client.upload<{ url: string }>('/api/upload-image', {
    field: 'image',
    name: 'source.png',
    type: 'image/png',
    bytes,
  });
  expect(response.status).toBe(201);
  return response.body.url;
}

let free: TestClient;
beforeAll(async () => {
  free = await member();
});

describe('rendering a video', () => {
  it('turns a Free member’s request with an uploaded image and no voice into an 8 s 1280×720 MP4', async () => {
    const sourceImageUrl = await uploadBytes(free, await makeImage('png', '640x480'));
    // Without a voice, a scene keeps its 8 s.
    const created = await free.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      sourceImageUrl,
      voiceId: null,
    });
    expect(created.status).toBe(201);
    const video = await waitForVideo(free, created.body.requestId, isSettled);
    expect(video).toMatchObject({
      status: 'completed',
      progress: 100,
      scenes: 1,
      errorMessage: null,
    });
    expect(typeof video.id).toBe('number');
    expect(await credits(free)).toBe(9);

    const file = await download(free, video.videoUrl as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('video/mp4');
    const probe = await probeBytes(new Uint8Array(await file.arrayBuffer()));
    expect(probe).toMatchObject({
      width: 1280,
      height: 720,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    expect(Math.abs(probe.durationSeconds - 8)).toBeLessThanOrEqual(0.5);
    expect(video.duration).toBeCloseTo(probe.durationSeconds, 0);

    const thumbnail = await download(free, video.thumbnailUrl as string);
    expect([...new Uint8Array(await thumbnail.arrayBuffer()).slice(0, 3)]).toEqual([
      0xff, 0xd8, 0xff,
    ]);

    const plan = JSON.parse(video.generatedPrompt as string);
    expect(plan.scenes).toHaveLength(1);
    const { rows } = await test.sql.query(
      'select scene_number, duration from video_scene_clips where content_id = $1',
      [video.id],
    );
    expect(rows).toHaveLength(1);
    expect(Math.abs(Number(rows[0].duration) - 8)).toBeLessThanOrEqual(0.5);
    // The video is dated when it was asked for, not when it finished, so library cards keep
    // their order as queued videos complete.
    const dates = await test.sql.query(
      `select r.created_at = c.created_at as same from video_generated_content c
       join video_creation_requests r on r.id = c.request_id where c.id = $1`,
      [video.id],
    );
    expect(dates.rows).toEqual([{ same: true }]);

    // Media can be sought: a byte range answers 206.
    const range = await fetch(new URL(video.videoUrl as string, test.server.url), {
      headers: { cookie: free.cookieHeader, range: 'bytes=0-99' },
    });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });

  it('renders 4 narrated portrait scenes for Elite into a 720×1280 video as long as its scene clips', async () => {
    const elite = await member('Elite');
    const created = await elite.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      aspectRatio: 'portrait',
      scenes: 4,
      watermark: false,
    });
    const video = await waitForVideo(elite, created.body.requestId, isSettled);
    // Left out, the voice is the member's default: a new member's is the offline US English one.
    expect(video).toMatchObject({ status: 'completed', voiceId: 'offline-en-us' });
    const probe = await probeBytes(
      new Uint8Array(await (await download(elite, video.videoUrl as string)).arrayBuffer()),
    );
    expect(probe).toMatchObject({ width: 720, height: 1280 });
    const { rows } = await test.sql.query(
      'select scene_number, duration from video_scene_clips where content_id = $1 order by scene_number',
      [video.id],
    );
    expect(rows.map((row) => row.scene_number)).toEqual([1, 2, 3, 4]);
    // Each scene lasts as long as its speech plus a breath, and the video is its scenes end to end.
    const clips = rows.map((row) => Number(row.duration));
    for (const seconds of clips) {
      expect(seconds).toBeGreaterThanOrEqual(SCENE_TIMING.minSeconds - 0.05);
      expect(seconds).toBeLessThanOrEqual(SCENE_TIMING.maxSeconds + 0.05);
    }
    const total = clips.reduce((sum, seconds) => sum + seconds, 0);
    expect(Math.abs(probe.durationSeconds - total)).toBeLessThanOrEqual(0.25);
    expect(video.duration).toBeCloseTo(total, 1);
    // The plan places the scenes (the chapters) where the clips meet.
    const plan = JSON.parse(video.generatedPrompt as string) as Storyboard;
    let at = 0;
    for (const [index, scene] of plan.scenes.entries()) {
      expect(scene.startSeconds ?? -1).toBeCloseTo(at, 2);
      expect(scene.durationSeconds).toBeCloseTo(clips[index] ?? 0, 2);
      at += clips[index] ?? 0;
    }
  }, 60_000);

  it('fails a render whose image cannot be decoded, refunds it, and retries on request', async () => {
    const owner = await member();
    // A PNG signature followed by garbage: refused at upload now that images are read there...
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2048, 0x42),
    ]);
    const refused = await owner.upload<{ message: string }>('/api/upload-image', {
      field: 'image',
      name: 'broken.png',
      type: 'image/png',
      bytes: broken,
    });
    expect(refused.status).toBe(400);
    // ...so a stored image that went bad afterwards (a damaged disk, a botched restore) stands in.
    const sourceImageUrl = await uploadBytes(owner, await makeImage('png'));
    await writeFile(
      path.join(
        test.server.config.dataDir,
        'media',
        ...sourceImageUrl.slice('/media/'.length).split('/'),
      ),
      broken,
    );
    const created = await owner.post<{ requestId: number; id: string }>(
      '/api/video-creation-requests',
      {
        ...videoInput,
        sourceImageUrl,
      },
    );
    const failed = await waitForVideo(owner, created.body.requestId, isSettled);
    expect(failed).toMatchObject({
      status: 'failed',
      errorMessage: SOURCE_IMAGE_UNREADABLE_MESSAGE,
    });
    expect(failed.id).toBe(created.body.id);
    expect(await credits(owner)).toBe(10);
    const ledger =
      await owner.get<Array<{ transactionType: string; amount: number }>>('/api/credits/ledger');
    expect(ledger.body[0]).toMatchObject({ transactionType: 'refund', amount: 1 });

    const retried = await owner.patch(`/api/videos/${created.body.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'queued', errorMessage: null });
    const again = await waitForVideo(owner, created.body.requestId, isSettled);
    expect(again.status).toBe('failed');
    expect(await credits(owner)).toBe(10);
    const { rows } = await test.sql.query(
      'select transaction_type, amount from credit_ledger where video_request_id = $1 order by id',
      [created.body.requestId],
    );
    expect(rows.map((row) => `${row.transaction_type}${row.amount}`)).toEqual([
      'spend-1',
      'refund1',
      'spend-1',
      'refund1',
    ]);
  }, 60_000);

  it('retries only failed videos, and only the owner’s', async () => {
    const stranger = await member();
    const created = await free.post<{ id: string; requestId: number }>(
      '/api/video-creation-requests',
      videoInput,
    );
    expect((await stranger.patch(`/api/videos/${created.body.id}/retry`)).status).toBe(404);
    await waitForVideo(free, created.body.requestId, isSettled);
    const response = await free.patch(`/api/videos/${created.body.id}/retry`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Only failed videos can be retried.');
  });
});
