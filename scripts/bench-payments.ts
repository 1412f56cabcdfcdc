// Measures the Stripe webhook for scripts/bench.mjs (one JSON line on stdout): signed
// `checkout.session.completed` events for credit packs, each verified, stored once and applied
// (balance, ledger, purchase, notification) in its own transaction, posted over real HTTP to the
// api role on an embedded PostgreSQL:
//   - one at a time (latency p50 / p95 / max, events per second),
//   - 16 at a time (events per second, p95), the way Stripe delivers in bursts,
//   - the same events again, 16 at a time (redeliveries: verified and found stored, nothing applied).
// The members' balances are checked against what was bought afterwards, so a fast wrong answer
// cannot pass for a fast right one.
import { CREDIT_PACKS } from '../shared/catalogue';
import {
  checkoutSession,
  event,
  type StripeTestEvent,
  signature,
  WEBHOOK_SECRET,
} from '../test/stripe';
import { percentile, withBenchServer } from './bench-support';

const MEMBERS = 500;
const SEQUENTIAL = 300;
const CONCURRENT = 2_000;
const CONCURRENCY = 16;
const WARM_UP = 30;

type Delivery = { status: number; ms: number; duplicate: boolean };

async function deliver(url: string, stripeEvent: StripeTestEvent): Promise<Delivery> {
  const payload = JSON.stringify(stripeEvent);
  const started = performance.now();
  const response = await fetch(`${url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload) },
    body: payload,
  });
  const body = (await response.json()) as { duplicate?: boolean };
  return {
    status: response.status,
    ms: performance.now() - started,
    duplicate: body.duplicate === true,
  };
}

/** Delivers every event with `concurrency` in flight; answers each delivery and the wall time. */
async function run(url: string, events: StripeTestEvent[], concurrency: number) {
  const results: Delivery[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < events.length) {
        const stripeEvent = events[next] as StripeTestEvent;
        next += 1;
        results.push(await deliver(url, stripeEvent));
      }
    }),
  );
  const wallMs = performance.now() - started;
  const failed = results.filter((result) => result.status !== 200);
  if (failed.length > 0)
    throw new Error(`${failed.length} deliveries failed: ${failed[0]?.status}`);
  const latencies = results.map((result) => result.ms);
  return {
    events: results.length,
    perSecond: (results.length / wallMs) * 1000,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    duplicates: results.filter((result) => result.duplicate).length,
  };
}

async function main() {
  await withBenchServer(
    { env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } },
    async ({ url, sql }) => {
      await sql.query(
        `insert into users (id, name, email, referral_code)
       select 'bench-' || n, 'Bench ' || n, 'bench-' || n || '@example.com', 'P' || lpad(n::text, 7, '0')
       from generate_series(1, $1::int) n`,
        [MEMBERS],
      );
      const bought = new Map<string, number>();
      const purchase = (index: number) => {
        const userId = `bench-${(index % MEMBERS) + 1}`;
        const pack = CREDIT_PACKS[index % CREDIT_PACKS.length] as (typeof CREDIT_PACKS)[number];
        bought.set(userId, (bought.get(userId) ?? 0) + pack.credits);
        return event(
          'checkout.session.completed',
          checkoutSession({ clientReferenceId: userId, amountCents: pack.priceCents }),
        );
      };
      let index = 0;
      const batch = (count: number) => Array.from({ length: count }, () => purchase(index++));

      await run(url, batch(WARM_UP), 4);
      const sequential = await run(url, batch(SEQUENTIAL), 1);
      const burst = batch(CONCURRENT);
      const concurrent = await run(url, burst, CONCURRENCY);
      const redelivered = await run(url, burst, CONCURRENCY);
      if (redelivered.duplicates !== burst.length)
        throw new Error('a redelivery was applied again');

      const { rows } = await sql.query<{ user_id: string; bonus: number }>(
        'select user_id, bonus_credits as bonus from credit_balances',
      );
      const wrong = rows.filter((row) => row.bonus !== bought.get(row.user_id));
      if (wrong.length > 0 || rows.length !== bought.size) {
        throw new Error(`${wrong.length} balances differ from what was bought`);
      }
      process.stdout.write(
        `${JSON.stringify({ members: MEMBERS, concurrency: CONCURRENCY, sequential, concurrent, redelivered })}\n`,
      );
    },
  );
}

await main();
