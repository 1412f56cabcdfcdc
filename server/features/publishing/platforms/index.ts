// The configured publishing platforms' OAuth clients: the one place that knows each by name. A
// platform without its client id and secret is left out, and shows as not set up.
import type { Platform } from '../../../../shared/schemas/publishing';
import type { PublishingSettings } from '../../../config';
import { createInstagramAuth } from './instagram';
import type { PlatformAuth } from './platform';
import { createTikTokAuth } from './tiktok';
import { createYouTubeAuth } from './youtube';

export function configuredPlatforms(
  settings: PublishingSettings,
): Partial<Record<Platform, PlatformAuth>> {
  const platforms: Partial<Record<Platform, PlatformAuth>> = {};
  if (settings.youtube) platforms.youtube = createYouTubeAuth(settings.youtube);
  if (settings.tiktok) platforms.tiktok = createTikTokAuth(settings.tiktok);
  if (settings.instagram) platforms.instagram = createInstagramAuth(settings.instagram);
  return platforms;
}
