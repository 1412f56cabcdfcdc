// Connected accounts on the platforms a member publishes to (YouTube, TikTok, Instagram): what
// GET /api/connections answers. Tokens never leave the server; only these fields do.
import { z } from 'zod';

export const PLATFORMS = ['youtube', 'tiktok', 'instagram'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
};

export const CONNECTION_STATUSES = ['connected', 'reconnect_needed'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const connectionSchema = z.object({
  platform: z.enum(PLATFORMS),
  /** Whether the operator configured the platform; an unavailable one cannot be connected. */
  available: z.boolean(),
  /** For an unavailable platform: the settings the operator must set. */
  unavailableReason: z.string().nullable(),
  /** Null when the member has not connected the platform. */
  accountName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES).nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const PLATFORM_NOT_CONFIGURED_MESSAGE = 'This platform is not available on this server.';
export const CONNECTION_STATE_MESSAGE =
  'That connection attempt has expired or was not started here. Please connect again.';
