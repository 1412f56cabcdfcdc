// A scheduled run all the way through: the scheduler's tick queues the job's video (the member's
// open tab hears of it), the worker renders it, and it lands in the job's folder in the library,
// once per day.
import { io, type Socket } from 'socket.io-client';
import { expect, it } from 'vitest';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  VideoStatusUpdate,
} from '../../../shared/realtime';
import type { VideoJob } from '../../../shared/schemas/jobs';
import type { Video } from '../../../shared/schemas/videos';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { isSettled, waitForVideo } from '../../../test/videos';
import { manualClock } from '../../clock';

const clock = manualClock(new Date());
const test = setUpTestServer({ env: { ROLES: 'api,worker' }, clock });

it('makes a daily job’s video, filed in the job’s folder, once per day', async () => {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  await test.sql.query("update users set member_level = 'Pro' where id = $1", [user.id]);
  const { body: job } = await client.post<VideoJob>('/api/video-jobs', {
    jobName: 'Harbour daily',
    frequency: 'daily',
    scenes: 1,
    aspectRatio: 'landscape',
    brandName: 'Harbour Tours',
    brandDescription: 'Boat trips around the old harbour.',
    focusFeatures: 'Sunrise departures.',
    filmStyle: 'Calm and cinematic.',
    dynamicSet: 'A different boat each day.',
  });
  const runner = test.server.runtime.ctx.services.engineRunner;
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(test.server.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: client.cookieHeader },
    reconnection: false,
  });
  await new Promise((resolve) => {
    socket.once('authenticated', resolve);
    socket.emit('authenticate', { userId: user.id as string });
  });
  const queued = new Promise<VideoStatusUpdate>((resolve) =>
    socket.on('videoStatusUpdate', (update) => update.status === 'queued' && resolve(update)),
  );

  expect(await runner.runDue()).toBe(1);
  expect(await queued).toMatchObject({
    status: 'queued',
    title: 'Harbour daily #1',
  });
  socket.disconnect();
  expect(await runner.runDue()).toBe(0);
  const { rows } = await test.sql.query(
    'select video_request_id from video_job_runs where job_id = $1',
    [job.id],
  );
  const video = await waitForVideo(client, rows[0].video_request_id, isSettled);
  expect(video).toMatchObject({ status: 'completed', jobId: job.id, scenes: 1 });
  expect(video.title).toBe('Harbour daily #1');

  const folder = await client.get<{ items: Video[] }>(`/api/videos?folder=job:${job.id}`);
  expect(folder.body.items.map((item) => item.id)).toEqual([video.id]);
  const folders =
    await client.get<{ id: number; type: string; videoCount: number }[]>('/api/folders');
  expect(folders.body).toContainEqual(
    expect.objectContaining({ id: job.id, type: 'job', videoCount: 1 }),
  );

  clock.advance(24 * 60 * 60 * 1000);
  expect(await runner.runDue()).toBe(1);
  expect(await runner.runDue()).toBe(0);
}, 60_000);
