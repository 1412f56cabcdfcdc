// Each caller's share of an API node, over real HTTP: a caller's fifth request waits while four are
// in progress, another caller goes straight in, a finished request hands its place on, and a
// request abandoned while waiting gives its place up.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCallerConcurrency } from './caller-concurrency';
import { errorHandler } from './error-handler';

let app: FastifyInstance;
let base: string;
let inside = 0;
let mostInside = 0;
const gates: Array<() => void> = [];

beforeAll(async () => {
  app = Fastify({ forceCloseConnections: true });
  app.setErrorHandler(errorHandler);
  registerCallerConcurrency(app, { inProgress: 4, waiting: 3 });
  app.get('/api/slow', async () => {
    inside += 1;
    mostInside = Math.max(mostInside, inside);
    await new Promise<void>((resolve) => gates.push(resolve));
    inside -= 1;
    return { ok: true };
  });
  app.get('/api/quick', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const open of gates.splice(0)) open();
  await app.close();
});

const as = (session: string) => ({ cookie: `reelforge.session_token=${session}` });
const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(check()).toBe(true);
};

describe('each caller’s requests in progress', () => {
  it('holds a caller to four at once, lets others through, and hands places on in order', async () => {
    const slow = Array.from({ length: 6 }, () =>
      fetch(`${base}/api/slow`, { headers: as('member-a') }),
    );
    await until(() => inside === 4);
    // Another member is not behind member A's burst.
    const other = await fetch(`${base}/api/quick`, { headers: as('member-b') });
    expect(other.status).toBe(200);
    expect(inside).toBe(4);

    // An abandoned wait gives its place up; a finished request hands its place to the next.
    const abandoned = new AbortController();
    const waitingThenGone = fetch(`${base}/api/slow`, {
      headers: as('member-a'),
      signal: abandoned.signal,
    }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    abandoned.abort();
    await waitingThenGone;
    // Beyond the waiting room (3 here: two of the six plus one more), a caller is refused.
    const extra = [1, 2].map(() => fetch(`${base}/api/slow`, { headers: as('member-a') }));
    const refused = await Promise.race(extra);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');

    while (gates.length > 0 || inside > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answers = await Promise.all([...slow, ...extra]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(7);
    expect(mostInside).toBe(4);
  });
});
