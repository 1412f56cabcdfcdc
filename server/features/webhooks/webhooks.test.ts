// Outbound webhooks on the real server, with a separate worker process doing the sending (as in
// production, and so it can be killed): a real video's `video.completed` reaches an endpoint that
// fails twice, three times under one webhook-id, verified by the standardwebhooks library, its
// download link good without a session; a 410 turns the endpoint off and tells the member; a
// rotated secret signs alongside the old one; `credits.low` comes once; the SSRF guard refuses
// private addresses at save time when WEBHOOKS_ALLOW_PRIVATE is off; and a worker SIGKILLed
// mid-delivery leaves the delivery to another worker, sent again under the same webhook-id.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedWebhookEndpoint,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../shared/schemas/webhooks';
import { readZip } from '../../../test/account-data';
import { GUIDED_JOB } from '../../../test/engine-runs';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer, startTestServer } from '../../../test/server';
import { videoInput, waitForVideo } from '../../../test/videos';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// Each attempt may take 2 s, so a delivery job expires 4 s after a worker took it.
const WEBHOOK_ENV = {
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1s,1s',
  WEBHOOK_TIMEOUT_SECONDS: '2',
};

// This process serves the API and the clock; the worker role runs in a child process.
const test = setUpTestServer({ env: { ...WEBHOOK_ENV, ROLES: 'api,scheduler' } });

type Received = { path: string; headers: Record<string, string>; body: string };
const received: Received[] = [];
/** What each path answers, request by request (the last one repeats); 0 holds the request open. */
const answers = new Map<string, number[]>();
let receiver: http.Server;
let receiverUrl: string;
const workers: ChildProcess[] = [];

/** A worker process (server/app/main.ts with ROLES=worker) on the test's database and media. */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/app/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...WEBHOOK_ENV,
      NODE_ENV: 'test',
      ROLES: 'worker',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: test.database.url,
      // The same folder: the same media, and the auth secret the API's signatures and sealed
      // webhook secrets come from.
      DATA_DIR: test.server.config.dataDir,
      PUBLIC_URL: test.server.url,
      LOG_LEVEL: 'info',
      DEMO_CLIPS: 'false',
      // Two: the credits test's videos (Free, deleted at once) never hold up the Pro member's render.
      RENDER_CONCURRENCY: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('Reelforge is running')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}):\n${output}`)));
  });
  return child;
}

async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function member(level: 'Free' | 'Pro' | 'Elite' = 'Pro') {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  await test.sql.query('update users set member_level = $1 where id = $2', [level, user.id]);
  return { client, id: user.id as string };
}

async function addEndpoint(client: TestClient, hookPath: string, events: string[]) {
  const created = await client.post<CreatedWebhookEndpoint>('/api/webhook-endpoints', {
    url: `${receiverUrl}${hookPath}`,
    events,
    description: `Test ${hookPath}`,
  });
  expect(created.status).toBe(201);
  return created.body;
}

const requestsTo = (hookPath: string) => received.filter((entry) => entry.path === hookPath);

async function deliveriesOf(client: TestClient, endpointId: string) {
  const response = await client.get<WebhookDelivery[]>(
    `/api/webhook-endpoints/${endpointId}/deliveries`,
  );
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hookPath = request.url ?? '';
      received.push({
        path: hookPath,
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const planned = answers.get(hookPath) ?? [200];
      const status = planned.length > 1 ? (planned.shift() as number) : (planned[0] ?? 200);
      if (status === 0) return; // held open: only the sender's end closes it
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await startWorker();
}, 60_000);

afterAll(async () => {
  await Promise.all(
    workers.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
}, 60_000);

// Side by side: each test has its own member and receiving path. The worker is killed only after.
describe.concurrent('outbound webhooks', () => {
  it('sends video.completed until a 2xx, three times under one webhook-id, signed to the spec', async ({
    expect,
  }) => {
    const { client } = await member();
    answers.set('/flaky', [500, 500, 200]);
    const endpoint = await addEndpoint(client, '/flaky', ['video.completed', 'video.failed']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await client.get<WebhookEndpoint[]>('/api/webhook-endpoints');
    expect(listed.body).toEqual([expect.objectContaining({ id: endpoint.id, enabled: true })]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');

    // One scene, no voice: the quickest real render.
    const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      voiceId: null,
    });
    expect(created.status).toBe(201);
    const video = await waitForVideo(
      client,
      created.body.requestId,
      (entry) => entry.status === 'completed',
    );
    const [delivery] = await until(async () => {
      const deliveries = await deliveriesOf(client, endpoint.id);
      return deliveries[0]?.status === 'delivered' ? deliveries : null;
    });
    expect(delivery).toMatchObject({
      event: 'video.completed',
      status: 'delivered',
      statusCode: 200,
      attempts: 3,
      lastError: null,
      nextAttemptAt: null,
    });

    const attempts = requestsTo('/flaky');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id']))).toEqual(
      new Set([delivery?.id]),
    );
    const verifier = new Webhook(endpoint.secret);
    for (const attempt of attempts) {
      expect(attempt.headers['content-type']).toBe('application/json');
      expect(attempt.headers['user-agent']).toBe('Reelforge-Webhooks/1');
      expect(attempt.body).toBe(attempts[0]?.body);
      expect(verifier.verify(attempt.body, attempt.headers)).toMatchObject({
        type: 'video.completed',
      });
    }
    // A signature over anything else does not verify.
    const [first] = attempts;
    expect(() =>
      verifier.verify(first?.body.replace('completed', 'failed') ?? '', first?.headers ?? {}),
    ).toThrow(/No matching signature/);

    const payload = JSON.parse(first?.body ?? '{}');
    expect(payload.data).toMatchObject({
      id: video.id,
      requestId: created.body.requestId,
      status: 'completed',
      title: videoInput.title,
      videoUrl: video.videoUrl,
    });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();
    // The download link works without a session for a day; changed, it opens nothing.
    const expiresAt = Date.parse(payload.data.downloadUrlExpiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    const download = await fetch(payload.data.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const forged = new URL(payload.data.downloadUrl);
    forged.searchParams.set('expires', String(Math.floor(expiresAt / 1000) + 3600));
    expect((await fetch(forged)).status).toBe(404);
  }, 60_000);

  it('turns an endpoint off when it answers 410, and tells the member', async ({ expect }) => {
    const { client } = await member();
    answers.set('/gone', [410]);
    const endpoint = await addEndpoint(client, '/gone', ['video.completed']);
    const test410 = await client.post<WebhookDelivery>(
      `/api/webhook-endpoints/${endpoint.id}/test`,
    );
    expect(test410.status).toBe(202);
    expect(test410.body).toMatchObject({
      event: 'webhook.test',
      id: expect.stringMatching(/^msg_/),
    });
    const listed = await until(async () => {
      const response = await client.get<WebhookEndpoint[]>('/api/webhook-endpoints');
      return response.body[0]?.enabled === false ? response.body : null;
    });
    expect(listed[0]).toMatchObject({ enabled: false, disabledReason: 'gone' });
    expect(await deliveriesOf(client, endpoint.id)).toEqual([
      expect.objectContaining({ status: 'failed', statusCode: 410, attempts: 1 }),
    ]);
    expect(requestsTo('/gone')).toHaveLength(1);
    const notices = await client.get<{ items: { kind: string; message: string }[] }>(
      '/api/notifications',
    );
    expect(notices.body.items).toContainEqual(
      expect.objectContaining({ kind: 'webhook_disabled' }),
    );
    const refused = await client.post(`/api/webhook-endpoints/${endpoint.id}/test`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WEBHOOK_MESSAGES.disabled);

    // Turned on again, it is sent to again; a failed delivery can be sent again by hand.
    answers.set('/gone', [200]);
    const enabled = await client.patch<WebhookEndpoint>(`/api/webhook-endpoints/${endpoint.id}`, {
      enabled: true,
    });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
    const retried = await client.post<WebhookDelivery>(
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${test410.body.id}/retry`,
    );
    expect(retried.status).toBe(202);
    await until(async () => {
      const [delivery] = await deliveriesOf(client, endpoint.id);
      return delivery?.status === 'delivered' && delivery.attempts === 2;
    });
    expect(new Set(requestsTo('/gone').map((entry) => entry.headers['webhook-id']))).toEqual(
      new Set([test410.body.id]),
    );
  }, 30_000);

  it('signs with the old secret too for a day after a rotation', async ({ expect }) => {
    const { client } = await member();
    const endpoint = await addEndpoint(client, '/rotated', ['video.completed']);
    const rotated = await client.post<{ secret: string }>(
      `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const [listed] = (await client.get<WebhookEndpoint[]>('/api/webhook-endpoints')).body;
    expect(Date.parse(listed?.previousSecretExpiresAt ?? '') - Date.now()).toBeGreaterThan(
      23.9 * 60 * 60 * 1000,
    );

    await client.post(`/api/webhook-endpoints/${endpoint.id}/test`);
    const [request] = await until(async () => {
      const arrived = requestsTo('/rotated');
      return arrived.length > 0 ? arrived : null;
    });
    const signatures = request?.headers['webhook-signature']?.split(' ') ?? [];
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) expect(signature).toMatch(/^v1,/);
    for (const secret of [rotated.body.secret, endpoint.secret]) {
      expect(new Webhook(secret).verify(request?.body ?? '', request?.headers ?? {})).toMatchObject(
        { type: 'webhook.test', data: { endpointId: endpoint.id } },
      );
    }
    // Each signature is one secret's: the new one's first.
    const onlyNew = { ...request?.headers, 'webhook-signature': signatures[0] ?? '' };
    expect(() => new Webhook(endpoint.secret).verify(request?.body ?? '', onlyNew)).toThrow();

    // The data export lists the endpoint, never a secret (sealed or not).
    const exported = await fetch(new URL('/api/account/export', test.server.url), {
      headers: { cookie: client.cookieHeader },
    });
    const accountJson = (await readZip(Buffer.from(await exported.arrayBuffer())))
      .get('account.json')
      ?.toString('utf8');
    expect(JSON.parse(accountJson ?? '{}').webhookEndpoints).toEqual([
      expect.objectContaining({ url: `${receiverUrl}/rotated`, events: ['video.completed'] }),
    ]);
    expect(accountJson).not.toContain('whsec_');
    expect(accountJson).not.toMatch(/"v1:/);
  }, 20_000);

  it('sends credits.low once, when a paid video takes the balance down to 2', async ({
    expect,
  }) => {
    const { client, id } = await member('Free');
    const endpoint = await addEndpoint(client, '/low', ['credits.low']);
    expect((await client.get('/api/credits')).status).toBe(200);
    await test.sql.query(
      'update credit_balances set allowance_remaining = 3, bonus_credits = 0 where user_id = $1',
      [id],
    );
    const made: number[] = [];
    for (let index = 0; index < 2; index++) {
      const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
        ...videoInput,
        title: `Low ${index}`,
      });
      expect(created.status).toBe(201);
      made.push(created.body.requestId);
    }
    // Nothing here needs the videos made.
    for (const requestId of made) {
      await client.request('DELETE', `/api/video-creation-requests/req-${requestId}`);
    }
    await until(async () => requestsTo('/low').length > 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const deliveries = await deliveriesOf(client, endpoint.id);
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(requestsTo('/low')[0]?.body ?? '{}')).toMatchObject({
      type: 'credits.low',
      data: { balance: 2, plan: 'Free' },
    });
  }, 20_000);

  it('sends job.run.finished when a run ends: skipped at once, or once its video is done', async ({
    expect,
  }) => {
    // Run Now (Elite): the run ends when its video is made (the job publishes nowhere).
    const elite = await member('Elite');
    const endpoint = await addEndpoint(elite.client, '/runs', ['job.run.finished']);
    const job = await elite.client.post<{ id: number }>('/api/video-jobs', {
      ...GUIDED_JOB,
      isActive: false,
    });
    expect(job.status).toBe(201);
    const ran = await elite.client.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      jobId: job.body.id,
    });
    expect(ran.status).toBe(201);
    const [finished] = await until(async () => {
      const arrived = requestsTo('/runs');
      return arrived.length > 0 ? arrived : null;
    }, 30_000);
    expect(
      new Webhook(endpoint.secret).verify(finished?.body ?? '', finished?.headers ?? {}),
    ).toMatchObject({
      type: 'job.run.finished',
      data: {
        jobId: job.body.id,
        jobName: GUIDED_JOB.jobName,
        trigger: 'manual',
        outcome: 'completed',
        videoId: expect.stringMatching(/^\d+$/),
        publishResult: null,
      },
    });

    // A scheduled run of a member out of credits is skipped: it ends there.
    const pro = await member('Pro');
    await addEndpoint(pro.client, '/skipped', ['job.run.finished']);
    const due = await pro.client.post<{ id: number }>('/api/video-jobs', GUIDED_JOB);
    expect((await pro.client.get('/api/credits')).status).toBe(200);
    await test.sql.query(
      'update credit_balances set allowance_remaining = 0, bonus_credits = 0 where user_id = $1',
      [pro.id],
    );
    await test.sql.query(
      `update video_jobs set next_run_at = now() - interval '1 minute' where id = $1`,
      [due.body.id],
    );
    await test.server.runtime.ctx.services.engineRunner.runDue();
    const [skipped] = await until(async () => {
      const arrived = requestsTo('/skipped');
      return arrived.length > 0 ? arrived : null;
    });
    expect(JSON.parse(skipped?.body ?? '{}')).toMatchObject({
      type: 'job.run.finished',
      data: { jobId: due.body.id, trigger: 'schedule', outcome: 'skipped', videoId: null },
    });
  }, 40_000);

  it('keeps a member to 10 endpoints, however many are added at once', async ({ expect }) => {
    const { client } = await member();
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        client.post('/api/webhook-endpoints', {
          url: `${receiverUrl}/many/${index}`,
          events: ['video.completed'],
        }),
      ),
    );
    expect(made.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = made.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual([
      [400, WEBHOOK_MESSAGES.tooMany],
      [400, WEBHOOK_MESSAGES.tooMany],
    ]);
    const listed = await client.get<WebhookEndpoint[]>('/api/webhook-endpoints');
    expect(listed.body).toHaveLength(10);
    const [first] = listed.body;
    const deleted = await client.request('DELETE', `/api/webhook-endpoints/${first?.id}`);
    expect(deleted.body).toEqual({ id: first?.id, deleted: true });
    expect((await client.get<unknown[]>('/api/webhook-endpoints')).body).toHaveLength(9);
  });

  it('refuses private, loopback and metadata addresses at save time with the guard on', async ({
    expect,
  }) => {
    const guarded = await startTestServer({
      databaseUrl: test.database.url,
      env: { ROLES: 'api', WEBHOOKS_ALLOW_PRIVATE: 'false' },
    });
    try {
      const client = new TestClient(guarded.url);
      await signUp(client);
      for (const url of [
        `${receiverUrl}/private`,
        'http://localhost:8080/hook',
        'http://10.0.0.5/hook',
        'http://[::1]/hook',
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        const refused = await client.post('/api/webhook-endpoints', {
          url,
          events: ['video.completed'],
        });
        expect(refused.status, url).toBe(400);
        expect(refused.body).toMatchObject({
          message: WEBHOOK_MESSAGES.urlNotAllowed,
          field: 'url',
        });
      }
      const odd = await client.post('/api/webhook-endpoints', {
        url: 'ftp://example.com/hook',
        events: ['video.completed'],
      });
      expect(odd.status).toBe(400);
      expect((await client.get<unknown[]>('/api/webhook-endpoints')).body).toEqual([]);
    } finally {
      await guarded.stop();
    }
    // With private addresses allowed, metadata stays refused.
    const { client } = await member();
    const metadata = await client.post('/api/webhook-endpoints', {
      url: 'http://169.254.169.254/latest/meta-data/',
      events: ['video.completed'],
    });
    expect(metadata.status).toBe(400);
    expect(metadata.body.message).toBe(WEBHOOK_MESSAGES.urlNotAllowed);
  }, 30_000);
});

describe('a worker killed mid-delivery', () => {
  it('sends again under the same webhook-id after the worker is killed mid-delivery', async ({
    expect,
  }) => {
    // pg-boss notices an expired job at its maintenance, every 2 minutes by default: every second
    // here, as a scheduler configured so would.
    const maintenance = new PgBoss({
      connectionString: test.database.url,
      schedule: false,
      supervise: true,
      migrate: false,
      maintenanceIntervalSeconds: 1,
    });
    maintenance.on('error', () => undefined);
    await maintenance.start();
    try {
      const { client } = await member();
      answers.set('/held', [0, 200]);
      const endpoint = await addEndpoint(client, '/held', ['video.completed']);
      const sent = await client.post<WebhookDelivery>(`/api/webhook-endpoints/${endpoint.id}/test`);
      await until(async () => requestsTo('/held').length === 1);
      const [worker] = workers;
      const died = new Promise((resolve) => worker?.once('exit', resolve));
      worker?.kill('SIGKILL');
      await died;
      await startWorker();

      await until(async () => {
        const [delivery] = await deliveriesOf(client, endpoint.id);
        return delivery?.status === 'delivered';
      }, 20_000);
      const attempts = requestsTo('/held');
      expect(attempts).toHaveLength(2);
      expect(attempts.map((attempt) => attempt.headers['webhook-id'])).toEqual([
        sent.body.id,
        sent.body.id,
      ]);
      expect(attempts[1]?.body).toBe(attempts[0]?.body);
      const verifier = new Webhook(endpoint.secret);
      for (const attempt of attempts) verifier.verify(attempt.body, attempt.headers);
      // The killed attempt counted: this was the second.
      expect((await deliveriesOf(client, endpoint.id))[0]).toMatchObject({
        attempts: 2,
        statusCode: 200,
      });
    } finally {
      await maintenance.stop({ graceful: false, wait: false });
    }
  }, 40_000);
});
