// What the benchmark scripts share: a free port, percentiles, an HTTP client for a member (or
// admin) that keeps its session cookie, speaks JSON and sends the Origin the server expects, and a
// throwaway server on its own embedded PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Runtime, startRuntime } from '../server/app/runtime';
import type { Clock } from '../server/clock';
import { parseConfig } from '../server/config';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { videoFileKeys, videoPrefix } from '../server/storage/storage-keys';

export { freePort } from '../test/server-process';

/** A cookie-keeping JSON client. */
export function member(baseUrl: string) {
  const cookies = new Map<string, string>();
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookie,
    async request<T>(method: string, route: string, body?: unknown): Promise<T> {
      const response = await fetch(new URL(route, baseUrl), {
        method,
        headers: {
          origin: baseUrl,
          cookie: cookie(),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const index = pair.indexOf('=');
        cookies.set(pair.slice(0, index), pair.slice(index + 1));
      }
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/** The value below which p percent of `values` fall (nearest rank). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Runs `work` against a throwaway server: a fresh embedded PostgreSQL and DATA_DIR, the api role
 * only (so queued renders wait instead of competing with what is measured), silent, no demo
 * clips, plus `env`. Everything is stopped and removed afterwards, whatever `work` does.
 */
export async function withBenchServer<T>(
  options: { env?: Record<string, string>; clock?: Clock },
  work: (server: {
    url: string;
    sql: pg.Pool;
    runtime: Runtime;
    /** For more processes on the same database and data folder. */
    databaseUrl: string;
    dataDir: string;
  }) => Promise<T>,
): Promise<T> {
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-db-'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-data-'));
  const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
  const database = await startEmbeddedPostgres({ dataDir: databaseDir, log: quiet });
  const runtime = await startRuntime(
    parseConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.connectionString,
      LOG_LEVEL: 'silent',
      DEMO_CLIPS: 'false',
      // Benchmarks flood on purpose; the limits would measure themselves instead.
      RATE_LIMITS: 'off',
      ROLES: 'api',
      ...options.env,
    }),
    { clock: options.clock },
  );
  const sql = new pg.Pool({ connectionString: database.connectionString, max: 2 });
  try {
    return await work({
      url: runtime.url as string,
      sql,
      runtime,
      databaseUrl: database.connectionString,
      dataDir,
    });
  } finally {
    await sql.end();
    await runtime.stop();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(databaseDir, { recursive: true, force: true });
  }
}

/**
 * `videos` finished videos for `userId` (1–4 scenes each, with scene plans, one every few hours
 * back over the months) and `openRequests` still queued, processing or failed.
 */
export async function seedLibrary(
  sql: pg.Pool,
  userId: string,
  videos: number,
  openRequests: number,
) {
  // Keys laid out as the renderer lays them out (nothing is stored under them).
  const files = Array.from({ length: videos }, (_, index) =>
    videoFileKeys(videoPrefix(userId, index + 1, 1)),
  );
  await sql.query(
    `insert into video_generated_content
       (user_id, title, description, video_key, thumbnail_key, duration, scenes, aspect_ratio,
        width, height, generated_prompt, favorites, created_at)
     select $1,
            (array['Harbour at dusk', 'Sneaker launch', 'Coffee promo', 'City at night'])[1 + n % 4]
              || ' #' || n,
            'A short film, take ' || n || '. Boats come home as the lamps come on over the water.',
            ($3::text[])[n],
            ($4::text[])[n],
            8 * (1 + n % 4), 1 + n % 4, 'landscape', 1280, 720,
            json_build_object('title', 'Take ' || n, 'scenes',
              (select json_agg(json_build_object('number', s, 'prompt',
                 'Scene ' || s || ': a slow pan across the harbour as the light fades to blue.',
                 'caption', 'Home again', 'camera', 'pan', 'mood', 'warm', 'durationSeconds', 8))
               from generate_series(1, 1 + n % 4) s))::text,
            n % 10 = 0,
            now() - make_interval(mins => n * 263)
     from generate_series(1, $2::int) n`,
    [userId, videos, files.map((file) => file.video), files.map((file) => file.thumbnail)],
  );
  await sql.query(
    `insert into video_creation_requests
       (user_id, title, description, scenes, status, error_message, created_at)
     select $1, 'Open request ' || n, 'Still on its way.', 1,
            (array['queued', 'processing', 'failed'])[1 + n % 3],
            case when n % 3 = 2 then 'The renderer ran out of time.' end,
            now() - make_interval(mins => n * 7)
     from generate_series(1, $2::int) n`,
    [userId, openRequests],
  );
}

export type Child = { stop(): Promise<void>; output: string[] };

/** Starts a process and resolves once `ready()` says so; its last lines explain a failure. */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  ready: (child: Child) => Promise<void>,
): Promise<Child> {
  const process_ = spawn(process.execPath, args, {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  process_.stdout.on('data', keep);
  process_.stderr.on('data', keep);
  const child: Child = {
    output,
    async stop() {
      if (process_.exitCode !== null) return;
      const exited = new Promise((resolve) => process_.once('exit', resolve));
      process_.kill('SIGTERM');
      await exited;
    },
  };
  const exited = new Promise<never>((_, reject) =>
    process_.once('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output.join('\n')}`)),
    ),
  );
  await Promise.race([ready(child), exited]);
  return child;
}

export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
