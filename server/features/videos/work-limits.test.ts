// Per-member limits on work, on an API node with no worker (so what is queued stays queued): the
// plan's cap on videos and combinations in progress (429, never overdrawn by racing requests, Run
// Now and retries included), the bounds of a combined video, and the cap on Creator Engine jobs.
import { describe, expect, it } from 'vitest';
import { COMBINE_REPEATS } from '../../../shared/schemas/library';
import type { Tier } from '../../../shared/tiers';
import { TIER_RULES } from '../../../shared/tiers';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { videoInput } from '../../../test/videos';

const test = setUpTestServer({ env: { ROLES: 'api', RATE_LIMITS: 'off' } });

async function member(level: Tier) {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  await test.sql.query('update users set member_level = $1 where id = $2', [level, user.id]);
  return { client, id: user.id as string };
}

const inProgress = async (userId: string) =>
  (
    await test.sql.query(
      `select count(*)::int as n from video_creation_requests
        where user_id = $1 and status in ('queued', 'processing')`,
      [userId],
    )
  ).rows[0].n as number;

const balance = async (client: TestClient) =>
  (await client.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits;

/** A Creator Engine job that does not run by itself. */
const pausedJob = (jobName: string) => ({
  jobName,
  postType: 'video',
  frequency: 'daily',
  scenes: 1,
  aspectRatio: 'landscape',
  isActive: false,
  advancedMode: true,
  watermark: false,
  masterPrompt: 'A short clip about coffee.',
});

/** Finished videos with `scenes` stored clips each, as rendering would have left them. */
async function finishedVideos(userId: string, count: number, scenes: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const { rows } = await test.sql.query(
      `insert into video_generated_content
         (user_id, title, description, video_key, scenes, aspect_ratio, width, height)
       values ($1, $2, '', $3, $4, 'landscape', 1280, 720) returning id`,
      [userId, `Finished ${index + 1}`, `users/${userId}/videos/${index}/video.mp4`, scenes],
    );
    const id = rows[0].id as number;
    for (let scene = 1; scene <= scenes; scene++) {
      await test.sql.query(
        `insert into video_scene_clips (content_id, scene_number, storage_key, duration, width, height)
         values ($1, $2, $3, 8, 1280, 720)`,
        [id, scene, `users/${userId}/videos/${index}/scene-${scene}.mp4`],
      );
    }
    ids.push(id);
  }
  return ids;
}

describe('videos in progress', () => {
  it("refuses a Free member's sixth video while five are in progress, and takes it once one is done", async () => {
    const { client, id } = await member('Free');
    for (let index = 1; index <= 5; index++) {
      const created = await client.post('/api/video-creation-requests', {
        ...videoInput,
        title: `Video ${index}`,
      });
      expect(created.status).toBe(201);
    }
    const refused = await client.post('/api/video-creation-requests', videoInput);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'IN_PROGRESS_LIMIT',
      message:
        'You have 5 videos in progress, the most the Free plan allows at once. Please wait for one to finish.',
      retryAfterSeconds: 10,
    });
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await inProgress(id)).toBe(5);
    expect(await balance(client)).toBe(5);

    await test.sql.query(
      `update video_creation_requests set status = 'completed'
        where id = (select min(id) from video_creation_requests where user_id = $1)`,
      [id],
    );
    expect((await client.post('/api/video-creation-requests', videoInput)).status).toBe(201);
  });

  it('lets fifteen racing creates from a Pro member take exactly the ten seats, charged ten times', async () => {
    const { client, id } = await member('Pro');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        client.post('/api/video-creation-requests', { ...videoInput, title: `Race ${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(5).fill(429)]);
    expect(await inProgress(id)).toBe(TIER_RULES.Pro.maxInProgress);
    expect(await balance(client)).toBe(150 - TIER_RULES.Pro.maxInProgress);
  });

  it('counts combinations, retries and Run Now against the same seats', async () => {
    const { client, id } = await member('Elite');
    const [first, second] = await finishedVideos(id, 2, 1);
    const { rows } = await test.sql.query(
      `insert into video_creation_requests (user_id, title, description, aspect_ratio, scenes, status)
       values ($1, 'Broken', 'It failed', 'landscape', 1, 'failed') returning id`,
      [id],
    );
    const failedId = rows[0].id as number;
    const job = await client.post<{ id: number }>('/api/video-jobs', pausedJob('Daily'));
    expect(job.status).toBe(201);

    for (let index = 0; index < TIER_RULES.Elite.maxInProgress - 1; index++) {
      expect((await client.post('/api/video-creation-requests', videoInput)).status).toBe(201);
    }
    const combined = await client.post('/api/combine-videos', {
      title: 'Both',
      description: '',
      videoIds: [first, second],
    });
    expect(combined.status).toBe(201);
    expect(await inProgress(id)).toBe(TIER_RULES.Elite.maxInProgress);

    const combineAgain = await client.post('/api/combine-videos', {
      title: 'Again',
      description: '',
      videoIds: [second, first],
    });
    expect(combineAgain.status).toBe(429);
    expect((await client.request('PATCH', `/api/videos/req-${failedId}/retry`)).status).toBe(429);
    const runNow = await client.post('/api/video-creation-requests', {
      ...videoInput,
      jobId: job.body.id,
    });
    expect(runNow.status).toBe(429);
    expect(await inProgress(id)).toBe(TIER_RULES.Elite.maxInProgress);
  });
});

describe('combined videos', () => {
  it("refuses more scenes than the plan's bound, and any video or scene used twice", async () => {
    const { client, id } = await member('Free');
    const videos = await finishedVideos(id, 6, 1);
    const tooLong = await client.post('/api/combine-videos', {
      title: 'Everything',
      description: '',
      videoIds: videos,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'A combined video can have at most 5 scenes on the Free plan. Please choose fewer scenes.',
    });
    for (const body of [
      { videoIds: [videos[0], videos[0], videos[1]] },
      {
        videoIds: [videos[0], videos[1]],
        selectedScenes: [{ videoId: videos[0], scenes: [1, 1] }],
      },
    ]) {
      const repeated = await client.post('/api/combine-videos', {
        title: 'Twice',
        description: '',
        ...body,
      });
      expect(repeated.status).toBe(400);
      expect(repeated.body).toMatchObject({ code: 'VALIDATION_ERROR', message: COMBINE_REPEATS });
    }
    expect(await inProgress(id)).toBe(0);
    const fits = await client.post('/api/combine-videos', {
      title: 'Five',
      description: '',
      videoIds: videos.slice(0, 5),
    });
    expect(fits.status).toBe(201);
  });
});

describe('Creator Engine jobs', () => {
  it('keeps a Pro member to ten jobs, even when they are created at once', async () => {
    const { client, id } = await member('Pro');
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        client.post('/api/video-jobs', pausedJob(`Job ${index}`)),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = answers.find((answer) => answer.status !== 201);
    expect(refused?.status).toBe(400);
    expect(refused?.body).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'You can keep up to 10 Creator Engine jobs on the Pro plan. Delete a job to create another.',
    });
    const { rows } = await test.sql.query(
      'select count(*)::int as n from video_jobs where user_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(10);
  });
});
