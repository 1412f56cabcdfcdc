// The render queue's order with real renders: videos queued while no worker runs are rendered,
// once one starts with a single slot, Elite first, then Pro, then Free, and within a plan members
// take turns (one member's second video waits behind another member's first).
import { afterAll, describe, expect, it } from 'vitest';
import type { MemberLevel } from '../../shared/plans';
import { signUp, TestClient } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';
import { videoInput } from '../../test/videos';
import { parseConfig } from '../config';
import { type Runtime, startRuntime } from '../runtime';

const AUTH_SECRET = 'fair-queue-test-secret-0123456789abcdef';
const test = setUpTestServer({ env: { ROLES: 'api', AUTH_SECRET } });

let worker: Runtime | undefined;
afterAll(async () => {
  await worker?.stop();
});

async function member(level: MemberLevel) {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  await test.sql.query('update users set member_level = $1 where id = $2', [level, user.id]);
  return client;
}

describe('the render queue', () => {
  it('renders Elite before Pro before Free, members taking turns within a plan', async () => {
    const freeA = await member('Free');
    const freeB = await member('Free');
    const pro = await member('Pro');
    const elite = await member('Elite');
    // Queued oldest first: the order a first-come queue would render them in.
    const queued: Array<[TestClient, string]> = [
      [freeA, 'Free A 1'],
      [freeA, 'Free A 2'],
      [freeB, 'Free B 1'],
      [pro, 'Pro 1'],
      [pro, 'Pro 2'],
      [elite, 'Elite 1'],
    ];
    for (const [client, title] of queued) {
      const response = await client.post('/api/video-creation-requests', { ...videoInput, title });
      expect(response.status).toBe(201);
    }

    // A worker node on the same database and media folder, started once everything is queued.
    worker = await startRuntime(
      parseConfig({
        NODE_ENV: 'test',
        DATA_DIR: test.server.config.dataDir,
        DATABASE_URL: test.database.url,
        LOG_LEVEL: 'silent',
        DEMO_CLIPS: 'false',
        ROLES: 'worker',
        AUTH_SECRET,
        // One render at a time: the order they finish in is the order they started in.
        RENDER_CONCURRENCY: '1',
      }),
    );

    const deadline = Date.now() + 120_000;
    let rows: Array<{ title: string; status: string }> = [];
    while (Date.now() < deadline) {
      ({ rows } = await test.sql.query(
        `select title, status from video_creation_requests order by completed_at nulls last, id`,
      ));
      if (rows.every((row) => row.status === 'completed' || row.status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows.map((row) => row.status)).toEqual(Array(6).fill('completed'));
    expect(rows.map((row) => row.title)).toEqual([
      'Elite 1',
      'Pro 1',
      'Pro 2',
      'Free A 1',
      'Free B 1',
      'Free A 2',
    ]);
  }, 150_000);
});
