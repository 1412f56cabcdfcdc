// Measures, for scripts/bench.mjs (one JSON line on stdout), how quickly the production server
// (dist/server/main.js, all roles, on an embedded PostgreSQL of its own) answers GET /api/health,
// asked back to back from this separate process:
//   - idle,
//   - while 4 renders run at once (4 Elite members, 4 scenes each, RENDER_CONCURRENCY=4),
//   - while one render hangs (an ffmpeg that never returns and burns a core),
// with the event loop delay the server itself reports, and how long SIGTERM takes to exit during
// the hung render.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { freePort, member, percentile, until } from './bench-support';

const ROOT = path.resolve(import.meta.dirname, '..');
const HUNG_SAMPLE_MS = 10_000;
const IDLE_SAMPLE_MS = 5_000;

type Server = { url: string; stop(): Promise<number> };

async function startServer(dataDir: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_CLIPS: 'false',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${url}/api/health`)).ok, 'the server', 120_000);
  return {
    url,
    async stop() {
      const started = performance.now();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return performance.now() - started;
    },
  };
}

/** Health answer times (ms), asked back to back with a 10 ms pause, until `done` says so. */
async function sampleHealth(url: string, done: () => Promise<boolean> | boolean) {
  const latencies: number[] = [];
  let checked = performance.now();
  for (;;) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The stop condition may query the server: asked every half second, not every sample.
    if (performance.now() - checked > 500) {
      checked = performance.now();
      if (await done()) break;
    }
  }
  const reported = (await (await fetch(`${url}/api/health`)).json()) as {
    eventLoopDelay: { p50Ms: number; p99Ms: number; maxMs: number };
  };
  return {
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    serverLoopP99: reported.eventLoopDelay.p99Ms,
    serverLoopMax: reported.eventLoopDelay.maxMs,
  };
}

async function eliteMember(url: string, sql: pg.Pool, name: string) {
  const client = member(url);
  const user = await client.request<{ id: string }>('POST', '/api/auth/signup', {
    email: `${name}@example.com`,
    password: 'correct horse battery',
  });
  await sql.query("update users set member_level = 'Elite' where id = $1", [user.id]);
  return client;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-health-'));
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-health-db-'));
  const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
  const database = await startEmbeddedPostgres({ dataDir: databaseDir, log: quiet });
  const sql = new pg.Pool({ connectionString: database.connectionString, max: 2 });
  const env = { DATABASE_URL: database.connectionString };
  try {
    const hanging = path.join(dataDir, 'hanging-ffmpeg');
    await writeFile(hanging, '#!/bin/sh\nwhile :; do :; done\n');
    await chmod(hanging, 0o755);

    // Idle, then four renders at once, on the real ffmpeg.
    const server = await startServer(dataDir, { ...env, RENDER_CONCURRENCY: '4' });
    const started = performance.now();
    const idle = await sampleHealth(server.url, () => performance.now() - started > IDLE_SAMPLE_MS);

    const members = await Promise.all(
      [1, 2, 3, 4].map((index) => eliteMember(server.url, sql, `bench-health-${index}`)),
    );
    const requestIds: number[] = [];
    for (const [index, client] of members.entries()) {
      const { requestId } = await client.request<{ requestId: number }>(
        'POST',
        '/api/video-creation-requests',
        {
          title: `Health under load ${index + 1}`,
          description:
            'Scene 1: Boats leave a misty harbour. Scene 2: Gulls over the masts. Scene 3: The town wakes. Scene 4: Sun over the water.',
          aspectRatio: index % 2 === 0 ? 'landscape' : 'portrait',
          scenes: 4,
          watermark: true,
        },
      );
      requestIds.push(requestId);
    }
    let mostRunning = 0;
    const rendering = await sampleHealth(server.url, async () => {
      const { rows } = await sql.query<{ status: string }>(
        'select status from video_creation_requests where id = any($1)',
        [requestIds],
      );
      mostRunning = Math.max(mostRunning, rows.filter((row) => row.status === 'processing').length);
      return rows.every((row) => row.status === 'completed' || row.status === 'failed');
    });
    await server.stop();

    // One render that never returns (its ffmpeg spins), sampled for 10 s, then SIGTERM.
    const hung = await startServer(dataDir, {
      ...env,
      FFMPEG_PATH: hanging,
      RENDER_STEP_TIMEOUT_SECONDS: '600',
    });
    const client = await eliteMember(hung.url, sql, 'bench-health-hung');
    await client.request('POST', '/api/video-creation-requests', {
      title:
        'The quick brown fox jumps over the lazy dog while the sun sets slowly behind the rolling green hills',
      description: 'A fox runs across green hills at sunset.',
      aspectRatio: 'portrait',
      watermark: true,
    });
    const hangStarted = performance.now();
    const whileHung = await sampleHealth(
      hung.url,
      () => performance.now() - hangStarted > HUNG_SAMPLE_MS,
    );
    const stopMs = await hung.stop();

    process.stdout.write(
      `${JSON.stringify({ idle, rendering, mostRunning, whileHung, stopMs })}\n`,
    );
  } finally {
    await sql.end();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(databaseDir, { recursive: true, force: true });
  }
}

await main();
