// The configured platforms' publishers: the one place that knows each by name, as index.ts is
// for their OAuth. A platform without its app's client id and secret has no publisher.
import type { Platform } from '../../../../shared/schemas/publishing';
import type { PublishingSettings } from '../../../config';
import { createInstagramPublisher } from './instagram-publisher';
import type { PlatformHttpOptions } from './oauth-http';
import type { Publisher, TikTokCreatorInfoSource } from './publisher';
import { createTikTokPublisher } from './tiktok-publisher';
import { createYouTubePublisher } from './youtube-publisher';

export function createPublishers(
  settings: PublishingSettings,
  options: PlatformHttpOptions = {},
): Partial<Record<Platform, Publisher>> {
  const publishers: Partial<Record<Platform, Publisher>> = {};
  const paced = withPace(settings, options);
  if (settings.youtube) publishers.youtube = createYouTubePublisher(settings.youtube, paced);
  const tiktok = tiktokCreatorInfoSource(settings, options);
  if (tiktok) publishers.tiktok = tiktok;
  if (settings.instagram) {
    publishers.instagram = createInstagramPublisher(settings.instagram, paced);
  }
  return publishers;
}

/**
 * TikTok's publisher, which also answers the creator's info the Publish dialog must show; null
 * when TikTok is not configured.
 */
export function tiktokCreatorInfoSource(
  settings: PublishingSettings,
  options: PlatformHttpOptions = {},
): (Publisher & TikTokCreatorInfoSource) | null {
  return settings.tiktok
    ? createTikTokPublisher(settings.tiktok, withPace(settings, options))
    : null;
}

/** The options with PUBLISH_POLL_SECONDS as every publisher's pace, when it is set. */
function withPace(settings: PublishingSettings, options: PlatformHttpOptions) {
  return settings.pollSeconds === null
    ? options
    : { ...options, pollAfterMs: settings.pollSeconds * 1000 };
}
