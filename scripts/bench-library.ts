// Measures the library against issue 4's targets, for scripts/bench.mjs (one JSON line on stdout):
//   - GET /api/videos for a member with 2,000 videos, on the built server, against a bare Fastify
//     route that runs the same SQL (the same repository call) with nothing else around it;
//   - combining 4 stored scenes against a bare ffmpeg concat of the same clip files: the worker's
//     time (the socket's `processing` to `completed`) and the member's (submit to `completed`).
// Both servers run in their own process on one embedded PostgreSQL; requests alternate between
// them so a busy neighbour slows both alike. Run with `--bare` it is that bare server.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createDatabase } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { runMigrations } from '../server/db/migrate';
import { VideosRepository } from '../server/features/videos/repository';
import { addServerTiming } from '../server/http/server-timing';
import {
  type Child,
  freePort,
  member,
  percentile,
  seedLibrary,
  startChild,
  until,
} from './bench-support';

const LIBRARY_SIZE = 2_000;
const OPEN_REQUESTS = 12;
const WARM_UP = 30;
const SAMPLES = 200;
const COMBINE_RUNS = 5;

type ListCase = { name: string; query: string; limit: number; search: string | null };

/** What the client asks, and what the service asks the repository for (one row more per page). */
const LIST_CASES: ListCase[] = [
  { name: 'whole library (plain call)', query: '', limit: 100_000, search: null },
  { name: 'first page (?limit=50)', query: '?limit=50', limit: 51, search: null },
  {
    name: 'search (?q=harbour&limit=50)',
    query: '?q=harbour&limit=50',
    limit: 51,
    search: 'harbour',
  },
];

// ---------------------------------------------------------------------------------------------
// The bare server: Fastify, one pool, the repository's SQL, rows straight to JSON.

async function runBareServer(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { db } = createDatabase(process.env.DATABASE_URL as string);
  const repository = new VideosRepository(db);
  const app = Fastify();
  addServerTiming(app); // the same measure as ours, read the same way
  app.get<{ Querystring: { userId: string; limit: string; q?: string } }>(
    '/videos',
    async (request) => {
      const entries = await repository.pageLibrary(request.query.userId, {
        limit: Number(request.query.limit),
        after: null,
        search: request.query.q ?? null,
        folders: [],
      });
      return entries.map((entry) => entry.request ?? entry.video);
    },
  );
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

// ---------------------------------------------------------------------------------------------
// The measuring side.

const median = (values: number[]) => percentile(values, 50);

type Timing = { serverMs: number; roundTripMs: number; bytes: number };

/**
 * The server's own time (its Server-Timing header: request in to answer ready) and the round
 * trip until the whole body has arrived, as the member's browser waits for it.
 */
async function timedGet(url: string, cookie: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.arrayBuffer();
  const roundTripMs = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const serverMs = Number(
    /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1],
  );
  if (!Number.isFinite(serverMs)) throw new Error(`GET ${url}: no Server-Timing`);
  return { serverMs, roundTripMs, bytes: body.byteLength };
}

function summary(timings: Timing[]) {
  const server = timings.map((timing) => timing.serverMs);
  const roundTrip = timings.map((timing) => timing.roundTripMs);
  return {
    serverP50: percentile(server, 50),
    serverP95: percentile(server, 95),
    roundTripP50: percentile(roundTrip, 50),
    roundTripP95: percentile(roundTrip, 95),
  };
}

async function benchList(ours: string, bare: string, cookie: string, userId: string) {
  const results = [];
  for (const listCase of LIST_CASES) {
    const oursUrl = `${ours}/api/videos${listCase.query}`;
    const bareUrl = `${bare}/videos?userId=${userId}&limit=${listCase.limit}${
      listCase.search ? `&q=${listCase.search}` : ''
    }`;
    for (let run = 0; run < WARM_UP; run++) {
      await timedGet(oursUrl, cookie);
      await timedGet(bareUrl, cookie);
    }
    const oursTimings: Timing[] = [];
    const bareTimings: Timing[] = [];
    for (let run = 0; run < SAMPLES; run++) {
      oursTimings.push(await timedGet(oursUrl, cookie));
      bareTimings.push(await timedGet(bareUrl, cookie));
    }
    results.push({
      case: listCase.name,
      entries: listCase.limit === 100_000 ? LIBRARY_SIZE + OPEN_REQUESTS : listCase.limit - 1,
      bytes: oursTimings[0]?.bytes ?? 0,
      ours: summary(oursTimings),
      bare: summary(bareTimings),
    });
  }
  return results;
}

/** Completions as the member's browser hears them: the socket's videoStatusUpdate. */
async function completions(baseUrl: string, cookie: string, userId: string) {
  const { io } = await import('socket.io-client');
  const socket = io(baseUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie, origin: baseUrl },
  });
  await new Promise((resolve, reject) => {
    socket.once('authenticated', resolve);
    socket.once('auth_error', reject);
    socket.on('connect', () => socket.emit('authenticate', { userId }));
  });
  type Outcome = { status: string; videoId: unknown };
  // An update can beat the POST's answer here: keep it for the caller that asks next.
  const finished = new Map<number, Outcome>();
  const waiting = new Map<number, (update: Outcome) => void>();
  /** When the worker took each request ('processing'), and when it finished. */
  const started = new Map<number, number>();
  const ended = new Map<number, number>();
  socket.on('videoStatusUpdate', (update) => {
    if (update.status === 'processing' && !started.has(update.requestId)) {
      started.set(update.requestId, performance.now());
    }
    if (update.status !== 'completed' && update.status !== 'failed') return;
    ended.set(update.requestId, performance.now());
    finished.set(update.requestId, update);
    waiting.get(update.requestId)?.(update);
  });
  return {
    /** The finished video's id; throws when it failed. */
    videoId(requestId: number): Promise<number> {
      return new Promise((resolve, reject) => {
        const settle = (update: Outcome) =>
          update.status === 'completed'
            ? resolve(Number(update.videoId))
            : reject(new Error(`video for request ${requestId} failed`));
        const early = finished.get(requestId);
        if (early) settle(early);
        else waiting.set(requestId, settle);
      });
    },
    /** ms from the worker's 'processing' to 'completed', as the socket told them. */
    workerMs(requestId: number): number {
      return (ended.get(requestId) ?? Number.NaN) - (started.get(requestId) ?? Number.NaN);
    },
    close: () => socket.disconnect(),
  };
}

async function benchCombine(
  client: ReturnType<typeof member>,
  done: Awaited<ReturnType<typeof completions>>,
  sql: pg.Pool,
  mediaRoot: string,
) {
  // Two finished 2-scene videos: four stored scene clips to combine.
  const sources: number[] = [];
  for (const title of ['Combine source A', 'Combine source B']) {
    const created = await client.request<{ requestId: number }>(
      'POST',
      '/api/video-creation-requests',
      {
        title,
        description: 'A lighthouse on a rocky coast at dusk. Waves roll in. The lamp turns on.',
        aspectRatio: 'landscape',
        scenes: 2,
        watermark: true,
      },
    );
    sources.push(await done.videoId(created.requestId));
  }
  const { rows: clips } = await sql.query<{ storage_key: string }>(
    `select storage_key from video_scene_clips where content_id = any($1)
     order by array_position($1, content_id), scene_number`,
    [sources],
  );
  if (clips.length !== 4) throw new Error(`expected 4 stored scenes, found ${clips.length}`);

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-concat-'));
  const { ffmpegPath } = await import('../server/media/ffmpeg');
  try {
    const listFile = path.join(workDir, 'clips.txt');
    await writeFile(
      listFile,
      clips.map((clip) => `file '${path.join(mediaRoot, clip.storage_key)}'\n`).join(''),
    );
    const combineMs: number[] = [];
    const workerMs: number[] = [];
    const bareMs: number[] = [];
    for (let run = 0; run < COMBINE_RUNS; run++) {
      const started = performance.now();
      const created = await client.request<{ requestId: number }>('POST', '/api/combine-videos', {
        title: `Combined ${run}`,
        description: '',
        videoIds: sources,
      });
      await done.videoId(created.requestId);
      combineMs.push(performance.now() - started);
      workerMs.push(done.workerMs(created.requestId));

      // The floor: the plainest concat, not our builder's (no faststart, no stream mapping).
      const bareStarted = performance.now();
      await promisify(execFile)(ffmpegPath(), [
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        listFile,
        '-c',
        'copy',
        '-y',
        path.join(workDir, `bare-${run}.mp4`),
      ]);
      bareMs.push(performance.now() - bareStarted);
    }
    return { combineMs: median(combineMs), workerMs: median(workerMs), bareMs: median(bareMs) };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-library-'));
  const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
  // Its own temporary folder: when run as root, PostgreSQL's user must be able to enter it.
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-db-'));
  const database = await startEmbeddedPostgres({ dataDir: databaseDir, log: quiet });
  const children: Child[] = [];
  const sql = new pg.Pool({ connectionString: database.connectionString, max: 2 });
  try {
    await runMigrations(database.connectionString);
    const adminEmail = 'bench-admin@example.com';
    const oursPort = await freePort();
    const ours = `http://127.0.0.1:${oursPort}`;
    const serverEnv = {
      DATABASE_URL: database.connectionString,
      DATA_DIR: path.join(dataDir, 'app'),
      PORT: String(oursPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_CLIPS: 'false',
      RATE_LIMITS: 'off',
      ADMIN_EMAILS: adminEmail,
      ROLES: 'api,worker',
    };
    children.push(
      await startChild(['dist/server/main.js'], serverEnv, () =>
        until(async () => (await fetch(`${ours}/api/health`)).ok, 'the server'),
      ),
    );
    const barePort = await freePort();
    const bare = `http://127.0.0.1:${barePort}`;
    children.push(
      await startChild(
        ['--import', 'tsx', 'scripts/bench-library.ts', '--bare'],
        { DATABASE_URL: database.connectionString, PORT: String(barePort) },
        (child) => until(async () => child.output.includes('ready'), 'the bare server'),
      ),
    );

    const signUp = (client: ReturnType<typeof member>, email: string) =>
      client.request<{ id: string }>('POST', '/api/auth/signup', {
        email,
        password: 'bench password 1',
      });
    const admin = member(ours);
    const { id: adminId } = await signUp(admin, adminEmail);
    // An admin address gives admin rights once verified (the link, as the operator clicks it).
    await sql.query('update users set email_verified = true where id = $1', [adminId]);
    const client = member(ours);
    const user = await signUp(client, 'bench-member@example.com');
    const neighbour = await signUp(member(ours), 'bench-neighbour@example.com');
    await admin.request('PATCH', `/api/admin/users/${user.id}/plan`, { memberLevel: 'Elite' });

    const done = await completions(ours, client.cookie(), user.id);
    const combine = await benchCombine(
      client,
      done,
      sql,
      path.join(serverEnv.DATA_DIR, 'media'),
    ).finally(() => done.close());

    await seedLibrary(sql, user.id, LIBRARY_SIZE, OPEN_REQUESTS);
    await seedLibrary(sql, neighbour.id, LIBRARY_SIZE, OPEN_REQUESTS);
    await sql.query('analyze');
    const list = await benchList(ours, bare, client.cookie(), user.id);

    process.stdout.write(`${JSON.stringify({ librarySize: LIBRARY_SIZE, list, combine })}\n`);
  } finally {
    for (const child of children.reverse()) await child.stop();
    await sql.end();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(databaseDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--bare')) await runBareServer();
else await main();
