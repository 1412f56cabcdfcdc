// Creator Engine runs on the real server and database, with a clock the test moves (no sleeps):
// each due run happens once, even with two schedulers on one database; rotation; skipped runs
// when credits are short; paused and inactive jobs; Run Now for Elite only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoJob, VideoJobInput } from '../../../shared/schemas/jobs';
import type { TestClient } from '../../../test/http-client';
import { memberOn } from '../../../test/members';
import { setUpTestServer, startTestServer, type TestServer } from '../../../test/server';
import { manualClock } from '../../clock';

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = manualClock(new Date());
// No worker: runs queue videos, and what they queued is read from the database.
const test = setUpTestServer({ env: { ROLES: 'api' }, clock });
let secondScheduler: TestServer;

const guided: VideoJobInput = {
  jobName: 'Daily coffee',
  frequency: 'daily',
  scenes: 1,
  aspectRatio: 'landscape',
  isActive: true,
  advancedMode: false,
  watermark: true,
  brandDescription: 'A small-batch roaster.',
  focusFeatures: 'Fresh beans.',
  filmStyle: 'Warm light.',
  dynamicSet: 'A new brewing method.',
};

const member = (level: 'Free' | 'Pro' | 'Elite') => memberOn(test, level);

async function createJob(client: TestClient, input: VideoJobInput = guided): Promise<VideoJob> {
  const response = await client.post<VideoJob>('/api/video-jobs', input);
  expect(response.status).toBe(201);
  return response.body;
}

const runner = () => test.server.runtime.ctx.services.engineRunner;

async function runsOf(jobId: number) {
  const { rows } = await test.sql.query(
    `select r.status, r.trigger, r.reason, q.video_prompt, q.job_id, q.title
     from video_job_runs r left join video_creation_requests q on q.id = r.video_request_id
     where r.job_id = $1 order by r.due_at`,
    [jobId],
  );
  return rows;
}

beforeAll(async () => {
  secondScheduler = await startTestServer({
    databaseUrl: test.database.url,
    env: { ROLES: 'api' },
    clock,
  });
});

afterAll(async () => {
  await secondScheduler?.stop();
});

describe('scheduled runs', () => {
  it('runs a daily job once per due time, even with two schedulers racing', async () => {
    const pro = await member('Pro');
    const job = await createJob(pro.client);
    const second = secondScheduler.runtime.ctx.services.engineRunner;

    const [first, other] = await Promise.all([runner().runDue(), second.runDue()]);
    expect(first + other).toBeGreaterThanOrEqual(1);
    expect(await runsOf(job.id)).toHaveLength(1);
    expect(await runner().runDue()).toBe(0);

    clock.advance(DAY_MS);
    await Promise.all([runner().runDue(), second.runDue(), runner().runDue()]);
    const runs = await runsOf(job.id);
    expect(runs.map((run) => [run.status, run.trigger, run.job_id])).toEqual([
      ['created', 'schedule', job.id],
      ['created', 'schedule', job.id],
    ]);
    expect(runs[0].video_prompt).toContain('About the brand: A small-batch roaster.');
    const [listed] = (await pro.client.get<VideoJob[]>('/api/video-jobs')).body;
    expect(listed?.lastResult).toBe('Created "Daily coffee #2"');
    // Numbered, without the date that was burned into the title card.
    expect(runs.map((run) => run.title)).toEqual(['Daily coffee #1', 'Daily coffee #2']);
    expect(Date.parse(listed?.nextRunAt as string)).toBeGreaterThan(clock.now().getTime());
    const credits = await pro.client.get<{ remainingCredits: number }>('/api/credits');
    expect(credits.body.remainingCredits).toBe(148);
  });

  it('rotates an advanced job’s item lists, wrapping after the longest', async () => {
    const pro = await member('Pro');
    const job = await createJob(pro.client, {
      ...guided,
      jobName: 'Rotating drinks',
      advancedMode: true,
      aspectRatio: 'portrait',
      masterPrompt:
        'Film {Drink} at {Place}. aspect_ratio: 16:9\n{Drink: tea, "flat white", cocoa}\n{Place: home, cafe}',
    });
    for (let day = 0; day < 4; day++) {
      await runner().runDue();
      clock.advance(DAY_MS);
    }
    expect((await runsOf(job.id)).map((run) => run.video_prompt)).toEqual([
      'Film tea at home. aspect_ratio: 9:16',
      'Film flat white at cafe. aspect_ratio: 9:16',
      'Film cocoa at home. aspect_ratio: 9:16',
      // Back to 1 after the longest list: the shorter list starts over with it.
      'Film tea at home. aspect_ratio: 9:16',
    ]);
    const [listed] = (await pro.client.get<VideoJob[]>('/api/video-jobs')).body;
    expect(listed?.itemListIndex).toBe(2);
  });

  it('runs a job that was missed for days once, then keeps to its schedule', async () => {
    const pro = await member('Pro');
    const job = await createJob(pro.client, { ...guided, jobName: 'Missed' });
    clock.advance(3 * DAY_MS);
    await runner().runDue();
    await runner().runDue();
    expect(await runsOf(job.id)).toHaveLength(1);
  });

  it('never runs an inactive job or one whose owner dropped below Pro', async () => {
    const pro = await member('Pro');
    const inactive = await createJob(pro.client, { ...guided, isActive: false });
    const dropped = await member('Pro');
    const paused = await createJob(dropped.client);
    await test.sql.query("update users set member_level = 'Free' where id = $1", [dropped.id]);
    const wasElite = await member('Elite');
    const hourly = await createJob(wasElite.client, { ...guided, frequency: '1hour' });
    await test.sql.query("update users set member_level = 'Pro' where id = $1", [wasElite.id]);
    clock.advance(DAY_MS);
    await runner().runDue();
    expect(await runsOf(inactive.id)).toEqual([]);
    expect(await runsOf(paused.id)).toEqual([]);
    expect(await runsOf(hourly.id)).toEqual([]);
  });

  it('skips a run when credits are short: recorded, told, no debit, the job stays active', async () => {
    const pro = await member('Pro');
    await pro.client.get('/api/credits'); // opens the allowance period
    await test.sql.query(
      'update credit_balances set allowance_remaining = 0, bonus_credits = 0 where user_id = $1',
      [pro.id],
    );
    const job = await createJob(pro.client, { ...guided, jobName: 'Short of credits' });
    await runner().runDue();
    expect(await runsOf(job.id)).toEqual([
      expect.objectContaining({
        status: 'skipped',
        reason: 'You have 0 credits but need 1 to create a video.',
        job_id: null,
      }),
    ]);
    const [listed] = (await pro.client.get<VideoJob[]>('/api/video-jobs')).body;
    expect(listed).toMatchObject({
      isActive: true,
      lastResult: expect.stringMatching(/^Skipped: /),
    });
    const { rows: notes } = await test.sql.query(
      'select kind, title from notifications where user_id = $1',
      [pro.id],
    );
    expect(notes).toEqual([{ kind: 'job_run_skipped', title: 'Video Job Skipped' }]);
    const { rows: spends } = await test.sql.query(
      "select count(*)::int as n from credit_ledger where user_id = $1 and transaction_type = 'spend'",
      [pro.id],
    );
    expect(spends[0].n).toBe(0);
  });
});

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
