// Names a browser session without its secret: a hash of its session cookie, so a socket can be
// told its session ended (across API nodes, through the database) without the token travelling.
import { createHash } from 'node:crypto';

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?reelforge\.session_token=([^;]+)/;

export function sessionKey(cookieHeader: string | undefined): string | null {
  const token = SESSION_COOKIE.exec(cookieHeader ?? '')?.[1];
  return token ? createHash('sha256').update(token).digest('base64url') : null;
}
