// Recognising PostgreSQL's refusals, whether they come straight from pg or wrapped by drizzle.

type PgError = { code?: string; constraint?: string; cause?: unknown };

function pgErrorOf(error: unknown): PgError | null {
  let current = error as PgError | null;
  for (let depth = 0; current && depth < 3; depth += 1) {
    if (typeof current.code === 'string') return current;
    current = current.cause as PgError | null;
  }
  return null;
}

/** A unique index refused the write; with `constraint`, only when it was that index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}
