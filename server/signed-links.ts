// Links that open something without a session because the server signed them: a publication's
// video for a platform, a webhook's download, a stock thumbnail's preview. Each kind signs with its
// own key derived from the auth secret (a signature of one kind opens nothing of another), compares
// in constant time, and may carry an expiry in whole seconds.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type LinkSigner = {
  sign(message: string): string;
  /** Whether `signature` is this signer's for `message`. */
  matches(message: string, signature: string): boolean;
};

/** A signer whose key is derived from the auth secret with this kind's own salt and info. */
export function createLinkSigner(authSecret: string, salt: string, info: string): LinkSigner {
  const key = Buffer.from(hkdfSync('sha256', authSecret, salt, info, 32));
  const sign = (message: string) => createHmac('sha256', key).update(message).digest('base64url');
  return {
    sign,
    matches(message, signature) {
      const expected = Buffer.from(sign(message));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The `expires` a link made at `now` carries: whole seconds since 1970, `seconds` from now. */
export function linkExpiry(now: Date, seconds: number): number {
  return Math.floor(now.getTime() / 1000) + seconds;
}

/** A link's `expires` as its number, or null when it is not one or has passed. */
export function unexpired(expires: string, now: Date): number | null {
  if (!/^\d{1,12}$/u.test(expires)) return null;
  const expiresAt = Number(expires);
  return expiresAt * 1000 > now.getTime() ? expiresAt : null;
}
