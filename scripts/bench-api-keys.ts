// Measures what signing in with an API key adds, for scripts/bench.mjs (one JSON line on stdout):
// GET /api/videos (first page of 50, a 200-video library) with the member's session cookie and
// with `Authorization: Bearer rf_…`, interleaved request by request so both see the same server,
// p50 and p99 wall time of each, and the difference. Issue 39 names no target: the figure is
// reported beside the cookie's.
import { member, percentile, seedLibrary, withBenchServer } from './bench-support';

const WARM_UP = 100;
const RUNS = 1_000;

async function main() {
  const result = await withBenchServer({}, async ({ url, sql }) => {
    const client = member(url);
    const email = `bench-keys-${Date.now()}@example.com`;
    await client.request('POST', '/api/auth/signup', {
      name: 'Bench',
      email,
      password: 'correct horse battery',
    });
    const { rows } = await sql.query('select id from users where email = $1', [email]);
    await seedLibrary(sql, rows[0].id, 200, 4);
    const made = await client.request<{ key: string }>('POST', '/api/api-keys', {
      name: 'bench',
      scopes: ['videos:read'],
    });
    const page = new URL('/api/videos?limit=50', url);
    const viaCookie = { cookie: client.cookie() };
    const viaKey = { authorization: `Bearer ${made.key}` };
    const timed = async (headers: Record<string, string>) => {
      const started = performance.now();
      const response = await fetch(page, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /api/videos answered ${response.status}`);
      return performance.now() - started;
    };
    for (let run = 0; run < WARM_UP; run++) {
      await timed(viaCookie);
      await timed(viaKey);
    }
    const cookie: number[] = [];
    const key: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Alternating which goes first, so neither always meets a warmer cache.
      if (run % 2 === 0) {
        cookie.push(await timed(viaCookie));
        key.push(await timed(viaKey));
      } else {
        key.push(await timed(viaKey));
        cookie.push(await timed(viaCookie));
      }
    }
    return {
      runs: RUNS,
      cookie: { p50: percentile(cookie, 50), p99: percentile(cookie, 99) },
      key: { p50: percentile(key, 50), p99: percentile(key, 99) },
    };
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
