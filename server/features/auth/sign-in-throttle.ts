// Slows down password guessing: every attempt counts against the caller's IP, and failed attempts
// count against the email address, so neither one machine nor a botnet on one account gets far.
import type { Clock } from '../../clock';
import { RateLimited } from '../../errors';
import type { RateLimitRepository, WindowCount } from './repository';

export const SIGN_IN_LIMITS = {
  perIp: { max: 30, windowMs: 10 * 60_000 },
  failuresPerEmail: { max: 8, windowMs: 15 * 60_000 },
} as const;

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

export class SignInThrottle {
  constructor(
    private readonly counters: RateLimitRepository,
    private readonly clock: Clock,
  ) {}

  private refuse(window: WindowCount, windowMs: number): never {
    const endsAt = window.windowStartedAt.getTime() + windowMs;
    throw new RateLimited(
      TOO_MANY,
      Math.max(1, Math.ceil((endsAt - this.clock.now().getTime()) / 1000)),
    );
  }

  /** Call before checking a password; throws RateLimited when the caller must wait. */
  async beforeAttempt(ip: string, email: string): Promise<void> {
    const now = this.clock.now();
    const { perIp, failuresPerEmail } = SIGN_IN_LIMITS;
    const byIp = await this.counters.hit(`sign-in:ip:${ip}`, perIp.windowMs, now);
    if (byIp.count > perIp.max) this.refuse(byIp, perIp.windowMs);
    const failures = await this.counters.peek(
      `sign-in:email:${email}`,
      failuresPerEmail.windowMs,
      now,
    );
    if (failures && failures.count >= failuresPerEmail.max)
      this.refuse(failures, failuresPerEmail.windowMs);
  }

  async recordFailure(email: string): Promise<void> {
    await this.counters.hit(
      `sign-in:email:${email}`,
      SIGN_IN_LIMITS.failuresPerEmail.windowMs,
      this.clock.now(),
    );
  }

  async recordSuccess(email: string): Promise<void> {
    await this.counters.reset(`sign-in:email:${email}`);
  }
}
