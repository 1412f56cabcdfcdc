// Run Now on the real server (it answers over HTTP: 201, 400 for Pro, 404 for another member's
// job): the job's next video is queued at once for Elite, filed and named after the job.
import { describe, expect, it } from 'vitest';
import type { VideoJob, VideoJobInput } from '../../../shared/schemas/jobs';
import { GUIDED_JOB, runsOf as runsOfJob } from '../../../test/engine-runs';
import type { TestClient } from '../../../test/http-client';
import { memberOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { manualClock } from '../../clock';

const clock = manualClock(new Date());
// No worker: Run Now queues a video, and what it queued is read from the database.
const test = setUpTestServer({ env: { ROLES: 'api' }, clock });

const guided = GUIDED_JOB;

const member = (level: 'Free' | 'Pro' | 'Elite') => memberOn(test, level);

async function createJob(client: TestClient, input: VideoJobInput = guided): Promise<VideoJob> {
  const response = await client.post<VideoJob>('/api/video-jobs', input);
  expect(response.status).toBe(201);
  return response.body;
}

const runsOf = (jobId: number) => runsOfJob(test.sql, jobId);

describe('Run Now', () => {
  const runNow = (client: TestClient, jobId: number) =>
    client.post<{ id: string; requestId: number }>('/api/video-creation-requests', {
      title: 'Run now',
      description: 'From the job',
      aspectRatio: 'landscape',
      scenes: 1,
      videoPrompt: 'whatever the client built',
      jobId,
    });

  it('queues the job’s next video at once for Elite, filed in its folder', async () => {
    const elite = await member('Elite');
    const job = await createJob(elite.client, { ...guided, isActive: false });
    const response = await runNow(elite.client, job.id);
    expect(response.status).toBe(201);
    expect(response.body.id).toBe(`req-${response.body.requestId}`);
    const runs = await runsOf(job.id);
    expect(runs).toEqual([
      expect.objectContaining({ status: 'created', trigger: 'manual', job_id: job.id }),
    ]);
    expect(runs[0].video_prompt).toContain('About the brand');
  });

  it('names videos made right after one another distinctly, after the job, without a date', async () => {
    const elite = await member('Elite');
    const job = await createJob(elite.client, { ...guided, jobName: 'Summit Roast daily' });
    await runNow(elite.client, job.id);
    clock.advance(1000);
    await runNow(elite.client, job.id);
    const titles = (await runsOf(job.id)).map((run) => run.title).sort();
    expect(titles).toEqual(['Summit Roast daily #1', 'Summit Roast daily #2']);
  });

  it('is refused for Pro, and for another member’s job', async () => {
    const pro = await member('Pro');
    const job = await createJob(pro.client);
    const refused = await runNow(pro.client, job.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/Elite feature/) });
    const elite = await member('Elite');
    expect((await runNow(elite.client, job.id)).status).toBe(404);
    expect(await runsOf(job.id)).toEqual([]);
  });
});
