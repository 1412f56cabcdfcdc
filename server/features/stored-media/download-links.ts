// Download links that need no session: a stored file, a name to save it under and an expiry, signed
// with a key derived from the auth secret. A webhook's `video.completed` carries one, so the
// receiving workflow can fetch the video for a day without holding a member's credentials.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** A webhook's link works this long: a workflow may be queued behind others, or retried. */
export const DOWNLOAD_LINK_SECONDS = 24 * 60 * 60;

export const SIGNED_DOWNLOAD_URL = '/api/media-downloads';

export type DownloadLinks = {
  /** `{publicUrl}/api/media-downloads?key=…&name=…&expires=…&signature=…`, and when it expires. */
  link(key: string, name: string, now: Date): { url: string; expiresAt: Date };
  /** Whether the link's parts are ours, unchanged, and not expired. */
  verify(
    parts: { key: string; name: string; expires: string; signature: string },
    now: Date,
  ): boolean;
};

export function createDownloadLinks(authSecret: string, publicUrl: string): DownloadLinks {
  const secret = Buffer.from(
    hkdfSync('sha256', authSecret, 'reelforge-download-links', 'download link signatures', 32),
  );
  // A newline cannot be in a storage key, and the name is signed after it: no two links collide.
  const sign = (key: string, name: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}\n${name}`).digest('base64url');
  return {
    link(key, name, now) {
      const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
      const query = new URLSearchParams({
        key,
        name,
        expires: String(expires),
        signature: sign(key, name, expires),
      });
      return {
        url: `${publicUrl}${SIGNED_DOWNLOAD_URL}?${query.toString()}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    verify({ key, name, expires, signature }, now) {
      if (!/^\d{1,12}$/u.test(expires)) return false;
      const expiresAt = Number(expires);
      if (expiresAt * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(sign(key, name, expiresAt));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
