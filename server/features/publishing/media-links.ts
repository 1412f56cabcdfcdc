// Short-lived links to a publication's video that a platform fetches itself (Instagram's Reels take
// a `video_url`): signed with a key derived from the auth secret, good for one publication for an
// hour, so a link that leaks opens nothing else and soon nothing at all.
import { createLinkSigner, linkExpiry, unexpired } from '../../signed-links';

/** Long enough for a platform to fetch the video while it processes, no longer. */
export const MEDIA_LINK_SECONDS = 60 * 60;

export type MediaLinks = {
  /** `{publicUrl}/api/publications/{id}/video?expires=…&signature=…`, valid for an hour. */
  link(publicationId: number, now: Date): string;
  /** Whether the link's expiry and signature are ours and still good. */
  verify(publicationId: number, expires: string, signature: string, now: Date): boolean;
};

export function createMediaLinks(authSecret: string, publicUrl: string): MediaLinks {
  const signer = createLinkSigner(
    authSecret,
    'reelforge-publication-media',
    'media link signatures',
  );
  const message = (publicationId: number, expires: number) => `${publicationId}.${expires}`;
  return {
    link(publicationId, now) {
      const expires = linkExpiry(now, MEDIA_LINK_SECONDS);
      const query = new URLSearchParams({
        expires: String(expires),
        signature: signer.sign(message(publicationId, expires)),
      });
      return `${publicUrl}/api/publications/${publicationId}/video?${query.toString()}`;
    },
    verify(publicationId, expires, signature, now) {
      const expiresAt = unexpired(expires, now);
      return expiresAt !== null && signer.matches(message(publicationId, expiresAt), signature);
    },
  };
}
