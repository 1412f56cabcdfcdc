// The one error a planner throws. Its message is shown to the member as the request's
// errorMessage, so it never carries a stack, a URL or a key; operators get `status` and `cause`.
export const PLANNER_UNREACHABLE_MESSAGE =
  'The scene planner could not be reached. Please try again.';

export class PlannerError extends Error {
  /** The planner endpoint's HTTP status, when it answered with an error. */
  readonly status: number | null;
  /** How long the endpoint asked us to wait before trying again (Retry-After), when it said. */
  readonly retryAfterMs: number | null;

  constructor(
    message: string,
    options: { status?: number; cause?: unknown; retryAfterMs?: number | null } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PlannerError';
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }

  /** 408, 429, 5xx and an unreachable endpoint pass; anything else would fail again. */
  get transient(): boolean {
    return this.status === null
      ? this.message === PLANNER_UNREACHABLE_MESSAGE
      : this.status === 408 || this.status === 429 || this.status >= 500;
  }
}
