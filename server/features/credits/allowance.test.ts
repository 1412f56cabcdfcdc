// The monthly allowance over time, with a clock the test moves: spent first, replaced (not topped
// up) each month from the sign-up day, while bonus credits stay; the ledger always adds up.
import { describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { manualClock } from '../../clock';

const DAY = 24 * 60 * 60_000;
const clock = manualClock(new Date(Date.now() + 60_000));
const test = setUpTestServer({ clock, env: { ROLES: 'api' } });

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
});
