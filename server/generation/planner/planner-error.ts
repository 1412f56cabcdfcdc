// The one error a planner throws. Its message is shown to the member as the request's
// errorMessage, so it never carries a stack, a URL or a key; operators get `status` and `cause`.
export class PlannerError extends Error {
  /** The planner endpoint's HTTP status, when it answered with an error. */
  readonly status: number | null;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PlannerError';
    this.status = options.status ?? null;
  }
}
