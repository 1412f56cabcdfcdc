// A server with checkout links and a portal link but no Stripe key and no webhook secret: the
// client is told to use the links, the server makes no checkouts, the portal link (with the
// member's email) opens only for a member who has paid, and webhooks are refused until the
// signing secret is set (Stripe keeps retrying meanwhile).
import { describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { checkoutSession, deliver, event } from '../../../test/stripe';

const PORTAL = 'https://billing.stripe.com/p/login/test_portal';
const test = setUpTestServer({
  env: {
    ROLES: 'api',
    STRIPE_LINK_STARTER: 'https://buy.stripe.com/test_starter',
    STRIPE_BILLING_PORTAL_URL: PORTAL,
  },
});

describe('payment links without a Stripe key', () => {
  it('sends the client to the links and makes no checkout itself', async () => {
    const client = new TestClient(test.server.url);
    const { email, user } = await signUp(client);
    const config = await client.get('/api/client-config');
    expect(config.body).toMatchObject({
      checkoutSessions: false,
      paymentLinks: { packs: { starter: 'https://buy.stripe.com/test_starter', creator: null } },
    });
    const checkout = await client.post('/api/billing/checkout', { product: 'starter' });
    expect(checkout.status).toBe(503);
    expect(checkout.body).toMatchObject({ code: 'CHECKOUT_NOT_CONFIGURED' });

    // The portal link is offered once the member has paid, with their email filled in.
    expect((await client.post('/api/billing/portal')).status).toBe(404);
    // A pack bought through a link that made no Stripe customer (this server takes no webhooks,
    // so the purchase is written as the webhook would have).
    await test.sql.query(
      "insert into purchases (id, user_id, product, credits, event_id) values ('cs_test_paid', $1, 'starter', 3, 'evt_test_paid')",
      [user.id],
    );
    expect((await client.get('/api/billing')).body).toMatchObject({
      hasPaid: true,
      canManageBilling: true,
    });
    const portal = await client.post<{ url: string }>('/api/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toBe(`${PORTAL}?prefilled_email=${encodeURIComponent(email)}`);
  });

  it('refuses webhooks with 503 while no signing secret is set, storing nothing', async () => {
    const stray = event('checkout.session.completed', checkoutSession({ amountCents: 100 }));
    const answer = await deliver(test.server.url, stray);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'WEBHOOK_NOT_CONFIGURED' });
    const { rows } = await test.sql.query('select count(*)::int as n from payment_events');
    expect(rows[0].n).toBe(0);
  });
});
