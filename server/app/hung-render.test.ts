// One member's render that never returns cannot stop the service: run as `npm start` runs it (its
// own process), a render step that hangs is stopped at its limit and the video failed and
// refunded, while /api/health keeps answering quickly; SIGTERM during such a render exits within
// SHUTDOWN_TIMEOUT_SECONDS and hands the video back to the queue, and the next server renders it.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { signUp, TestClient } from '../../test/http-client';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { isSettled, waitForVideo } from '../../test/videos';
import { RENDER_TOO_SLOW_MESSAGE } from '../render-limits';

/** The title that once froze the whole server: 100 characters, in portrait. */
const TITLE =
  'The quick brown fox jumps over the lazy dog while the sun sets slowly behind the rolling green hills';
const PORTRAIT_VIDEO = {
  title: TITLE,
  description: 'A fox runs across green hills at sunset. The sky turns orange.',
  aspectRatio: 'portrait',
  watermark: true,
};
const STEP_TIMEOUT_SECONDS = 3;
const SHUTDOWN_TIMEOUT_SECONDS = 10;

let database: TestDatabase;
let sql: pg.Pool;
let dataDir: string;
let hangingFfmpeg: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-hung-render-'));
  // An "ffmpeg" that never returns and burns a core meanwhile, as a runaway render step does.
  hangingFfmpeg = path.join(dataDir, 'hanging-ffmpeg');
  await writeFile(hangingFfmpeg, '#!/bin/sh\nwhile :; do :; done\n');
  await chmod(hangingFfmpeg, 0o755);
});

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  await sql?.end();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    ...env,
  });
  servers.push(server);
  return server;
}

const requestRow = async (requestId: number) =>
  (
    await sql.query(
      'select status, lost_renders, lease_owner, error_message from video_creation_requests where id = $1',
      [requestId],
    )
  ).rows[0];

const ledgerOf = async (requestId: number) =>
  (
    await sql.query(
      'select transaction_type from credit_ledger where video_request_id = $1 order by id',
      [requestId],
    )
  ).rows.map((row) => row.transaction_type);

/** Health answer times in milliseconds while `until` is pending, asking back to back. */
async function healthLatencies(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

describe('a render step that never returns', () => {
  it('fails the video with a refund at its limit while health keeps answering; SIGTERM then exits in time and the video renders on the next start', async () => {
    const hung = await start({
      FFMPEG_PATH: hangingFfmpeg,
      RENDER_STEP_TIMEOUT_SECONDS: String(STEP_TIMEOUT_SECONDS),
    });
    const client = new TestClient(hung.url);
    await signUp(client);
    const credits = async () =>
      (await client.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits;
    const before = await credits();

    // The first video hangs in its scene's ffmpeg and is stopped at the step's limit.
    const first = await client.post<{ requestId: number }>(
      '/api/video-creation-requests',
      PORTRAIT_VIDEO,
    );
    expect(first.status).toBe(201);
    const settled = waitForVideo(client, first.body.requestId, isSettled, 30_000);
    const latencies = await healthLatencies(hung.url, settled);
    const failed = await settled;
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toBe(RENDER_TOO_SLOW_MESSAGE);
    expect(await credits()).toBe(before);
    expect(await ledgerOf(first.body.requestId)).toEqual(['spend', 'refund']);
    expect(await requestRow(first.body.requestId)).toMatchObject({
      status: 'failed',
      lost_renders: 1,
    });
    // Everyone else was served meanwhile (how fast: `npm run bench -- health`).
    expect(latencies.length).toBeGreaterThan(20);

    // The second hangs too; SIGTERM arrives in the middle of it.
    const second = await client.post<{ requestId: number }>(
      '/api/video-creation-requests',
      PORTRAIT_VIDEO,
    );
    expect(second.status).toBe(201);
    const requestId = second.body.requestId;
    await waitForVideo(
      client,
      requestId,
      (video) => video.status === 'processing' && video.progress >= 5,
      30_000,
    );
    const signalled = Date.now();
    hung.child.kill('SIGTERM');
    const exit = await hung.exited;
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
    expect(exit.code).toBe(0);
    // Handed back to the queue as it was: no loss counted, nothing refunded.
    expect(await requestRow(requestId)).toMatchObject({
      status: 'queued',
      lost_renders: 0,
      lease_owner: null,
    });
    expect(await ledgerOf(requestId)).toEqual(['spend']);

    // The next server (with the real ffmpeg) takes it up and makes the video, title and all.
    const next = await start();
    const member = client.withBaseUrl(next.url);
    const made = await waitForVideo(member, requestId, isSettled, 90_000);
    expect(made.status).toBe('completed');
    expect(await ledgerOf(requestId)).toEqual(['spend']);
    expect(
      (await member.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits,
    ).toBe(before - 1);
  }, 240_000);
});
