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

/** A row id in a path or query string, where it arrives as text. */
export function dbIdParam(message = 'Not a valid id.') {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(DB_ID_MAX, { error: message });
}

/** Digits naming a row id, or null when they cannot (`0`, too long, or past 2³¹−1). */
export function parseDbId(digits: string): number | null {
  if (!/^\d{1,10}$/.test(digits)) return null;
  const id = Number(digits);
  return id >= 1 && id <= DB_ID_MAX ? id : null;
}

/**
 * A library video's id as members see it: `req-{n}` for a request not yet a video, `{n}` for a
 * generated video; null when it names neither.
 */
export function parseVideoId(
  videoId: string,
): { kind: 'request'; id: number } | { kind: 'content'; id: number } | null {
  const request = /^req-(\d{1,10})$/.exec(videoId);
  if (request) {
    const id = parseDbId(request[1] as string);
    return id === null ? null : { kind: 'request', id };
  }
  const id = parseDbId(videoId);
  return id === null ? null : { kind: 'content', id };
}
