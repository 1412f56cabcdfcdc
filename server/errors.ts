// Domain errors: each has a stable code and an HTTP status. Services throw them; the one error
// handler in http/error-handler.ts turns them into `{ message, code, ...data }`.
import { ACCOUNT_MESSAGES } from '../shared/schemas/auth';

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Unauthorized') {
    super('UNAUTHORIZED', 401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super('FORBIDDEN', 403, message);
  }
}

/** An ADMIN_EMAILS address whose holder has not verified it yet: no admin rights until then. */
export class AdminEmailNotVerified extends AppError {
  constructor() {
    super('ADMIN_EMAIL_NOT_VERIFIED', 403, ACCOUNT_MESSAGES.adminNeedsVerification);
  }
}

/** An API key lacks the scope a route needs: the answer names it. */
export class MissingScope extends AppError {
  constructor(scope: string, message: string) {
    super('MISSING_SCOPE', 403, message, { scope });
  }
}

/** A call API keys can never make (account changes, keys, admin): a browser session only. */
export class SessionRequired extends AppError {
  constructor(message: string) {
    super('SESSION_REQUIRED', 403, message);
  }
}

/** An API key's monthly credit cap would be passed by this charge. */
export class KeyCreditCap extends AppError {
  constructor(message: string, cap: number) {
    super('KEY_CREDIT_CAP', 429, message, { monthlyCreditCap: cap });
  }
}

export class CrossSiteRequest extends AppError {
  constructor() {
    super('CROSS_SITE_REQUEST', 403, 'Request refused: it came from another site.');
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', 404, message);
  }
}

export class ValidationFailed extends AppError {
  constructor(message: string, field?: string) {
    super('VALIDATION_ERROR', 400, message, field ? { field } : {});
  }
}

export class EmailTaken extends AppError {
  constructor() {
    super(
      'EMAIL_TAKEN',
      409,
      'An account with this email already exists. Please sign in instead.',
      {
        field: 'email',
      },
    );
  }
}

export class InvalidCredentials extends AppError {
  constructor() {
    super('INVALID_CREDENTIALS', 401, 'Invalid email or password.');
  }
}

export class RateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', 429, message, { retryAfterSeconds });
  }
}

export class InsufficientCredits extends AppError {
  constructor(remainingCredits: number) {
    super(
      'INSUFFICIENT_CREDITS',
      400,
      `You have ${remainingCredits} credit${remainingCredits === 1 ? '' : 's'} but need 1 to create a video.`,
      { remainingCredits },
    );
  }
}

/**
 * The member already has as much work queued or rendering as their plan allows at once: a 429, as
 * the request may succeed unchanged a little later.
 */
export class InProgressLimit extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('IN_PROGRESS_LIMIT', 429, message, { retryAfterSeconds });
  }
}

/** A plan rule refused the request; the message is the one the client shows as is. */
export class PlanLimit extends AppError {
  constructor(message: string) {
    super('PLAN_LIMIT', 400, message);
  }
}

/**
 * A feature the member's plan does not include at all (a custom watermark below Elite): the same
 * code as PlanLimit, but 403, since no change to the request would let it through.
 */
export class PlanFeatureLocked extends AppError {
  constructor(message: string) {
    super('PLAN_LIMIT', 403, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super('PAYLOAD_TOO_LARGE', 413, message);
  }
}

/** The request clashes with what is stored (a reviewed submission, a post already paid for). */
export class Conflict extends AppError {
  constructor(code: string, message: string) {
    super(code, 409, message);
  }
}

/** Something the request needs is not configured here, or not answering (a payment provider). */
export class Unavailable extends AppError {
  constructor(code: string, message: string, status: 502 | 503 = 503) {
    super(code, status, message);
  }
}
