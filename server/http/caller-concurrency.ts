// Gives every caller a fair share of an API node: each caller (a session, or an address without
// one) has at most two API requests in progress at once; more wait their turn in order. One member
// paging through a big library on ten connections then competes with everyone else as two, so
// another member's quick call is not stuck behind their whole burst (measured: another member's
// /api/credits p95 43 ms against 74 ms with four and 110 ms with no limit; npm run bench). Per
// node, in memory: what it shares is the node's CPU, which is per node too.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimited } from '../errors';

export const CALLER_CONCURRENCY = {
  /** Requests one caller has in progress at once. */
  inProgress: 2,
  /** Requests one caller may have waiting; beyond this they are refused. */
  waiting: 200,
};

/** Where a caller's requests are held: media and downloads stream for long and are left alone. */
const SHARED_PREFIX = '/api/';
const EXEMPT = ['/api/proxy/', '/api/admin/export/', '/api/health', '/api/webhooks/'];

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?reelforge\.session_token=([^;]+)/;

function callerOf(request: FastifyRequest): string {
  const session = SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  return session ? `session:${session}` : `address:${request.ip}`;
}

type Lane = { running: number; waiting: Array<() => void> };

export function registerCallerConcurrency(
  app: FastifyInstance,
  limits: { inProgress: number; waiting: number } = CALLER_CONCURRENCY,
): void {
  const lanes = new Map<string, Lane>();

  const release = (caller: string, lane: Lane) => {
    const next = lane.waiting.shift();
    if (next) {
      next();
      return;
    }
    lane.running -= 1;
    if (lane.running === 0) lanes.delete(caller);
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (!url.startsWith(SHARED_PREFIX) || EXEMPT.some((prefix) => url.startsWith(prefix))) return;
    const caller = callerOf(request);
    let lane = lanes.get(caller);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(caller, lane);
    }
    const held = lane;
    let holding = false;
    let gone = false;
    let wake: (() => void) | null = null;
    // 'close' fires however the exchange ends: answered, failed or abandoned by the caller (also
    // while still waiting, which then gives up its place).
    reply.raw.once('close', () => {
      gone = true;
      if (holding) release(caller, held);
      else if (wake && held.waiting.includes(wake))
        held.waiting.splice(held.waiting.indexOf(wake), 1);
    });
    if (held.running < limits.inProgress) {
      held.running += 1;
      holding = true;
      return;
    }
    if (held.waiting.length >= limits.waiting) {
      throw new RateLimited('Too many requests at once. Please try again in 1 second.', 1);
    }
    // The slot is handed over by the request that finishes (running stays the same).
    await new Promise<void>((resolve) => {
      wake = resolve;
      held.waiting.push(resolve);
    });
    holding = true;
    if (gone) release(caller, held);
  });
}
