// Short-lived links to a publication's video that a platform fetches itself (Instagram's Reels take
// a `video_url`): signed with a key derived from the auth secret, good for one publication for an
// hour, so a link that leaks opens nothing else and soon nothing at all.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Long enough for a platform to fetch the video while it processes, no longer. */
export const MEDIA_LINK_SECONDS = 60 * 60;

export type MediaLinks = {
  /** `{publicUrl}/api/publications/{id}/video?expires=…&signature=…`, valid for an hour. */
  link(publicationId: number, now: Date): string;
  /** Whether the link's expiry and signature are ours and still good. */
  verify(publicationId: number, expires: string, signature: string, now: Date): boolean;
};

export function createMediaLinks(authSecret: string, publicUrl: string): MediaLinks {
  const key = Buffer.from(
    hkdfSync('sha256', authSecret, 'reelforge-publication-media', 'media link signatures', 32),
  );
  const sign = (publicationId: number, expires: number) =>
    createHmac('sha256', key).update(`${publicationId}.${expires}`).digest('base64url');
  return {
    link(publicationId, now) {
      const expires = Math.floor(now.getTime() / 1000) + MEDIA_LINK_SECONDS;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(publicationId, expires),
      });
      return `${publicUrl}/api/publications/${publicationId}/video?${query.toString()}`;
    },
    verify(publicationId, expires, signature, now) {
      if (!/^\d{1,12}$/u.test(expires)) return false;
      const expiresAt = Number(expires);
      if (expiresAt * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(sign(publicationId, expiresAt));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
