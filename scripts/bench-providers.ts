// Measures durable generation for scripts/bench.mjs (one JSON line on stdout), against a stand-in
// fal speaking its queue API in this process:
//   - from the moment the provider first answers "done" for an 8 s 720p clip to our video
//     completed (fetch, probe, store, normalise, thumbnail, complete), median of 3;
//   - the steady cost of 1,000 scenes in flight: polls per second, database transactions per
//     second (pg_stat_database), and this process's CPU (worker and stand-in together).
import { makeProviderClip, startFakeFal } from '../test/fake-providers';
import { member, withBenchServer } from './bench-support';

const RUNS = 3;
const IN_FLIGHT = 1000;
const WARM_UP_MS = 30_000;
const WINDOW_MS = 20_000;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const fal = await startFakeFal();
  fal.script = {
    pollsBeforeDone: 0,
    outcome: 'never',
    rateLimitedPolls: 0,
    output: await makeProviderClip(),
  };
  try {
    const env = {
      ROLES: 'api,worker',
      VIDEO_PROVIDER: 'fal',
      FAL_KEY: fal.apiKey,
      FAL_BASE_URL: fal.baseUrl,
      VIDEO_POLL_SECONDS: '0.2',
      VIDEO_TIMEOUT_SECONDS: '600',
    };
    const handOver = await withBenchServer({ env }, async ({ url, sql }) => {
      const client = member(url);
      await client.request('POST', '/api/auth/signup', {
        name: 'Bench',
        email: `bench-${Date.now()}@example.com`,
        password: 'correct horse battery',
      });
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        fal.script.outcome = 'never';
        const created = await client.request<{ requestId: number }>(
          'POST',
          '/api/video-creation-requests',
          {
            title: `Harbour ${run}`,
            description: 'Boats come home at dusk.',
            aspectRatio: 'landscape',
            watermark: true,
          },
        );
        // In the provider's hands and polled.
        const polled = fal.polls;
        while (fal.polls < polled + 2) await sleep(20);
        fal.script.outcome = 'succeed';
        let completedAt: Date | null = null;
        while (!completedAt) {
          await sleep(20);
          const { rows } = await sql.query(
            `select r.completed_at, j.external_id from video_creation_requests r
               join video_provider_jobs j on j.request_id = r.id
              where r.id = $1 and r.status = 'completed'`,
            [created.requestId],
          );
          if (rows[0]) {
            completedAt = rows[0].completed_at;
            const doneAt = fal.doneAt.get(rows[0].external_id);
            if (doneAt === undefined) throw new Error('the stand-in never said done');
            samples.push((completedAt as Date).getTime() - doneAt);
          }
        }
      }
      return median(samples);
    });

    // 1,000 scenes in flight, seeded as a render hands them over, polled at the default pace.
    fal.adoptUnknown = true;
    fal.script.outcome = 'never';
    const polling = await withBenchServer(
      { env: { ...env, VIDEO_POLL_SECONDS: '2' } },
      async ({ sql, runtime }) => {
        await sql.query(
          `insert into users (id, name, email, referral_code, member_level)
           values ('bench-poll', 'Bench', 'bench-poll@example.com', 'BPOLL001', 'Pro')`,
        );
        const { rows } = await sql.query(
          `with requests as (
             insert into video_creation_requests (user_id, title, description, status, generated_prompt)
             select 'bench-poll', 'Video ' || n, 'In flight', 'processing',
                    '{"title":"x","scenes":[{"number":1,"prompt":"p","caption":"c","camera":"","mood":"","durationSeconds":8}]}'
             from generate_series(1, $1::int) n
             returning id)
           insert into video_provider_jobs
             (request_id, attempt, scene_number, provider, model, state, external_id, handle,
              submitted_at, next_poll_at)
           select id, 1, 1, 'fal', 'fal-ai/veo3/fast', 'running', 'bench-' || id,
                  json_build_object('externalId', 'bench-' || id), now(), now()
           from requests
           returning id`,
          [IN_FLIGHT],
        );
        for (const row of rows) {
          await runtime.ctx.queue.send('poll-video-scene', { jobId: row.id, turn: 0 });
        }
        await sleep(WARM_UP_MS);
        const stats = async () =>
          (
            await sql.query(
              'select xact_commit + xact_rollback as xacts from pg_stat_database where datname = current_database()',
            )
          ).rows[0].xacts as string;
        const xactsBefore = Number(await stats());
        const pollsBefore = fal.polls;
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        await sleep(WINDOW_MS);
        const seconds = (performance.now() - started) / 1000;
        const cpu = process.cpuUsage(cpuBefore);
        const xacts = Number(await stats()) - xactsBefore;
        return {
          pollsPerSecond: (fal.polls - pollsBefore) / seconds,
          transactionsPerSecond: xacts / seconds,
          cpuPercent: ((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100,
        };
      },
    );
    process.stdout.write(
      `${JSON.stringify({ succeededToCompletedMs: handOver, inFlight: IN_FLIGHT, ...polling })}\n`,
    );
  } finally {
    await fal.close();
  }
}

await main();
process.exit(0);
