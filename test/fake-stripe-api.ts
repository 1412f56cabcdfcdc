// A stand-in for Stripe's API on a local port, for tests of the calls the server makes with a
// secret key: it checks the bearer key, reads the form-encoded parameters the SDK sends, records
// every request, and answers with the objects Stripe documents (Checkout Session, billing portal
// session, a cancelled subscription). STRIPE_API_BASE_URL points the server at it.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STRIPE_SECRET_KEY = 'sk_test_reelforge_fake_0123456789';

export type StripeApiCall = {
  method: string;
  path: string;
  /** The form-encoded parameters, keys as Stripe writes them (`line_items[0][price]`). */
  params: Record<string, string>;
  idempotencyKey: string | null;
};

export type FakeStripeApi = {
  url: string;
  calls: StripeApiCall[];
  /** Answer the next calls with Stripe's error shape and this status. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function answer(call: StripeApiCall): Record<string, unknown> | null {
  const { params } = call;
  if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
    const sessionId = id('cs');
    return {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      livemode: false,
      metadata: Object.fromEntries(
        Object.entries(params)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      ),
      mode: params.mode,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    };
  }
  if (call.method === 'POST' && call.path === '/v1/billing_portal/sessions') {
    const sessionId = id('bps');
    return {
      id: sessionId,
      object: 'billing_portal.session',
      customer: params.customer,
      livemode: false,
      return_url: params.return_url ?? null,
      url: `https://billing.stripe.com/p/session/${sessionId}`,
    };
  }
  const cancel = /^\/v1\/subscriptions\/(sub_[\w]+)$/.exec(call.path);
  if (call.method === 'DELETE' && cancel) {
    return {
      id: cancel[1],
      object: 'subscription',
      cancel_at_period_end: false,
      ended_at: Math.floor(Date.now() / 1000),
      status: 'canceled',
    };
  }
  return null;
}

export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const calls: StripeApiCall[] = [];
  let failures: { status: number; left: number } | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.test');
      const body = Buffer.concat(chunks).toString('utf8');
      const call: StripeApiCall = {
        method: request.method ?? 'GET',
        path: url.pathname,
        params: Object.fromEntries(new URLSearchParams(body || url.search)),
        idempotencyKey: (request.headers['idempotency-key'] as string | undefined) ?? null,
      };
      calls.push(call);
      const reply = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) {
        return reply(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        });
      }
      if (failures && failures.left > 0) {
        failures.left -= 1;
        return reply(failures.status, {
          error: { type: 'api_error', message: 'An unknown error occurred.' },
        });
      }
      const object = answer(call);
      if (!object) {
        return reply(404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${call.method}: ${call.path}).`,
          },
        });
      }
      return reply(200, object);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
