// Measures the admin tools at scale for scripts/bench.mjs (one JSON line on stdout):
//   - each CSV export (GET /api/admin/export/{members,earnings,video-jobs,video-requests}) at
//     10,000 and at 100,000 rows: wall time to download the whole file over real HTTP as a
//     signed-in admin, its size, and the server's peak memory while it streams, which must not grow
//     with the row count;
//   - the member picker (GET /api/users?search=…) among 100,000 members: p50 / p95 / max over a
//     few hundred requests with a mix of realistic terms, and the p95 of each term.
// Rows are seeded with generate_series straight into one embedded PostgreSQL: 10,000 of each first,
// then 90,000 more. Run with `--explain` it also prints the query plans (EXPLAIN ANALYZE) of the
// exports and of each picker term to stderr. Run with `--server` it is the server being measured.
//
// How memory is measured: the server runs in its own process (this script with `--server`:
// startRuntime from the sources, as server/app/main.ts calls it, api role, with --expose-gc), so nothing
// the downloading side allocates is counted (tsx's loader adds a constant to the idle RSS, not to
// what an export adds). Before each export the server collects its garbage; then
//   - RSS: the kernel's own peak (VmHWM in /proc/<pid>/status, reset through clear_refs just before
//     the download, so no spike between samples is missed; VmRSS sampled every 10 ms as a fallback
//     where clear_refs is refused), minus VmRSS right after that collection;
//   - heap: the server samples process.memoryUsage() every 10 ms itself and reports its peak
//     heapUsed, minus heapUsed right after that collection.
// Streaming rows from a cursor into the response should give the same figures at 10,000 and at
// 100,000 rows; a copy of the whole result somewhere would grow ten times.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startRuntime } from '../server/app/runtime';
import { parseConfig } from '../server/config';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { runMigrations } from '../server/db/migrate';
import * as schema from '../server/db/schema';
import { EXPORT_QUERIES } from '../server/features/exports/repository';
import { MembersRepository } from '../server/features/members/repository';
import { EXPORT_KINDS, type ExportKind } from '../shared/schemas/admin';
import { freePort, member, percentile } from './bench-support';
import { type ProbedProcess, serveMemoryProbe, startProbedProcess } from './memory-probe';

const SIZES = [10_000, 100_000] as const;
/** Downloads of each export at each size; the figures are their medians. */
const EXPORT_RUNS = 3;
const PICKER_WARM_UP = 5;
const PICKER_ROUNDS = 40;

/** The member picker's terms, as an admin types them. */
const PICKER_TERMS: { label: string; search: string | null }[] = [
  { label: 'common first name', search: 'maria' },
  { label: 'rare surname', search: 'vanterpool' },
  { label: 'part of an email', search: 'garcia42' },
  { label: 'first and last name', search: 'maria garcia' },
  { label: '2 characters', search: 'jo' },
  { label: 'matches nothing', search: 'zqxw' },
  { label: 'no search', search: null },
];

const FIRST_NAMES = [
  'Maria',
  'James',
  'Wei',
  'Aisha',
  'John',
  'Olivia',
  'Liam',
  'Sofia',
  'Noah',
  'Emma',
  'Mohammed',
  'Fatima',
  'Lucas',
  'Chloe',
  'Mateo',
  'Yuki',
  'Hiroshi',
  'Priya',
  'Arjun',
  'Ana',
  'Carlos',
  'Elena',
  'Ivan',
  'Olga',
  'Kwame',
  'Amara',
  'Lars',
  'Ingrid',
  'Pierre',
  'Camille',
  'Giulia',
  'Marco',
  'Sven',
  'Freya',
  'Diego',
  'Lucia',
  'Omar',
  'Leila',
  'Tomasz',
  'Zofia',
  'Jonas',
  'Hannah',
  'Kenji',
  'Mei',
  'David',
  'Sarah',
  'Daniel',
  'Grace',
];
const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Chen',
  'Khan',
  'Johnson',
  'Brown',
  'Silva',
  'Nguyen',
  'Kim',
  'Müller',
  'Rossi',
  'Dubois',
  'Kowalski',
  'Ivanova',
  'Tanaka',
  'Sato',
  'Patel',
  'Singh',
  'Okafor',
  'Mensah',
  'Jensen',
  'Larsen',
  'Novak',
  'Horvat',
  'Costa',
  'Santos',
  'Oliveira',
  'Martinez',
  'Lopez',
  'Hernandez',
  'Wilson',
  'Taylor',
  'Anderson',
  'Thomas',
  'Moore',
  'Martin',
  'Lee',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Carter',
  'Mitchell',
  'Perez',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
  'Collins',
  "O'Brien",
  'Núñez',
];
/** One member in 4,999 has this surname: about 20 among 100,000. */
const RARE_SURNAME = 'Vanterpool';
const DOMAINS = [
  'gmail.com',
  'outlook.com',
  'yahoo.com',
  'icloud.com',
  'proton.me',
  'hotmail.com',
  'fastmail.com',
  'studio-north.io',
];

// ---------------------------------------------------------------------------------------------
// The server being measured (`--server`): the real runtime plus a memory probe on stdin/stdout.

async function runServer(): Promise<void> {
  serveMemoryProbe(await startRuntime(parseConfig(process.env)));
}

// ---------------------------------------------------------------------------------------------
// The measuring side.

/** VmRSS and VmHWM of a process, in bytes. */
function procMemory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

/** Resets the process's VmHWM to its current RSS; false where the kernel refuses. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const startServer = (env: Record<string, string>) =>
  startProbedProcess('scripts/bench-admin.ts', '--server', env);

/**
 * Members `from`..`to` with everything the exports read: a credit balance each, one earning and
 * half a spend per member in the ledger, one Creator Engine job and one video request per member.
 * Texts carry commas, quotes, accents and the odd formula, as members' texts do.
 */
async function seed(sql: pg.Pool, from: number, to: number, adminId: string) {
  const range = [from, to];
  await sql.query(
    `insert into users (id, name, email, email_verified, first_name, last_name, member_level,
       plan_expires_at, plan_reverts_to, referral_code, referred_by, created_at, updated_at)
     select 'member-' || n, f || ' ' || l,
            case n % 3
              when 0 then lower(f) || '.' || lower(l) || n
              when 1 then lower(left(f, 1)) || lower(replace(l, '''', '')) || n
              else lower(f) || n
            end || '@' || ($5::text[])[1 + n % cardinality($5::text[])],
            n % 5 <> 0, f, l,
            case when n % 10 < 6 then 'Free' when n % 10 < 9 then 'Pro' else 'Elite' end,
            case when n % 50 = 1 then now() + make_interval(days => 1 + n % 30) end,
            case when n % 50 = 1 then 'Free' end,
            'RF' || lpad(n::text, 8, '0'),
            case when n % 7 = 0 and n > 10 then 'member-' || (n - 3) end,
            t, t
     from (
       select n,
              ($3::text[])[1 + n % cardinality($3::text[])] as f,
              case when n % 4999 = 0 then $6
                   else ($4::text[])[1 + (n * 7 + n / 48) % cardinality($4::text[])] end as l,
              timestamptz '2023-01-01 00:00:00Z'
                + make_interval(secs => n * 900 + (n * 7919) % 900) as t
       from generate_series($1::int, $2::int) n
     ) m`,
    [...range, FIRST_NAMES, LAST_NAMES, DOMAINS, RARE_SURNAME],
  );
  await sql.query(
    `insert into credit_balances (user_id, allowance_remaining, allowance_period_start,
       allowance_period_end, bonus_credits)
     select 'member-' || n, n % 10,
            now() - make_interval(days => n % 30),
            now() + make_interval(days => 30 - n % 30) - case when n % 4 = 0 then interval '40 days' else interval '0' end,
            n % 25
     from generate_series($1::int, $2::int) n`,
    range,
  );
  // Every member's earning: an admin grant, an approved proof or a referral reward, in turn.
  await sql.query(
    `insert into credit_ledger (user_id, amount, transaction_type, bucket, description, reference,
       created_at)
     select 'member-' || (1 + (n * 37) % $2), 1 + n % 20, 'earn', 'bonus',
            case
              when n % 997 = 0 then '=HYPERLINK("https://example.com/' || n || '")'
              when n % 3 = 0 then 'Granted by an admin: thanks for the "launch" video, again'
              when n % 3 = 1 then 'Approved proof: X post, ' || (n % 50) * 1000 || ' views'
              else 'Referral reward: a friend joined Pro'
            end,
            case n % 3
              when 0 then 'grant:' || $3 || ':' || n
              when 1 then 'submission:' || n
              else 'referral:member-' || n || ':' || n
            end,
            timestamptz '2023-01-01 00:00:00Z' + make_interval(secs => n * 900)
     from generate_series($1::int, $2::int) n`,
    [...range, adminId],
  );
  // Credits spent, which the earnings export leaves out.
  await sql.query(
    `insert into credit_ledger (user_id, amount, transaction_type, bucket, description,
       video_request_id, created_at)
     select 'member-' || (1 + (n * 53) % $2), -1, 'spend', 'allowance', 'Video: 1 scene', n,
            timestamptz '2023-01-01 00:00:00Z' + make_interval(secs => n * 900 + 60)
     from generate_series($1::int, $2::int) n
     where n % 2 = 0`,
    range,
  );
  await sql.query(
    `insert into video_jobs (user_id, job_name, frequency, scenes, aspect_ratio, is_active,
       advanced_mode, master_prompt, brand_name, brand_description, focus_features, film_style,
       dynamic_set, watermark, item_list_index, next_run_at, last_run_at, last_result,
       paused_reason, created_at, updated_at)
     select 'member-' || (1 + (n * 13) % $2),
            (array['Daily product spotlight', 'Weekly recap', 'Café specials, every morning',
                   'Monthly "best of"'])[1 + n % 4] || ' #' || n,
            (array['daily', 'weekly', 'monthly'])[1 + n % 3], 1 + n % 4,
            case when n % 3 = 0 then 'portrait' else 'landscape' end,
            n % 5 <> 0, n % 4 = 0,
            case when n % 4 = 0 then 'Show {product} on a wooden table, morning light, {mood}.' end,
            'Brand ' || n, 'Hand-made ceramics, small batches, shipped worldwide.',
            'Glazes, textures, gift boxes.', 'Warm and cinematic.', 'A new piece each day.',
            n % 6 <> 0, 1 + n % 5,
            now() + make_interval(hours => 1 + n % 720),
            case when n % 3 <> 0 then now() - make_interval(hours => 1 + n % 720) end,
            case when n % 3 = 1 then 'completed' when n % 3 = 2 then 'failed: the renderer ran out of time' end,
            case when n % 17 = 0 then 'plan below Pro' end,
            t, t
     from generate_series($1::int, $2::int) n,
          lateral (select timestamptz '2023-01-01 00:00:00Z' + make_interval(secs => n * 900) as t) c`,
    range,
  );
  // A video request per member; one in four came from that member's job (job n exists by now).
  await sql.query(
    `insert into video_creation_requests (user_id, kind, title, description, aspect_ratio, scenes,
       watermark, job_id, status, progress, error_message, attempts, created_at, updated_at,
       completed_at)
     select 'member-' || (1 + (n * 13) % $2),
            case when n % 20 = 0 then 'combine' else 'generate' end,
            (array['Harbour at dusk', 'Sneaker launch, take 2', 'Coffee promo "latte art"',
                   'City at night'])[1 + n % 4] || ' #' || n,
            'A lighthouse on a rocky coast at dusk. Waves roll in, gulls circle, the lamp turns on. '
              || 'Take ' || n || '.',
            case when n % 3 = 0 then 'portrait' else 'landscape' end, 1 + n % 4, n % 6 <> 0,
            case when n % 4 = 0 then n end,
            case when n % 25 = 0 then 'failed' when n % 40 = 0 then 'queued' else 'completed' end,
            case when n % 25 = 0 or n % 40 = 0 then 0 else 100 end,
            case when n % 25 = 0 then 'The renderer ran out of time.' end,
            1 + (n % 50 = 0)::int, t, t,
            case when n % 25 <> 0 and n % 40 <> 0 then t + interval '40 seconds' end
     from generate_series($1::int, $2::int) n,
          lateral (select timestamptz '2023-01-01 00:00:00Z' + make_interval(secs => n * 900) as t) c`,
    range,
  );
  await sql.query('analyze');
}

type ExportResult = {
  rows: number;
  bytes: number;
  ms: number;
  /** The server's peak RSS during the download, above its RSS right after a GC before it. */
  rssGrowth: number;
  /** The server's peak heapUsed during the download, above heapUsed right after that GC. */
  heapGrowth: number;
  /** The server's peak RSS during the download. */
  peakRss: number;
};

const median = (values: number[]) => percentile(values, 50);

/** Medians of a few downloads (the first may only win back what an earlier GC gave up). */
function summarise(runs: ExportResult[]): ExportResult {
  return {
    rows: runs[0]?.rows ?? 0,
    bytes: runs[0]?.bytes ?? 0,
    ms: median(runs.map((run) => run.ms)),
    rssGrowth: median(runs.map((run) => run.rssGrowth)),
    heapGrowth: median(runs.map((run) => run.heapGrowth)),
    peakRss: Math.max(...runs.map((run) => run.peakRss)),
  };
}

/** Downloads one export whole, as a browser saves it, and watches the server's memory meanwhile. */
async function measureExport(
  server: ProbedProcess,
  kind: ExportKind,
  cookie: string,
): Promise<ExportResult> {
  const mark = await server.ask('mark');
  const idle = procMemory(server.pid);
  const kernelPeak = resetPeakRss(server.pid);
  let sampledPeak = idle.rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procMemory(server.pid).rss);
  }, 10);
  let bytes = 0;
  let lines = 0;
  let ms = 0;
  try {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/admin/export/${kind}`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`export ${kind}: ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) {
        lines += 1;
      }
    }
    ms = performance.now() - started;
  } finally {
    clearInterval(sampler);
  }
  const peak = await server.ask('peak');
  const after = procMemory(server.pid);
  const peakRss = Math.max(sampledPeak, after.rss, kernelPeak ? after.hwm : 0);
  return {
    // The seeded texts hold no line breaks: every line but the header is a row.
    rows: lines - 1,
    bytes,
    ms,
    rssGrowth: peakRss - idle.rss,
    heapGrowth: peak.heapUsed - mark.heapUsed,
    peakRss,
  };
}

/** Rows each export should have, straight from its own query. */
async function expectedRows(sql: pg.Pool, kind: ExportKind): Promise<number> {
  const { rows } = await sql.query<{ total: number }>(
    `select count(*)::int as total from (${EXPORT_QUERIES[kind].text}) e`,
  );
  return rows[0]?.total ?? 0;
}

type Timing = { serverMs: number; roundTripMs: number };

async function timedGet(url: string, cookie: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  const roundTripMs = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const serverMs = Number(
    /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1],
  );
  return { serverMs, roundTripMs };
}

/** The address the admin page asks (client/features/admin/api/search-users.ts): 20 at a time. */
const pickerUrl = (base: string, search: string | null) =>
  `${base}/api/users?${new URLSearchParams({ search: search ?? '', limit: '20' })}`;

/** How many members the picker's words find, with the repository's own condition. */
async function matches(sql: pg.Pool, search: string | null): Promise<number> {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const where = words.map(
    (_, index) =>
      `lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email) like $${index + 1}`,
  );
  const { rows } = await sql.query<{ total: number }>(
    `select count(*)::int as total from users ${where.length ? `where ${where.join(' and ')}` : ''}`,
    words.map((word) => `%${word}%`),
  );
  return rows[0]?.total ?? 0;
}

/** Rounds of every term in turn, so a busy moment slows them all alike. */
async function benchPicker(sql: pg.Pool, base: string, cookie: string) {
  for (let round = 0; round < PICKER_WARM_UP; round++) {
    for (const term of PICKER_TERMS) await timedGet(pickerUrl(base, term.search), cookie);
  }
  const timings = PICKER_TERMS.map(() => [] as Timing[]);
  for (let round = 0; round < PICKER_ROUNDS; round++) {
    for (const [index, term] of PICKER_TERMS.entries()) {
      timings[index]?.push(await timedGet(pickerUrl(base, term.search), cookie));
    }
  }
  const all = timings.flat();
  const roundTrips = all.map((timing) => timing.roundTripMs);
  const serverTimes = all.map((timing) => timing.serverMs);
  const terms = [];
  for (const [index, term] of PICKER_TERMS.entries()) {
    const own = (timings[index] ?? []).map((timing) => timing.roundTripMs);
    terms.push({
      ...term,
      matches: await matches(sql, term.search),
      p50: percentile(own, 50),
      p95: percentile(own, 95),
      max: Math.max(...own),
    });
  }
  return {
    requests: all.length,
    p50: percentile(roundTrips, 50),
    p95: percentile(roundTrips, 95),
    max: Math.max(...roundTrips),
    serverP50: percentile(serverTimes, 50),
    serverP95: percentile(serverTimes, 95),
    terms,
  };
}

/** `--explain`: the plans behind the figures, on stderr. */
async function explain(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 1 });
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  });
  const users = new MembersRepository(db);
  const show = async (title: string, query: string, params: unknown[]) => {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query}`,
      params,
    );
    process.stderr.write(`\n== ${title}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
  };
  try {
    for (const term of PICKER_TERMS) {
      captured.length = 0;
      await users.search({ limit: 20, ...(term.search === null ? {} : { search: term.search }) });
      const [query] = captured;
      if (query) await show(`picker: ${term.search ?? '(no search)'}`, query.query, query.params);
    }
    for (const kind of EXPORT_KINDS) await show(`export: ${kind}`, EXPORT_QUERIES[kind].text, []);
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-admin-'));
  const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
  // Its own temporary folder: when run as root, PostgreSQL's user must be able to enter it.
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-db-'));
  // A throw-away cluster (fsync off) makes seeding quick; reads, which are measured, are the same.
  const database = await startEmbeddedPostgres({
    dataDir: databaseDir,
    log: quiet,
    ephemeral: true,
  });
  const sql = new pg.Pool({ connectionString: database.connectionString, max: 2 });
  let server: ProbedProcess | undefined;
  try {
    await runMigrations(database.connectionString);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const adminEmail = 'bench-admin@example.com';
    server = await startServer({
      DATABASE_URL: database.connectionString,
      DATA_DIR: path.join(dataDir, 'app'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'silent',
      DEMO_CLIPS: 'false',
      RATE_LIMITS: 'off',
      ADMIN_EMAILS: adminEmail,
      ROLES: 'api',
      // The figures below are the server's own Server-Timing, off by default in production.
      SERVER_TIMING: 'true',
    });
    const admin = member(url);
    const { id: adminId } = await admin.request<{ id: string }>('POST', '/api/auth/signup', {
      email: adminEmail,
      password: 'bench password 1',
      firstName: 'Bench',
    });
    // An admin address gives admin rights once verified (the link, as the operator clicks it).
    await sql.query('update users set email_verified = true where id = $1', [adminId]);
    const cookie = admin.cookie();

    const exports = new Map<ExportKind, ExportResult[]>(EXPORT_KINDS.map((kind) => [kind, []]));
    let seeded = 0;
    for (const [index, size] of SIZES.entries()) {
      await seed(sql, seeded + 1, size, adminId);
      seeded = size;
      // The first downloads compile what exporting runs; measure the ones after.
      if (index === 0) for (const kind of EXPORT_KINDS) await measureExport(server, kind, cookie);
      for (const kind of EXPORT_KINDS) {
        const expected = await expectedRows(sql, kind);
        const runs: ExportResult[] = [];
        for (let run = 0; run < EXPORT_RUNS; run++) {
          const result = await measureExport(server, kind, cookie);
          if (result.rows !== expected) {
            throw new Error(`export ${kind}: ${result.rows} rows downloaded, ${expected} expected`);
          }
          runs.push(result);
        }
        exports.get(kind)?.push(summarise(runs));
      }
    }
    await server.ask('mark');
    const idleRss = procMemory(server.pid).rss;
    const picker = await benchPicker(sql, url, cookie);
    if (process.argv.includes('--explain')) await explain(database.connectionString);

    process.stdout.write(
      `${JSON.stringify({
        sizes: SIZES,
        runs: EXPORT_RUNS,
        exports: EXPORT_KINDS.map((kind) => ({ kind, sizes: exports.get(kind) })),
        idleRss,
        members: seeded + 1,
        picker,
      })}\n`,
    );
  } finally {
    await server?.stop();
    await sql.end();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(databaseDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--server')) await runServer();
else await main();
