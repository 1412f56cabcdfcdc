// Recognising PostgreSQL's refusals, whether they come straight from pg or wrapped by drizzle (a
// DrizzleQueryError whose `cause` is the pg error) or by a library on top of it.

type PgError = { code?: string; constraint?: string; cause?: unknown };

/** SQLSTATE codes are five characters; anything else carrying `code` is not PostgreSQL's. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

function pgErrorOf(error: unknown): PgError | null {
  let current = error as PgError | null;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (typeof current.code === 'string' && SQLSTATE.test(current.code)) return current;
    current = current.cause as PgError | null;
  }
  return null;
}

/** The SQLSTATE of the database error inside `error`, if there is one. */
export function sqlStateOf(error: unknown): string | null {
  return pgErrorOf(error)?.code ?? null;
}

/** A unique index refused the write; with `constraint`, only when it was that index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}

/**
 * What a database refusal means for the request that caused it, for the error handler's safety
 * net: class 22 (a value the column cannot hold: out of range, not UTF-8, too long) is the
 * request's fault; a unique or foreign-key clash is a race with another request. Null for
 * everything else, which is ours to fix.
 */
export function classifyDatabaseRefusal(error: unknown): 'invalid-value' | 'conflict' | null {
  const code = sqlStateOf(error);
  if (!code) return null;
  if (code.startsWith('22')) return 'invalid-value';
  if (code === '23505' || code === '23503') return 'conflict';
  return null;
}
