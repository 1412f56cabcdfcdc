// A worker killed in the middle of a render (SIGKILL: no clean-up at all): once its lease runs
// out another worker takes the video over, and it completes exactly once, charged exactly once.
// A video that keeps killing its worker is failed and refunded after its second loss, never
// queued again.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';
import { isSettled, listVideos, videoInput, waitForVideo } from '../../test/videos';
import { QUARANTINED_MESSAGE } from './render-lifecycle';

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

  it('fails and refunds, once, a video whose worker is killed every time it renders', async () => {
    const client = new TestClient(test.server.url);
    const { user } = await signUp(client);
    // Pro: each video is paid for with a credit (Elite's are free), so the refund shows.
    await test.sql.query("update users set member_level = 'Pro' where id = $1", [user.id]);
    const before = (await client.get<{ remainingCredits: number }>('/api/credits')).body;

    const created = await client.post<{ requestId: number; id: string }>(
      '/api/video-creation-requests',
      {
        ...videoInput,
        scenes: 2,
      },
    );
    expect(created.status).toBe(201);
    const requestId = created.body.requestId;
    const state = async () =>
      (
        await test.sql.query(
          'select status, lost_renders, attempts, lease_owner, progress from video_creation_requests where id = $1',
          [requestId],
        )
      ).rows[0];

    // Each worker that takes the video up is killed mid-render, up to three times.
    let kills = 0;
    let lastOwner: string | null = null;
    for (; kills < 3; kills++) {
      const worker = await startWorker();
      const deadline = Date.now() + 60_000;
      let row = await state();
      // Rendering in this worker's hands (a new lease owner), or failed for good.
      while (
        row.status !== 'failed' &&
        !(
          row.status === 'processing' &&
          row.lease_owner &&
          row.lease_owner !== lastOwner &&
          row.progress > 5
        )
      ) {
        if (Date.now() > deadline)
          throw new Error(`no worker took the video: ${JSON.stringify(row)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await state();
      }
      if (row.status === 'failed') break;
      lastOwner = row.lease_owner;
      const died = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await died;
    }
    // The second loss failed it: the third worker found it failed and never rendered it.
    expect(kills).toBe(2);
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('failed');
    expect(video.errorMessage).toBe(QUARANTINED_MESSAGE);
    expect(await state()).toMatchObject({
      status: 'failed',
      lost_renders: 2,
      attempts: 1,
      lease_owner: null,
    });
    const { rows: ledger } = await test.sql.query(
      'select transaction_type from credit_ledger where video_request_id = $1 order by id',
      [requestId],
    );
    expect(ledger.map((row) => row.transaction_type)).toEqual(['spend', 'refund']);

    // Never queued again: another lease period and sweep later, still failed, still one refund.
    await new Promise((resolve) => setTimeout(resolve, Number(LEASE_SECONDS) * 1500));
    expect((await state()).status).toBe('failed');
    expect((await listVideos(client)).find((each) => each.requestId === requestId)?.status).toBe(
      'failed',
    );
    const { rows: refunds } = await test.sql.query(
      "select count(*)::int as n from credit_ledger where video_request_id = $1 and transaction_type = 'refund'",
      [requestId],
    );
    expect(refunds[0].n).toBe(1);
    expect((await client.get('/api/credits')).body).toEqual(before);

    // The member may still try again: a new attempt, with no losses counted, that the live
    // worker renders.
    expect((await client.patch(`/api/videos/${created.body.id}/retry`)).status).toBe(200);
    expect((await state()).lost_renders).toBe(0);
    const retried = await waitForVideo(client, requestId, isSettled, 90_000);
    expect(retried.status).toBe('completed');
  }, 180_000);
});
