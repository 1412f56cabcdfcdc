// POST /api/video-creation-requests without a worker: plan limits, validation in the spec's words,
// and credits that are spent exactly once, never overdrawn, and never for a refused request.
import { describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { makeImage } from '../../../test/media';
import { setUpTestServer } from '../../../test/server';

const test = setUpTestServer({ env: { ROLES: 'api' } });

const valid = {
  title: 'Sunrise over the bay',
  description: 'Fishing boats leave the harbour as the sun comes up.',
  aspectRatio: 'landscape',
  watermark: true,
};

async function member(plan: 'Free' | 'Pro' | 'Elite' = 'Free') {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  if (plan !== 'Free') {
    await test.sql.query('update users set member_level = $1 where id = $2', [plan, user.id]);
  }
  return { client, id: user.id as string };
}

const credits = async (client: TestClient) =>
  (await client.get<{ remainingCredits: number | null; unlimited: boolean }>('/api/credits')).body;

async function requestCount(userId: string): Promise<number> {
  const { rows } = await test.sql.query(
    'select count(*)::int as n from video_creation_requests where user_id = $1',
    [userId],
  );
  return rows[0].n;
}

describe('credits', () => {
  it('a Free member starts with 10 credits and a ledger that says why', async () => {
    const { client } = await member();
    expect(await credits(client)).toEqual({ remainingCredits: 10, unlimited: false });
    const ledger = await client.get<Array<Record<string, unknown>>>('/api/credits/ledger');
    expect(ledger.body).toEqual([
      expect.objectContaining({
        amount: 10,
        transactionType: 'allowance',
        description: 'Free monthly credits',
      }),
    ]);
  });

  it('a Pro member gets 150 and Elite is unlimited', async () => {
    expect(await credits((await member('Pro')).client)).toEqual({
      remainingCredits: 150,
      unlimited: false,
    });
    expect(await credits((await member('Elite')).client)).toEqual({
      remainingCredits: null,
      unlimited: true,
    });
  });

  it('needs a signed-in member', async () => {
    expect((await new TestClient(test.server.url).get('/api/credits')).status).toBe(401);
  });
});

describe('POST /api/video-creation-requests', () => {
  it('queues the video, spends one credit and lists it as req-{id}', async () => {
    const { client } = await member();
    const response = await client.post('/api/video-creation-requests', valid);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'queued',
      title: valid.title,
      remainingCredits: 9,
    });
    expect(await credits(client)).toEqual({ remainingCredits: 9, unlimited: false });
    const videos = await client.get<Array<Record<string, unknown>>>('/api/videos');
    expect(videos.body).toEqual([
      expect.objectContaining({
        id: response.body.id,
        status: 'queued',
        scenes: 1,
        aspectRatio: 'landscape',
      }),
    ]);
    const requests = await client.get<Array<Record<string, unknown>>>(
      '/api/video-creation-requests',
    );
    expect(requests.body.map((request) => request.id)).toEqual([response.body.id]);
    const ledger = await client.get<Array<Record<string, unknown>>>('/api/credits/ledger');
    expect(ledger.body[0]).toMatchObject({ amount: -1, transactionType: 'spend' });
    const { rows } = await test.sql.query(
      "select count(*)::int as n from pgboss.job where name = 'render-video' and data->>'requestId' = $1",
      [String(response.body.requestId)],
    );
    expect(rows[0].n).toBe(1);
  });

  const refusals: Array<[string, Record<string, unknown>, number, string]> = [
    [
      'a blank title',
      { ...valid, title: '   ' },
      400,
      'Please fill in both title and description.',
    ],
    [
      'a 101-character title',
      { ...valid, title: 'x'.repeat(101) },
      400,
      'Title must be 100 characters or less.',
    ],
    [
      'a blank description',
      { ...valid, description: ' \n ' },
      400,
      'Please fill in both title and description.',
    ],
    [
      'a 1501-character description',
      { ...valid, description: 'y'.repeat(1501) },
      400,
      'Description must be < 1500 characters.',
    ],
    [
      'an unknown aspect ratio',
      { ...valid, aspectRatio: 'square' },
      400,
      'Aspect ratio must be landscape or portrait.',
    ],
    ['zero scenes', { ...valid, scenes: 0 }, 400, 'Videos need at least 1 scene.'],
    [
      '2 scenes on Free',
      { ...valid, scenes: 2 },
      400,
      'Free members can create videos with up to 1 scene.',
    ],
    [
      'no watermark on Free',
      { ...valid, watermark: false },
      400,
      'Upgrade to Pro or Elite to remove watermarks',
    ],
    [
      'a source image from another site',
      { ...valid, sourceImageUrl: 'https://example.com/cat.png' },
      400,
      'Please upload the source image again.',
    ],
    [
      'a source image path escape',
      { ...valid, sourceImageUrl: '/media/../../etc/passwd' },
      400,
      'Please upload the source image again.',
    ],
  ];

  it.each(refusals)(
    'refuses %s with the spec message and spends nothing',
    async (_name, body, status, message) => {
      const { client, id } = await member();
      const response = await client.post('/api/video-creation-requests', body);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
      expect(await credits(client)).toEqual({ remainingCredits: 10, unlimited: false });
      expect(await requestCount(id)).toBe(0);
    },
  );

  it('holds each plan to its scene maximum', async () => {
    const pro = await member('Pro');
    expect(
      (
        await pro.client.post('/api/video-creation-requests', {
          ...valid,
          scenes: 2,
          watermark: false,
        })
      ).status,
    ).toBe(201);
    const over = await pro.client.post('/api/video-creation-requests', { ...valid, scenes: 3 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Pro members can create videos with up to 2 scenes.');
    const elite = await member('Elite');
    expect(
      (await elite.client.post('/api/video-creation-requests', { ...valid, scenes: 4 })).status,
    ).toBe(201);
    const five = await elite.client.post('/api/video-creation-requests', { ...valid, scenes: 5 });
    expect(five.body.message).toContain('members can create videos with up to');
    expect(await credits(elite.client)).toEqual({ remainingCredits: null, unlimited: true });
  });

  it("refuses another member's upload as the source image", async () => {
    const owner = await member();
    const upload = await owner.client.upload<{ url: string }>('/api/upload-image', {
      field: 'image',
      name: 'mine.png',
      type: 'image/png',
      bytes: await makeImage('png'),
    });
    expect(
      (
        await owner.client.post('/api/video-creation-requests', {
          ...valid,
          sourceImageUrl: upload.body.url,
        })
      ).status,
    ).toBe(201);
    const thief = await member();
    const response = await thief.client.post('/api/video-creation-requests', {
      ...valid,
      sourceImageUrl: upload.body.url,
    });
    expect(response.status).toBe(400);
    expect(await credits(thief.client)).toEqual({ remainingCredits: 10, unlimited: false });
  });

  it('answers INSUFFICIENT_CREDITS with the balance when nothing is left', async () => {
    const { client, id } = await member();
    await credits(client);
    await test.sql.query(
      'update credit_balances set allowance_remaining = 0, bonus_credits = 0 where user_id = $1',
      [id],
    );
    const response = await client.post('/api/video-creation-requests', valid);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'You have 0 credits but need 1 to create a video.',
      code: 'INSUFFICIENT_CREDITS',
      remainingCredits: 0,
    });
    expect(await requestCount(id)).toBe(0);
  });

  it('lets exactly one of 20 racing requests spend the last credit', async () => {
    const { client, id } = await member();
    await credits(client);
    await test.sql.query(
      'update credit_balances set allowance_remaining = 0, bonus_credits = 1 where user_id = $1',
      [id],
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/video-creation-requests', valid)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    expect(responses.every((r) => r.status === 201 || r.body.code === 'INSUFFICIENT_CREDITS')).toBe(
      true,
    );
    expect(await credits(client)).toEqual({ remainingCredits: 0, unlimited: false });
    expect(await requestCount(id)).toBe(1);
    const { rows } = await test.sql.query(
      "select count(*)::int as n from credit_ledger where user_id = $1 and transaction_type = 'spend'",
      [id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('answers a repeated submission (same Idempotency-Key) with the first video, charged once', async () => {
    const { client, id } = await member();
    const key = { 'idempotency-key': 'submission-7f3a9c2e' };
    const first = await client.post('/api/video-creation-requests', valid, key);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/api/video-creation-requests', valid, key)),
    );
    expect(first.status).toBe(201);
    for (const again of racing) expect(again.body.requestId).toBe(first.body.requestId);
    expect(await requestCount(id)).toBe(1);
    expect(await credits(client)).toEqual({ remainingCredits: 9, unlimited: false });
    const other = await client.post('/api/video-creation-requests', valid, {
      'idempotency-key': 'submission-0b1c2d3e',
    });
    expect(other.body.requestId).not.toBe(first.body.requestId);
    const bad = await client.post('/api/video-creation-requests', valid, {
      'idempotency-key': 'a b',
    });
    expect(bad.status).toBe(400);
  });

  it('answers ten concurrent retries of one submission with the same video, charged once', async () => {
    const { client, id } = await member();
    const key = { 'idempotency-key': 'dropped-connection-retry' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post('/api/video-creation-requests', valid, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.requestId)).size).toBe(1);
    expect(await requestCount(id)).toBe(1);
    expect(await credits(client)).toEqual({ remainingCredits: 9, unlimited: false });
  });

  it('takes back a queued video for its owner only, refunding the credit', async () => {
    const { client } = await member();
    const stranger = await member();
    const created = await client.post<{ id: string; requestId: number }>(
      '/api/video-creation-requests',
      valid,
    );
    expect(await credits(client)).toEqual({ remainingCredits: 9, unlimited: false });
    const path = `/api/video-creation-requests/${created.body.requestId}`;
    expect((await stranger.client.request('DELETE', path)).status).toBe(404);
    expect((await client.request('DELETE', path)).body).toEqual({ deleted: true });
    expect(await credits(client)).toEqual({ remainingCredits: 10, unlimited: false });
    expect((await client.get<unknown[]>('/api/videos')).body).toEqual([]);
    expect((await client.request('DELETE', path)).status).toBe(404);
  });

  it('needs a signed-in member', async () => {
    const response = await new TestClient(test.server.url).post(
      '/api/video-creation-requests',
      valid,
    );
    expect(response.status).toBe(401);
  });
});
