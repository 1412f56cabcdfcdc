// The Creator Engine API on the real server: every rule of the job form on the server, the plan
// rules, owner scoping (anyone else gets 404 and changes nothing), delete and unlink.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/realtime';
import type { VideoJob, VideoJobInput } from '../../../shared/schemas/jobs';
import { TestClient } from '../../../test/http-client';
import { memberOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';

const test = setUpTestServer({ env: { ROLES: 'api' } });

const guided: VideoJobInput = {
  jobName: 'Daily coffee moments',
  postType: 'video',
  frequency: 'daily',
  scenes: 2,
  aspectRatio: 'portrait',
  isActive: true,
  advancedMode: false,
  watermark: false,
  brandName: 'Ember & Oak',
  brandDescription: 'A small-batch coffee roaster.',
  focusFeatures: 'Fresh beans, direct trade.',
  callToAction: 'Order a fresh bag today.',
  filmStyle: 'Warm morning light.',
  dynamicSet: 'A different brewing method each time.',
};

const member = (level: 'Free' | 'Pro' | 'Elite') => memberOn(test, level);

let pro: Awaited<ReturnType<typeof member>>;
let elite: Awaited<ReturnType<typeof member>>;
let free: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  [pro, elite, free] = await Promise.all([member('Pro'), member('Elite'), member('Free')]);
});

const jobCount = async (userId: string) =>
  (await test.sql.query('select count(*)::int as n from video_jobs where user_id = $1', [userId]))
    .rows[0].n;

describe('POST /api/video-jobs', () => {
  it('creates a guided job for a Pro member, due at once, and lists it', async () => {
    const created = await pro.client.post<VideoJob>('/api/video-jobs', guided);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...guided,
      masterPrompt: '',
      sourceImageUrl: null,
      itemListIndex: 1,
      pausedReason: null,
      lastResult: null,
    });
    expect(Date.parse(created.body.nextRunAt as string)).toBeLessThanOrEqual(Date.now());
    const list = await pro.client.get<VideoJob[]>('/api/video-jobs');
    expect(list.body.map((job) => job.id)).toEqual([created.body.id]);
    const folders =
      await pro.client.get<{ id: number; type: string; name: string }[]>('/api/folders');
    expect(folders.body).toContainEqual(
      expect.objectContaining({ id: created.body.id, type: 'job', name: guided.jobName }),
    );
  });

  it('says which required fields are missing, in the form’s words', async () => {
    const before = await jobCount(pro.id);
    const guidedGaps = await pro.client.post('/api/video-jobs', {
      ...guided,
      jobName: '  ',
      filmStyle: '',
      dynamicSet: undefined,
    });
    expect(guidedGaps.status).toBe(400);
    expect(guidedGaps.body.message).toBe(
      'Please fill in: Job Name, Film Style, Dynamic Scene Generation',
    );
    const advancedGaps = await pro.client.post('/api/video-jobs', {
      jobName: 'Loop',
      advancedMode: true,
      masterPrompt: '',
    });
    expect(advancedGaps.body.message).toBe(
      'Please fill in: Video Frequency, Scene Count, Aspect Ratio, Dynamic Prompt',
    );
    const tooLong = await pro.client.post('/api/video-jobs', {
      ...guided,
      callToAction: 'x'.repeat(301),
    });
    expect(tooLong.body.message).toBe('Call to Action must be 300 characters or less.');
    expect(await jobCount(pro.id)).toBe(before);
  });

  it('stores an advanced job with the spec’s markers in place of the guided fields', async () => {
    const created = await pro.client.post<VideoJob>('/api/video-jobs', {
      ...guided,
      jobName: 'Rotating topics',
      advancedMode: true,
      masterPrompt: 'A film about {Topic}.\n{Topic: tea, "coffee, black"}',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      advancedMode: true,
      masterPrompt: 'A film about {Topic}.\n{Topic: tea, "coffee, black"}',
      brandName: '',
      callToAction: '',
      brandDescription: 'Advanced mode',
      focusFeatures: 'Advanced mode',
      filmStyle: 'Advanced mode',
      dynamicSet: 'Advanced mode',
    });
  });

  it('holds each plan to its rules', async () => {
    const refusedFree = await free.client.post('/api/video-jobs', { ...guided, scenes: 1 });
    expect(refusedFree.status).toBe(400);
    expect(refusedFree.body.message).toMatch(/Pro and Elite/);
    const hourly = await pro.client.post('/api/video-jobs', { ...guided, frequency: '1hour' });
    expect(hourly.status).toBe(400);
    expect(hourly.body.message).toMatch(/Elite feature/);
    const tooManyScenes = await pro.client.post('/api/video-jobs', { ...guided, scenes: 3 });
    expect(tooManyScenes.body.message).toBe('Pro members can create jobs with up to 2 scenes.');
    const eliteHourly = await elite.client.post<VideoJob>('/api/video-jobs', {
      ...guided,
      frequency: '1hour',
      scenes: 4,
    });
    expect(eliteHourly.status).toBe(201);
    expect(await jobCount(free.id)).toBe(0);
  });

  it('accepts only the member’s own upload as the logo', async () => {
    const response = await pro.client.post('/api/video-jobs', {
      ...guided,
      sourceImageUrl: `/media/users/${elite.id}/uploads/logo.png`,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please upload the logo again.');
  });
});

describe('PATCH /api/video-jobs/{id}', () => {
  it('edits the whole job, toggles it and moves its rotation', async () => {
    const { body: job } = await pro.client.post<VideoJob>('/api/video-jobs', guided);
    const edited = await pro.client.patch<VideoJob>(`/api/video-jobs/${job.id}`, {
      ...guided,
      jobName: 'Weekly coffee',
      frequency: 'weekly',
    });
    expect(edited.body).toMatchObject({ jobName: 'Weekly coffee', frequency: 'weekly' });

    const off = await pro.client.patch<VideoJob>(`/api/video-jobs/${job.id}`, { isActive: false });
    expect(off.body).toMatchObject({ isActive: false, nextRunAt: null });
    const on = await pro.client.patch<VideoJob>(`/api/video-jobs/${job.id}`, { isActive: true });
    expect(on.body.isActive).toBe(true);
    expect(on.body.nextRunAt).not.toBeNull();

    const moved = await pro.client.patch<VideoJob>(`/api/video-jobs/${job.id}`, {
      itemListIndex: 3,
    });
    expect(moved.body.itemListIndex).toBe(3);
    const bad = await pro.client.patch(`/api/video-jobs/${job.id}`, { itemListIndex: 0 });
    expect(bad.status).toBe(400);
  });

  it('lets a job saved under a bigger plan keep its scene count, but not grow', async () => {
    const downgraded = await member('Elite');
    const { body: job } = await downgraded.client.post<VideoJob>('/api/video-jobs', {
      ...guided,
      scenes: 4,
    });
    await test.sql.query("update users set member_level = 'Pro' where id = $1", [downgraded.id]);
    const kept = await downgraded.client.patch<VideoJob>(`/api/video-jobs/${job.id}`, {
      ...guided,
      scenes: 4,
      jobName: 'Renamed',
    });
    expect(kept.body).toMatchObject({ scenes: 4, jobName: 'Renamed' });
    const grown = await downgraded.client.patch(`/api/video-jobs/${job.id}`, {
      ...guided,
      scenes: 3,
    });
    expect(grown.status).toBe(400);
  });

  it('pauses the jobs of a member who dropped below Pro, and says why', async () => {
    const dropped = await member('Pro');
    await dropped.client.post('/api/video-jobs', guided);
    await test.sql.query("update users set member_level = 'Free' where id = $1", [dropped.id]);
    const [job] = (await dropped.client.get<VideoJob[]>('/api/video-jobs')).body;
    expect(job).toMatchObject({ isActive: true, nextRunAt: null });
    expect(job?.pausedReason).toMatch(/^Paused: .*Pro and Elite/);

    const wasElite = await member('Elite');
    await wasElite.client.post('/api/video-jobs', { ...guided, frequency: '1hour' });
    await test.sql.query("update users set member_level = 'Pro' where id = $1", [wasElite.id]);
    const [hourly] = (await wasElite.client.get<VideoJob[]>('/api/video-jobs')).body;
    expect(hourly).toMatchObject({ isActive: true, nextRunAt: null });
    expect(hourly?.pausedReason).toMatch(/^Paused: running every hour is an Elite feature/);
  });
});

describe('deleting and unlinking', () => {
  type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
  let socket: ClientSocket;

  afterAll(() => socket?.disconnect());

  it('deletes once (then 404), keeping the job’s videos, and tells the owner’s open tabs', async () => {
    const { body: job } = await pro.client.post<VideoJob>('/api/video-jobs', guided);
    await test.sql.query(
      `insert into video_generated_content (user_id, job_id, title, description, video_key, scenes, aspect_ratio)
       select $1, $2, 'Run ' || n, 'made by the job', 'users/x/video.mp4', 1, 'portrait'
       from generate_series(1, 2) n`,
      [pro.id, job.id],
    );
    socket = io(test.server.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: pro.client.cookieHeader },
      reconnection: false,
    });
    await new Promise((resolve) => {
      socket.once('authenticated', resolve);
      socket.emit('authenticate', { userId: pro.id });
    });
    const heard = new Promise((resolve) => socket.once('job_deleted', resolve));

    expect((await elite.client.request('DELETE', `/api/video-jobs/${job.id}`)).status).toBe(404);
    const deleted = await pro.client.request('DELETE', `/api/video-jobs/${job.id}`);
    expect(deleted.body).toEqual({ deletedJob: { jobName: guided.jobName } });
    expect(await heard).toEqual({ jobName: guided.jobName, videosUnlinked: 2, jobId: job.id });
    const again = await pro.client.request('DELETE', `/api/video-jobs/${job.id}`);
    expect(again.status).toBe(404);
    const { rows } = await test.sql.query(
      "select job_id from video_generated_content where user_id = $1 and description = 'made by the job'",
      [pro.id],
    );
    expect(rows).toEqual([{ job_id: null }, { job_id: null }]);
  });

  it('unlinks a job’s videos for its owner only', async () => {
    const { body: job } = await pro.client.post<VideoJob>('/api/video-jobs', {
      ...guided,
      jobName: 'Unlink me',
    });
    await test.sql.query(
      `insert into video_generated_content (user_id, job_id, title, description, video_key, scenes, aspect_ratio)
       values ($1, $2, 'Run 1', 'unlink test', 'users/x/video.mp4', 1, 'portrait')`,
      [pro.id, job.id],
    );
    // The job's folder counts the video it holds, and none once unlinked.
    const jobFolder = async () =>
      (
        await pro.client.get<Array<{ id: number; type: string; videoCount: number }>>(
          '/api/folders',
        )
      ).body.find((folder) => folder.type === 'job' && folder.id === job.id);
    expect((await jobFolder())?.videoCount).toBe(1);
    expect((await elite.client.post(`/api/video-jobs/${job.id}/unlink`)).status).toBe(404);
    const unlinked = await pro.client.post(`/api/video-jobs/${job.id}/unlink`);
    expect(unlinked.body).toEqual({ jobName: 'Unlink me', videosUnlinked: 1 });
    expect((await jobFolder())?.videoCount).toBe(0);
    expect((await pro.client.get<VideoJob[]>('/api/video-jobs')).body.map((j) => j.id)).toContain(
      job.id,
    );
  });

  it('never shows, edits or toggles another member’s job', async () => {
    const { body: job } = await pro.client.post<VideoJob>('/api/video-jobs', guided);
    expect(
      (await elite.client.get<VideoJob[]>('/api/video-jobs')).body.map((j) => j.id),
    ).not.toContain(job.id);
    const edit = await elite.client.patch(`/api/video-jobs/${job.id}`, {
      ...guided,
      jobName: 'Mine',
    });
    expect(edit.status).toBe(404);
    expect(
      (await elite.client.patch(`/api/video-jobs/${job.id}`, { isActive: false })).status,
    ).toBe(404);
    const { rows } = await test.sql.query(
      'select job_name, is_active from video_jobs where id = $1',
      [job.id],
    );
    expect(rows[0]).toEqual({ job_name: guided.jobName, is_active: true });
  });
});

describe('form helpers', () => {
  it('gives a complete sample and the advanced template', async () => {
    const sample = await pro.client.get<Record<string, string>>('/api/sample-data');
    for (const field of [
      'jobName',
      'brandDescription',
      'focusFeatures',
      'filmStyle',
      'dynamicSet',
    ]) {
      expect(sample.body[field]).toEqual(expect.any(String));
    }
    const template = await pro.client.get<{ template: string }>('/api/advanced-mode-template');
    expect(template.body.template).toContain('{Topic:');
    expect(template.body.template).toContain('aspect_ratio:');
    expect((await new TestClient(test.server.url).get('/api/sample-data')).status).toBe(401);
  });
});
