// Measures the Creator Engine scheduler's tick for scripts/bench.mjs (one JSON line on stdout):
// 10,000 active jobs of 100 Pro members, 100 of them due. A tick claims each due run, queues its
// video (credit, request, render job) and moves the job on, as in production; the clock is moved
// a day between ticks so the same 100 fall due again. Also the tick with nothing due.
import { manualClock } from '../server/clock';
import { withBenchServer } from './bench-support';

const MEMBERS = 100;
const JOBS_PER_MEMBER = 100;
const DUE = 100;
const TICKS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const clock = manualClock(new Date());
  await withBenchServer({ clock }, async ({ sql, runtime }) => {
    const now = clock.now();
    await sql.query(
      `insert into users (id, name, email, referral_code, member_level)
       select 'bench-' || n, 'Bench ' || n, 'bench-' || n || '@example.com', 'B' || lpad(n::text, 7, '0'), 'Pro'
       from generate_series(1, $1::int) n`,
      [MEMBERS],
    );
    // Every member's first job is due now; the rest are due in a month.
    await sql.query(
      `insert into video_jobs (user_id, job_name, frequency, scenes, aspect_ratio, brand_name,
         brand_description, focus_features, film_style, dynamic_set, next_run_at)
       select 'bench-' || m, 'Job ' || m || '-' || j, 'daily', 1, 'landscape', 'Brand ' || m,
              'A brand that makes things people like.', 'Quality, price, service.',
              'Warm and cinematic.', 'A new product each day.',
              case when j = 1 then $3::timestamptz - interval '1 minute'
                   else $3::timestamptz + interval '30 days' end
       from generate_series(1, $1::int) m, generate_series(1, $2::int) j`,
      [MEMBERS, JOBS_PER_MEMBER, now],
    );
    await sql.query('analyze');
    const runner = runtime.ctx.services.engineRunner;

    const dueTicks: number[] = [];
    const idleTicks: number[] = [];
    for (let tick = 0; tick < TICKS; tick++) {
      const started = performance.now();
      const queued = await runner.runDue();
      dueTicks.push(performance.now() - started);
      if (queued !== DUE) throw new Error(`expected ${DUE} runs, got ${queued}`);
      const idleStarted = performance.now();
      await runner.runDue();
      idleTicks.push(performance.now() - idleStarted);
      clock.advance(DAY_MS);
    }
    process.stdout.write(
      `${JSON.stringify({
        activeJobs: MEMBERS * JOBS_PER_MEMBER,
        due: DUE,
        dueTickMs: median(dueTicks),
        idleTickMs: median(idleTicks),
      })}\n`,
    );
  });
}

await main();
