// Request rate limits (@fastify/rate-limit) on the routes people or scripts could flood: sign-up per
// IP, creating, combining, uploading and submitting per member, and the payment webhook per IP
// (sign-in has its own throttle that counts only failures: features/auth/sign-in-throttle.ts). Counts live in PostgreSQL (rate_limits), so every API node enforces one limit.
// A refused request answers 429 `{message, code: 'RATE_LIMITED', retryAfterSeconds}` with
// Retry-After; the message says when to try again.
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { RateLimitName, RateLimits } from '../config-limits';
import { RateLimited } from '../errors';
import type { RateLimitRepository } from './rate-limit-repository';

/**
 * Who a limit counts: the caller's address, the signed-in member, or (counted by the service that
 * knows it) the email address a request is about.
 */
const COUNTED_BY: Record<RateLimitName, 'ip' | 'member' | 'email address'> = {
  signUp: 'ip',
  passwordReset: 'ip',
  upload: 'member',
  create: 'member',
  combine: 'member',
  storyboard: 'member',
  submission: 'member',
  publish: 'member',
  webhook: 'ip',
  emailChange: 'member',
  emailChangeAddress: 'email address',
};

const MESSAGES: Record<RateLimitName, string> = {
  signUp: 'Too many accounts were created from your network just now.',
  passwordReset: 'Too many password resets were asked for from your network just now.',
  upload: 'You are uploading images too quickly.',
  create: 'You are creating videos too quickly.',
  combine: 'You are combining videos too quickly.',
  storyboard: 'You are planning storyboards too quickly.',
  submission: 'You have sent a lot of submissions just now.',
  publish: 'You are publishing videos too quickly.',
  webhook: 'Too many requests.',
  emailChange: 'You have asked to change your email address several times just now.',
  emailChangeAddress: 'That address has been asked for several times today.',
};

/** "in 1 minute", "in 45 seconds": when the caller may try again. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function rateLimitedError(name: RateLimitName, retryAfterSeconds: number): RateLimited {
  return new RateLimited(
    `${MESSAGES[name]} Please try again ${waitText(retryAfterSeconds)}.`,
    retryAfterSeconds,
  );
}

/** The @fastify/rate-limit store: one fixed-window counter per limit and caller in rate_limits. */
function postgresStore(counters: RateLimitRepository, clock: Clock) {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  return class PostgresRateLimitStore {
    /** The plugin constructs the root store with its options; children carry their prefix. */
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now();
      counters.hit(`${this.prefix}:${key}`, timeWindow, now).then(
        ({ count, windowStartedAt }) =>
          callback(null, {
            current: count,
            ttl: Math.max(0, windowStartedAt.getTime() + timeWindow - now.getTime()),
          }),
        (error: Error) => callback(error),
      );
    }

    /** A store per route; routes sharing a limit (`groupId`) share their counts. */
    child(options: object) {
      const { groupId, routeInfo } = options as {
        groupId?: string;
        routeInfo?: { method?: unknown; url?: string };
      };
      const route = groupId ?? `${String(routeInfo?.method)}${routeInfo?.url ?? ''}`;
      return new PostgresRateLimitStore(undefined, `rl:${route}`);
    }
  };
}

/** Registers the plugin (no limit applies until a route names one with `rateLimitedBy`). */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: { counters: RateLimitRepository; clock: Clock },
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // After the session guard (onRequest), so a member's limit can count the member.
    hook: 'preHandler',
    store: postgresStore(deps.counters, deps.clock),
    skipOnError: false,
    // Retry-After comes with the error; the x-ratelimit-* headers would only add noise.
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': false,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
}

/**
 * A route's `config` for a named limit (nothing when limits are off). Routes sharing a name share
 * one count: retrying a video counts as creating one.
 */
export function rateLimitedBy(
  limits: RateLimits | null,
  name: RateLimitName,
): { rateLimit: RateLimitOptions | false } {
  if (!limits) return { rateLimit: false };
  const rule = limits[name];
  return {
    rateLimit: {
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      groupId: name,
      keyGenerator: (request: FastifyRequest) =>
        COUNTED_BY[name] === 'member' && request.user ? `member:${request.user.id}` : request.ip,
      errorResponseBuilder: (_request, context) =>
        rateLimitedError(name, Math.max(1, Math.ceil(context.ttl / 1000))),
    },
  };
}

/**
 * The counter a route's member limit keeps: the store's prefix for the limit's group, then the
 * key, to which @fastify/rate-limit appends the groupId once more.
 */
function memberCounterKey(name: RateLimitName, memberId: string): string {
  return `rl:${name}:member:${memberId}${name}`;
}

/**
 * Counts one call made outside a route on the member's count of a named limit (an MCP tool doing
 * what a route does): the very counter the route counts on, so the two ways in share one budget.
 * Past the limit it throws the route's own 429 error. Nothing is counted when limits are off.
 */
export async function countMemberCall(
  deps: { counters: RateLimitRepository; clock: Clock; limits: RateLimits | null },
  name: RateLimitName,
  memberId: string,
): Promise<void> {
  if (!deps.limits) return;
  const rule = deps.limits[name];
  const windowMs = rule.windowSeconds * 1000;
  const now = deps.clock.now();
  const { count, windowStartedAt } = await deps.counters.hit(
    memberCounterKey(name, memberId),
    windowMs,
    now,
  );
  if (count > rule.max) {
    const ttlMs = windowStartedAt.getTime() + windowMs - now.getTime();
    throw rateLimitedError(name, Math.max(1, Math.ceil(ttlMs / 1000)));
  }
}
