// The deployment topology of docs/operations.md, as separate processes on one PostgreSQL: two API
// nodes, two workers and two schedulers. A member's socket on one API node hears a video created
// through the other and rendered by a worker; a worker killed mid-render leaves the video to the
// other, completed once and charged once; two schedulers make one run per due time; rate limits
// hold across both API nodes.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  VideoStatusUpdate,
} from '../../shared/realtime';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { signUp, TestClient, uniqueEmail } from '../../test/http-client';
import { isSettled, videoInput, waitForVideo } from '../../test/videos';

type Node = { name: string; role: string; child: ChildProcess; url: string | null };

const LEASE_SECONDS = '3';
let database: TestDatabase;
let sql: pg.Pool;
let dataDir: string;
const nodes: Node[] = [];
const sockets: Socket[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}

/** One process running `server/app/main.ts` with the given roles, resolved once it is serving. */
async function startNode(name: string, role: string): Promise<Node> {
  const port = role === 'api' ? await freePort() : 0;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/app/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ROLES: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      // One machine here, so one media folder; across machines this is the S3 bucket.
      DATA_DIR: dataDir,
      AUTH_SECRET: 'multi-node-test-secret-0123456789abcdef',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      DEMO_CLIPS: 'false',
      RENDER_CONCURRENCY: '1',
      RENDER_LEASE_SECONDS: LEASE_SECONDS,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const node: Node = { name, role, child, url: port ? `http://127.0.0.1:${port}` : null };
  nodes.push(node);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Reelforge is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${name} exited while starting (${code})`)));
  });
  return node;
}

function byName(name: string): Node {
  const node = nodes.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`no node ${name}`);
  return node;
}

async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await check();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms`);
}

async function member(api: string, level: 'Pro' | 'Elite') {
  const client = new TestClient(api, { 'x-forwarded-for': '192.0.2.10' });
  const { user } = await signUp(client);
  await sql.query('update users set member_level = $1 where id = $2', [level, user.id]);
  return { client, id: user.id as string };
}

beforeAll(async () => {
  database = await createTestDatabase();
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-nodes-'));
  // The first node migrates (all would; they take turns on a lock), then the rest start together.
  await startNode('api-1', 'api');
  await Promise.all([
    startNode('api-2', 'api'),
    startNode('worker-1', 'worker'),
    startNode('worker-2', 'worker'),
    startNode('scheduler-1', 'scheduler'),
    startNode('scheduler-2', 'scheduler'),
  ]);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(
    nodes.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  await sql?.end();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('several nodes on one database', () => {
  it('tells a socket on api 2 about a video created through api 1 and rendered by a worker', async () => {
    const api1 = byName('api-1').url as string;
    const api2 = byName('api-2').url as string;
    const { client, id } = await member(api1, 'Pro');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(api2, {
      transports: ['websocket'],
      extraHeaders: { cookie: client.cookieHeader },
      reconnection: false,
    });
    sockets.push(socket);
    const heard: VideoStatusUpdate[] = [];
    socket.on('videoStatusUpdate', (update) => heard.push(update));
    await new Promise<void>((resolve, reject) => {
      socket.once('authenticated', () => resolve());
      socket.once('auth_error', (error) => reject(new Error(JSON.stringify(error))));
      socket.emit('authenticate', { userId: id });
    });

    const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      title: 'Across nodes',
    });
    expect(created.status).toBe(201);
    const requestId = created.body.requestId;
    await until(
      async () =>
        heard.some((update) => update.requestId === requestId && update.status === 'completed'),
      60_000,
    );
    expect(
      heard.filter((update) => update.requestId === requestId).map((update) => update.status),
    ).toEqual(expect.arrayContaining(['queued', 'processing', 'completed']));
  }, 90_000);

  it('finishes a video once, charged once, when its worker is killed mid-render', async () => {
    const { client } = await member(byName('api-2').url as string, 'Elite');
    const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      title: 'Survives a crash',
      scenes: 4,
    });
    const requestId = created.body.requestId;
    const owner = await until(async () => {
      const { rows } = await sql.query(
        `select lease_owner, progress from video_creation_requests where id = $1`,
        [requestId],
      );
      return rows[0]?.lease_owner && rows[0].progress > 5 ? String(rows[0].lease_owner) : null;
    }, 30_000);
    const pid = Number(owner.split(':')[1]);
    const rendering = nodes.find((node) => node.child.pid === pid);
    expect(rendering?.role).toBe('worker');
    const died = new Promise((resolve) => rendering?.child.once('exit', resolve));
    rendering?.child.kill('SIGKILL');
    await died;

    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('completed');
    const { rows } = await sql.query(
      `select r.attempts, r.lease_owner,
              (select count(*)::int from video_generated_content c where c.request_id = r.id) as videos,
              (select array_agg(transaction_type) from credit_ledger l where l.video_request_id = r.id) as ledger
         from video_creation_requests r where r.id = $1`,
      [requestId],
    );
    expect(rows[0]).toMatchObject({ attempts: 1, videos: 1, ledger: ['spend'] });
    expect(Number(String(rows[0].lease_owner).split(':')[1])).not.toBe(pid);
  }, 120_000);

  it('makes one run per due time with two schedulers', async () => {
    const { client, id } = await member(byName('api-1').url as string, 'Pro');
    const job = await client.post<{ id: number }>('/api/video-jobs', {
      jobName: 'Two schedulers',
      postType: 'video',
      frequency: 'daily',
      scenes: 1,
      aspectRatio: 'landscape',
      isActive: true,
      advancedMode: true,
      watermark: false,
      masterPrompt: 'A short clip about coffee.',
    });
    expect(job.status).toBe(201);
    // Both schedulers' cron fires each minute; the first tick after this runs the job.
    await until(async () => {
      const { rows } = await sql.query('select 1 from video_job_runs where job_id = $1', [
        job.body.id,
      ]);
      return rows.length > 0;
    }, 100_000);
    // Give the other scheduler its chance at the same due time.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const { rows } = await sql.query(
      `select (select count(*)::int from video_job_runs where job_id = $1) as runs,
              (select count(*)::int from video_creation_requests where user_id = $2) as videos`,
      [job.body.id, id],
    );
    expect(rows[0]).toEqual({ runs: 1, videos: 1 });
  }, 150_000);

  it('holds the sign-up rate limit across both API nodes', async () => {
    const apis = nodes.filter((node) => node.role === 'api').map((node) => node.url as string);
    const signUpFrom = (api: string) =>
      new TestClient(api, { 'x-forwarded-for': '198.51.100.200' }).post('/api/auth/signup', {
        email: uniqueEmail('flood'),
        password: 'correct horse battery',
      });
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++) {
      statuses.push((await signUpFrom(apis[index % 2] as string)).status);
    }
    expect(statuses).toEqual(Array(20).fill(201));
    for (const api of apis) expect((await signUpFrom(api)).status).toBe(429);
  });
});
