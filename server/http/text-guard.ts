// Refuses a NUL character anywhere in a request's path parameters, query or JSON body, for every
// route at once: PostgreSQL cannot store one in text, so without this each field that reaches a
// query would fail as a database error instead of a clear 400.
import type { FastifyRequest } from 'fastify';
import { ValidationFailed } from '../errors';

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain NUL characters.';

/** Bodies nest a few levels at most; deeper structures are left to their schema. */
const MAX_DEPTH = 8;

/** The dotted path of the first string (or key) holding U+0000, or null when there is none. */
export function findNulCharacter(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  // Raw bodies (the payment webhook's bytes) are not text fields.
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = findNulCharacter(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const field = findNulCharacter(part);
    if (field !== null) throw new ValidationFailed(NUL_CHARACTER_MESSAGE, field || undefined);
  }
}
