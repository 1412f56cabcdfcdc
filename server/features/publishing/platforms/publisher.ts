// The one interface each platform's publishing sits behind (YouTube's resumable upload, TikTok's
// Content Posting API, Instagram's Reels containers). A publisher moves one publication forward
// from the progress stored so far, saving a checkpoint at every point a crash could otherwise
// make it post twice; the publications service stores the checkpoints sealed, holds the lease,
// retries what is passing and tells the member.
import type { Readable } from 'node:stream';
import type { AspectRatio } from '../../../../shared/catalogue';
import type {
  Platform,
  Privacy,
  TikTokAllow,
  TikTokCreatorInfo,
  TikTokPrivacyLevel,
} from '../../../../shared/schemas/publishing';

/** The stored video, as a publisher reads it: its bytes (whole or a range) and what it is. */
export type PublishedFile = {
  bytes: number;
  /** Seconds, probed when it was made; null when unknown. */
  durationSeconds: number | null;
  aspectRatio: AspectRatio;
  contentType: 'video/mp4';
  /** The bytes from `start` to `end`, both included (the whole file without a range). */
  read(range?: { start: number; end: number }): Promise<Readable>;
  /**
   * A short-lived link anyone holding it may GET the file from (Instagram fetches the video
   * itself). Valid for about an hour.
   */
  publicUrl(): Promise<string>;
};

/** What the member asked to post. */
export type PostDetails = {
  title: string;
  description: string;
  /** Without their `#`. */
  hashtags: string[];
  privacy: Privacy;
  /** TikTok: the creator's chosen option; null: mapped from `privacy`. */
  tiktokPrivacyLevel: TikTokPrivacyLevel | null;
  /** TikTok: what viewers may do; null: what the creator's TikTok settings allow. */
  tiktokAllow: TikTokAllow | null;
};

/**
 * A publisher's own progress: JSON it alone reads (a session URL, a publish id, a container id,
 * how many bytes the platform confirmed). Stored sealed, as it can hold upload capabilities.
 */
export type PublishCheckpoint = Record<string, unknown>;

export type PublishInput = {
  accessToken: string;
  /** The connected account's id on the platform (channel id, open_id, Instagram user id). */
  accountId: string;
  /** The connected account's name (TikTok's and Instagram's post links use it). */
  accountName: string;
  file: PublishedFile;
  post: PostDetails;
  /** The checkpoint saved last time, or null on the first step. */
  checkpoint: PublishCheckpoint | null;
  /**
   * Saves a checkpoint before the publisher goes on. Throws when the publication may no longer
   * go ahead (its video was deleted, another worker took it over): the publisher stops at once.
   */
  save(checkpoint: PublishCheckpoint, uploadedBytes?: number): Promise<void>;
  /** Aborts when the lease is lost or the worker stops. */
  signal: AbortSignal;
};

/** Where a step left the publication. */
export type PublishStep =
  /** Uploaded; the platform is processing it: step again after `pollAfterMs`. */
  | { state: 'processing'; checkpoint: PublishCheckpoint; pollAfterMs: number }
  /** Posted. `note`: something the member should know (posted privately, say). */
  | { state: 'published'; postId: string; postUrl: string; note?: string };

export interface Publisher {
  readonly platform: Platform;
  /**
   * Moves the publication as far as it can go now: uploads (resuming from the checkpoint), then
   * checks on processing and publishes once the platform is done. Safe to call again from any
   * saved checkpoint after a crash at any point: it never makes a second post.
   * Throws PlatformError: transient (try again after retryAfterMs), revoked (the member must
   * reconnect), or final (the message says why, in words a member can act on).
   */
  step(input: PublishInput): Promise<PublishStep>;
}

/** TikTok's extra: what the creator may post, shown in the Publish dialog as TikTok requires. */
export interface TikTokCreatorInfoSource {
  creatorInfo(accessToken: string, signal?: AbortSignal): Promise<TikTokCreatorInfo>;
}
