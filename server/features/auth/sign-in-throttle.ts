// Slows down password guessing without letting a guesser lock the real member out. Only failures
// count. Each (account, address) pair gets a few free failures, then a wait that doubles with each
// further failure; a correct password from another address is never refused because of them. One
// address failing across many accounts (credential stuffing) is stopped by a count of its
// failures. Counters live in PostgreSQL, so every API node sees the same ones.
import type { Clock } from '../../clock';
import { RateLimited } from '../../errors';
import { waitText } from '../../http/rate-limit';
import type { RateLimitRepository } from '../../http/rate-limit-repository';

export const SIGN_IN_THROTTLE = {
  /** Failures of one pair before the first wait: typos and a forgotten password or two. */
  freeFailures: 4,
  /** The wait after the next failure; each further failure doubles it, up to the maximum. */
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  /** A pair's failures are forgotten this long after its last one. */
  forgetAfterMs: 24 * 60 * 60_000,
  /** Failures from one address, whatever the account, before it must wait for the window. */
  failuresPerAddress: { max: 100, windowMs: 15 * 60_000 },
} as const;

const TOO_MANY = 'Too many failed sign-in attempts.';

/** How long a pair must wait after its `failures`-th failure (0 while failures are free). */
export function delayAfter(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_THROTTLE;
  if (failures <= freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(20, failures - freeFailures - 1));
}

/** delayAfter(n) for every n up to the first maximum wait, which holds for any more failures. */
const WAITS_MS: readonly number[] = (() => {
  const waits = [delayAfter(0)];
  while (waits.at(-1) !== SIGN_IN_THROTTLE.maxDelayMs) waits.push(delayAfter(waits.length));
  return waits;
})();

export class SignInThrottle {
  constructor(
    private readonly counters: RateLimitRepository,
    private readonly clock: Clock,
  ) {}

  private refuse(untilMs: number): never {
    const seconds = Math.max(1, Math.ceil((untilMs - this.clock.now().getTime()) / 1000));
    throw new RateLimited(`${TOO_MANY} Please try again ${waitText(seconds)}.`, seconds);
  }

  /**
   * Call before checking a password; throws RateLimited when this caller must wait. Otherwise the
   * attempt is already counted as a failure, for the pair and for the address: a check in progress
   * holds its place, so however many requests race, no more passwords are checked than the limits
   * allow. recordSuccess gives the places back.
   */
  async beforeAttempt(ip: string, email: string): Promise<void> {
    const now = this.clock.now();
    const { forgetAfterMs, failuresPerAddress } = SIGN_IN_THROTTLE;
    const pair = pairKey(ip, email);
    const address = addressKey(ip);
    // One transaction, pair first then address in every request (so two never wait on each
    // other): a refusal by the address undoes the pair's count.
    await this.counters.inTransaction(async (counters) => {
      if (!(await counters.countUnlessWaiting(pair, WAITS_MS, forgetAfterMs, now))) {
        // The pair's row holds its failure count and the time of its last failure.
        const row = await counters.peek(pair, forgetAfterMs, now);
        this.refuse((row?.windowStartedAt.getTime() ?? 0) + delayAfter(row?.count ?? 0));
      }
      const { max, windowMs } = failuresPerAddress;
      if (!(await counters.hitBelow(address, max, windowMs, now))) {
        const row = await counters.peek(address, windowMs, now);
        this.refuse((row?.windowStartedAt.getTime() ?? 0) + windowMs);
      }
    });
  }

  /** The wait runs from the failure itself, not from when its check began. */
  async recordFailure(ip: string, email: string): Promise<void> {
    await this.counters.touch(pairKey(ip, email), this.clock.now());
  }

  /** The right password from this address: its earlier failures, and this attempt, no longer count. */
  async recordSuccess(ip: string, email: string): Promise<void> {
    const countedAt = await this.counters.reset(pairKey(ip, email));
    await this.counters.takeBack(addressKey(ip), countedAt ?? this.clock.now());
  }
}

function pairKey(ip: string, email: string): string {
  return `sign-in:pair:${email.trim().toLowerCase()}:${ip}`;
}

function addressKey(ip: string): string {
  return `sign-in:address-failures:${ip}`;
}
