// Download links that need no session: a stored file, a name to save it under and an expiry, signed
// with a key derived from the auth secret. A webhook's `video.completed` carries one, so the
// receiving workflow can fetch the video for a day without holding a member's credentials.
import { createLinkSigner, linkExpiry, unexpired } from '../../signed-links';

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
  const signer = createLinkSigner(
    authSecret,
    'reelforge-download-links',
    'download link signatures',
  );
  // A newline cannot be in a storage key, and the name is signed after it: no two links collide.
  const message = (key: string, name: string, expires: number) => `${key}\n${expires}\n${name}`;
  return {
    link(key, name, now) {
      const expires = linkExpiry(now, DOWNLOAD_LINK_SECONDS);
      const query = new URLSearchParams({
        key,
        name,
        expires: String(expires),
        signature: signer.sign(message(key, name, expires)),
      });
      return {
        url: `${publicUrl}${SIGNED_DOWNLOAD_URL}?${query.toString()}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    verify({ key, name, expires, signature }, now) {
      const expiresAt = unexpired(expires, now);
      return expiresAt !== null && signer.matches(message(key, name, expiresAt), signature);
    },
  };
}
