// The monthly allowance over time, with a clock the test moves: spent first, replaced (not topped
// up) each month from the sign-up day, while bonus credits stay; the ledger always adds up. Also a
// video paid on the turn of the month, which starts the new period in the same statement.
import { describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { manualClock } from '../../clock';

const DAY = 24 * 60 * 60_000;
const clock = manualClock(new Date(Date.now() + 60_000));
// Members here create more videos than their plan's seats: credits, not seats, are under test.
const test = setUpTestServer({
  clock,
  env: { ROLES: 'api', IN_PROGRESS_LIMITS: 'Free=100,Pro=100,Elite=100' },
});

const video = {
  title: 'Allowance',
  description: 'One credit each.',
  aspectRatio: 'landscape',
  watermark: true,
};

async function balance(client: TestClient) {
  return (await client.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits;
}

async function ledgerTotal(userId: string): Promise<number> {
  const { rows } = await test.sql.query(
    'select coalesce(sum(amount), 0)::int as total from credit_ledger where user_id = $1',
    [userId],
  );
  return rows[0].total;
}

describe('monthly allowance', () => {
  it('spends the allowance before bonus credits and replaces it each month', async () => {
    const client = new TestClient(test.server.url);
    const { user } = await signUp(client);
    const id = user.id as string;
    expect(await balance(client)).toBe(10);

    // Bonus credits arrive the way grants and purchases will: ledger entry and bucket together.
    await test.sql.query(
      "insert into credit_ledger (user_id, amount, transaction_type, bucket, description) values ($1, 5, 'earn', 'bonus', 'Test grant')",
      [id],
    );
    await test.sql.query(
      'update credit_balances set bonus_credits = bonus_credits + 5 where user_id = $1',
      [id],
    );
    expect(await balance(client)).toBe(15);

    for (let index = 0; index < 3; index += 1) {
      expect((await client.post('/api/video-creation-requests', video)).status).toBe(201);
    }
    const { rows } = await test.sql.query(
      'select allowance_remaining, bonus_credits from credit_balances where user_id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ allowance_remaining: 7, bonus_credits: 5 });
    expect(await ledgerTotal(id)).toBe(12);

    clock.advance(32 * DAY);
    expect(await balance(client)).toBe(15);
    const ledger =
      await client.get<Array<{ amount: number; transactionType: string }>>('/api/credits/ledger');
    expect(
      ledger.body
        .slice(0, 2)
        .map((entry) => [entry.transactionType, entry.amount])
        .sort(),
    ).toEqual([
      ['allowance', 10],
      ['allowance_expired', -7],
    ]);
    expect(await ledgerTotal(id)).toBe(15);

    // Reading again in the same period changes nothing.
    expect(await balance(client)).toBe(15);
    expect(await ledgerTotal(id)).toBe(15);
  });

  it('starts the new period when a video is the first thing paid in it', async () => {
    const client = new TestClient(test.server.url);
    const { user } = await signUp(client);
    const id = user.id as string;
    expect(await balance(client)).toBe(10);
    expect((await client.post('/api/video-creation-requests', video)).status).toBe(201);

    clock.advance(32 * DAY);
    // No balance read first: the video pays the turn of the month itself.
    expect((await client.post('/api/video-creation-requests', video)).status).toBe(201);
    const { rows: balances } = await test.sql.query(
      'select allowance_remaining, bonus_credits from credit_balances where user_id = $1',
      [id],
    );
    expect(balances[0]).toEqual({ allowance_remaining: 9, bonus_credits: 0 });
    const { rows: entries } = await test.sql.query(
      'select transaction_type, bucket, amount from credit_ledger where user_id = $1 order by id',
      [id],
    );
    expect(entries.map((entry) => [entry.transaction_type, entry.bucket, entry.amount])).toEqual([
      ['allowance', 'allowance', 10],
      ['spend', 'allowance', -1],
      ['allowance_expired', 'allowance', -9],
      ['allowance', 'allowance', 10],
      ['spend', 'allowance', -1],
    ]);
    expect(await ledgerTotal(id)).toBe(9);
  });

  it('lets racing videos on the turn of the month start one period and spend only it', async () => {
    const client = new TestClient(test.server.url);
    const { user } = await signUp(client);
    const id = user.id as string;
    expect(await balance(client)).toBe(10);
    await test.sql.query('update credit_balances set allowance_remaining = 0 where user_id = $1', [
      id,
    ]);

    clock.advance(32 * DAY);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => client.post('/api/video-creation-requests', video)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(2);
    expect(await balance(client)).toBe(0);
    const { rows } = await test.sql.query(
      `select transaction_type, count(*)::int as n from credit_ledger
       where user_id = $1 group by transaction_type order by transaction_type`,
      [id],
    );
    expect(rows).toEqual([
      { transaction_type: 'allowance', n: 2 },
      { transaction_type: 'spend', n: 10 },
    ]);
  });
});
