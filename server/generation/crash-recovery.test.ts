// A worker killed in the middle of a render (SIGKILL: no clean-up at all): once its lease runs
// out another worker takes the video over, and it completes exactly once, charged exactly once.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';
import { isSettled, videoInput, waitForVideo } from '../../test/videos';

const LEASE_SECONDS = '2';
const test = setUpTestServer({
  env: { ROLES: 'api,scheduler', RENDER_LEASE_SECONDS: LEASE_SECONDS },
});
const children: ChildProcess[] = [];

function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/fixtures/worker-child.ts',
      test.database.url,
      test.server.config.dataDir,
    ],
    {
      env: { ...process.env, RENDER_LEASE_SECONDS: LEASE_SECONDS },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
});

describe('a worker that dies mid-render', () => {
  it('leaves the video to the next worker, which completes it once, charged once', async () => {
    const client = new TestClient(test.server.url);
    const { user } = await signUp(client);
    await test.sql.query("update users set member_level = 'Elite' where id = $1", [user.id]);
    await client.get('/api/credits');

    const first = await startWorker();
    const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      scenes: 4,
    });
    expect(created.status).toBe(201);
    const requestId = created.body.requestId;
    await waitForVideo(
      client,
      requestId,
      (video) => video.status === 'processing' && video.progress > 5,
      30_000,
    );

    const died = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await died;
    const { rows: during } = await test.sql.query(
      'select status, lease_owner from video_creation_requests where id = $1',
      [requestId],
    );
    expect(during[0].status).toBe('processing');

    await startWorker();
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('completed');

    const { rows: contents } = await test.sql.query(
      'select count(*)::int as n from video_generated_content where request_id = $1',
      [requestId],
    );
    expect(contents[0].n).toBe(1);
    const { rows: ledger } = await test.sql.query(
      'select transaction_type from credit_ledger where video_request_id = $1',
      [requestId],
    );
    expect(ledger.map((row) => row.transaction_type)).toEqual(['spend']);
    const { rows: request } = await test.sql.query(
      'select attempts, status from video_creation_requests where id = $1',
      [requestId],
    );
    expect(request[0]).toEqual({ attempts: 1, status: 'completed' });
  }, 120_000);
});
