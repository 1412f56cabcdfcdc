// The render queue's order with real renders: videos queued while no worker runs are rendered,
// once one starts with a single slot, Elite first, then Pro, then Free, and within a plan members
// take turns (one member's second video waits behind another member's first). A video that
// outranks everything the worker renders starts at once, beside the render it outranks; a lower
// plan's video never does.
import { afterAll, describe, expect, it } from 'vitest';
import type { Tier } from '../../shared/tiers';
import { signUp, TestClient } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';
import { videoInput } from '../../test/videos';
import { type Runtime, startRuntime } from '../app/runtime';
import { parseConfig } from '../config';

const AUTH_SECRET = 'fair-queue-test-secret-0123456789abcdef';
const test = setUpTestServer({ env: { ROLES: 'api', AUTH_SECRET } });

let worker: Runtime | undefined;
afterAll(async () => {
  await worker?.stop();
});

async function member(level: Tier) {
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

  it('starts a video that outranks the work in hand at once, and never a lower plan', async () => {
    const flooder = await member('Pro');
    const neighbour = await member('Pro');
    const freeMember = await member('Free');
    const flood: number[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await flooder.post('/api/video-creation-requests', {
        ...videoInput,
        title: `Flood ${index}`,
        scenes: 2,
      });
      flood.push(response.body.requestId as number);
    }
    const statusOf = async (ids: number[]) => {
      const { rows } = await test.sql.query<{ id: number; status: string }>(
        'select id, status from video_creation_requests where id = any($1)',
        [ids],
      );
      return new Map(rows.map((row) => [row.id, row.status]));
    };
    // The worker (one slot) is rendering the flooder's third video when the others ask. That one
    // was queued behind a waiting video, so it ranks below anyone's first. (The second may rank
    // level with a newcomer's first: when the worker took the first before the second was asked
    // for, the second was the flooder's first waiting video, and it keeps its place.)
    // Bounded by time, not tries: under a loaded CI a narrated video takes a while.
    const thirdStarts = Date.now() + 120_000;
    while ((await statusOf(flood)).get(flood[2] as number) !== 'processing') {
      expect(Date.now(), "the flood's third video never started").toBeLessThan(thirdStarts);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const free = (await freeMember.post('/api/video-creation-requests', videoInput)).body
      .requestId as number;
    const turn = (await neighbour.post('/api/video-creation-requests', videoInput)).body
      .requestId as number;

    // Watch every status until all are done: what rendered at the same time as what.
    const all = [...flood, free, turn];
    const overlaps = new Set<string>();
    const completedOrder: number[] = [];
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline && completedOrder.length < all.length) {
      const statuses = await statusOf(all);
      const processing = all.filter((id) => statuses.get(id) === 'processing');
      if (processing.length > 1) overlaps.add(processing.join('+'));
      for (const id of all) {
        if (statuses.get(id) === 'completed' && !completedOrder.includes(id))
          completedOrder.push(id);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(completedOrder).toHaveLength(all.length);
    // One slot, yet the neighbour's turn rendered beside the flood's third video.
    expect([...overlaps].some((pair) => pair.split('+').includes(String(turn)))).toBe(true);
    // The Free video waited for every Pro video, and never went ahead of one.
    expect(completedOrder.at(-1)).toBe(free);
    expect([...overlaps].some((pair) => pair.split('+').includes(String(free)))).toBe(false);
  }, 300_000);
});
