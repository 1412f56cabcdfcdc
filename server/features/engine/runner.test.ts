// Creator Engine runs on the services and the real database (no HTTP, worker or scheduler: the
// test calls the runner as the scheduler's job does), with a clock the test moves (no sleeps): each
// due run happens once, even with two schedulers on one database; rotation; skipped runs when
// credits are short; paused and inactive jobs. Run Now, an HTTP call, is in run-now.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { type VideoJob, type VideoJobInput, videoJobSchema } from '../../../shared/schemas/jobs';
import { GUIDED_JOB, runsOf as runsOfJob } from '../../../test/engine-runs';
import { memberWithServices } from '../../../test/members';
import { setUpTestServices } from '../../../test/services';
import type { AppContext } from '../../app/context';
import { manualClock } from '../../clock';
import type { UserRow } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = manualClock(new Date());
// What runs queue stays in the queue: it is read from the database.
const test = setUpTestServices({ clock });
let secondScheduler: AppContext;

const guided = GUIDED_JOB;

const member = (level: 'Free' | 'Pro' | 'Elite') => memberWithServices(test, level);

async function createJob(user: UserRow, input: VideoJobInput = guided): Promise<VideoJob> {
  return test.ctx.services.engine.create(user, videoJobSchema.parse(input));
}

/** The member's jobs as GET /api/video-jobs lists them. */
const jobsOf = (user: UserRow) => test.ctx.services.engine.list(user);

const runner = () => test.ctx.services.engineRunner;

const runsOf = (jobId: number) => runsOfJob(test.sql, jobId);

beforeAll(async () => {
  secondScheduler = await test.secondContext();
});

describe('scheduled runs', () => {
  it('runs a daily job once per due time, even with two schedulers racing', async () => {
    const pro = await member('Pro');
    const job = await createJob(pro.user);
    const second = secondScheduler.services.engineRunner;

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
    const [listed] = await jobsOf(pro.user);
    expect(listed?.lastResult).toBe('Created "Daily coffee #2"');
    // Numbered, without the date that was burned into the title card.
    expect(runs.map((run) => run.title)).toEqual(['Daily coffee #1', 'Daily coffee #2']);
    expect(Date.parse(listed?.nextRunAt as string)).toBeGreaterThan(clock.now().getTime());
    const credits = await test.ctx.services.credits.balance(pro.user);
    expect(credits.remainingCredits).toBe(148);
  });

  it('rotates an advanced job’s item lists, wrapping after the longest', async () => {
    const pro = await member('Pro');
    const job = await createJob(pro.user, {
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
    const [listed] = await jobsOf(pro.user);
    expect(listed?.itemListIndex).toBe(2);
  });

  it('runs a job that was missed for days once, then keeps to its schedule', async () => {
    const pro = await member('Pro');
    const job = await createJob(pro.user, { ...guided, jobName: 'Missed' });
    clock.advance(3 * DAY_MS);
    await runner().runDue();
    await runner().runDue();
    expect(await runsOf(job.id)).toHaveLength(1);
  });

  it('never runs an inactive job or one whose owner dropped below Pro', async () => {
    const pro = await member('Pro');
    const inactive = await createJob(pro.user, { ...guided, isActive: false });
    const dropped = await member('Pro');
    const paused = await createJob(dropped.user);
    await test.sql.query("update users set member_level = 'Free' where id = $1", [dropped.id]);
    const wasElite = await member('Elite');
    const hourly = await createJob(wasElite.user, { ...guided, frequency: '1hour' });
    await test.sql.query("update users set member_level = 'Pro' where id = $1", [wasElite.id]);
    clock.advance(DAY_MS);
    await runner().runDue();
    expect(await runsOf(inactive.id)).toEqual([]);
    expect(await runsOf(paused.id)).toEqual([]);
    expect(await runsOf(hourly.id)).toEqual([]);
  });

  it('skips a run when credits are short: recorded, told, no debit, the job stays active', async () => {
    const pro = await member('Pro');
    await test.ctx.services.credits.balance(pro.user); // opens the allowance period
    await test.sql.query(
      'update credit_balances set allowance_remaining = 0, bonus_credits = 0 where user_id = $1',
      [pro.id],
    );
    const job = await createJob(pro.user, { ...guided, jobName: 'Short of credits' });
    await runner().runDue();
    expect(await runsOf(job.id)).toEqual([
      expect.objectContaining({
        status: 'skipped',
        reason: 'You have 0 credits but need 1 to create a video.',
        job_id: null,
      }),
    ]);
    const [listed] = await jobsOf(pro.user);
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
