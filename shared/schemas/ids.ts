// Row ids as the database stores them (PostgreSQL `integer`, 1 to 2³¹−1), for every schema and
// every id read out of a path, a `req-` name, a folder or a cursor. A number outside that range
// names nothing we could have stored, so it is refused (or not found) here, never by the database.
import { z } from 'zod';

export const DB_ID_MAX = 2_147_483_647;

/** A row id in a JSON body. */
export function dbId(message = 'Please choose an existing item.') {
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(DB_ID_MAX, { error: message });
}

/**
 * A row id in a path, where it arrives as text: its number, or null when the text names no row we
 * could have stored. The route answers null as it answers an id nobody has (404, before any
 * query runs). Only the canonical digits count, so `059`, `+59`, `59.0`, `0x3b` or ` 59 ` never
 * reach the row 59 that a cache, a log or an access check knows as `59`.
 */
export function dbIdPath() {
  return z
    .string()
    .describe('A row id: decimal digits without sign or leading zeros, 1 to 2147483647.')
    .transform(parseDbId);
}

/**
 * A library video's id in a path, as text (`{n}` for a generated video, `req-{n}` for a request):
 * parseVideoId reads it. Text of any length, so that what names no video gets the route's 404
 * like an id nobody has, not a 400 for its length.
 */
export function videoIdPath() {
  return z.string().describe('A video id: {n} for a generated video, req-{n} for a request.');
}

/**
 * The canonical decimal digits of a row id, or null when they are not that (`0`, a sign, a leading
 * zero, another base, spaces, too long) or name an id past 2³¹−1.
 */
export function parseDbId(digits: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(digits)) return null;
  const id = Number(digits);
  return id <= DB_ID_MAX ? id : null;
}

/**
 * A library video's id as members see it: `req-{n}` for a request not yet a video, `{n}` for a
 * generated video; null when it names neither.
 */
export function parseVideoId(
  videoId: string,
): { kind: 'request'; id: number } | { kind: 'content'; id: number } | null {
  const request = /^req-(\d+)$/.exec(videoId);
  if (request) {
    const id = parseDbId(request[1] as string);
    return id === null ? null : { kind: 'request', id };
  }
  const id = parseDbId(videoId);
  return id === null ? null : { kind: 'content', id };
}

/**
 * Whether path text is a uuid, as API keys and webhook endpoints are keyed: text that is not one
 * names nothing stored, and its route answers the 404 an unknown id gets, before any query.
 */
export function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu.test(text);
}
