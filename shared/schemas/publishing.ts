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
  /**
   * For an unavailable platform, and only in an admin's list: the settings the operator must set.
   * Null for members, who read that the platform is not available yet.
   */
  setupHint: z.string().nullable(),
  /** Null when the member has not connected the platform. */
  accountName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES).nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const PLATFORM_NOT_CONFIGURED_MESSAGE = 'This platform is not available on this server.';

/**
 * Why connecting a platform failed: the callback sends the member back to Profile with one of
 * these in the address (`connectionError`), never a sentence, and the client says it in its own
 * words. A link anyone can craft carries no text of ours into the page.
 */
export const CONNECTION_ERROR_CODES = [
  /** The operator has not set the platform up. */
  'not_available',
  /** The state is missing, forged, used, expired, or another session's. */
  'attempt_expired',
  /** The member said no on the platform's consent page (or it sent no code). */
  'access_denied',
  /** The platform refused the code as expired or already used. */
  'sign_in_expired',
  /** The platform refused the code for another reason. */
  'sign_in_refused',
  /** The platform refused this server's app credentials. */
  'app_credentials',
  /** The member did not grant the permissions publishing needs. */
  'permissions',
  /** A Google account without a YouTube channel. */
  'no_channel',
  /** The platform could not be reached, or was busy. */
  'unreachable',
  /** Anything else the platform refused or answered that we could not read. */
  'refused',
] as const;
export const connectionErrorCodeSchema = z.enum(CONNECTION_ERROR_CODES);
export type ConnectionErrorCode = z.infer<typeof connectionErrorCodeSchema>;

// ---------------------------------------------------------------------------------------------
// Publishing a finished video (POST /api/videos/{id}/publish, GET /api/videos/{id}/publications,
// GET /api/publications) and what the Publish dialog and the library's badges read.

export const PUBLICATION_STATUSES = [
  'held',
  'queued',
  'uploading',
  'processing',
  'published',
  'failed',
] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];
/** Statuses a publication can still leave: one in these is being worked on. */
export const ACTIVE_PUBLICATION_STATUSES = ['queued', 'uploading', 'processing'] as const;

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  held: 'Awaiting your review',
  queued: 'Queued',
  uploading: 'Uploading',
  processing: 'Processing',
  published: 'Published',
  failed: 'Failed',
};

/** Who may watch the post. TikTok maps it onto the creator's own options (see tiktokPrivacyLevel). */
export const PRIVACY_OPTIONS = ['public', 'unlisted', 'private'] as const;
export type Privacy = (typeof PRIVACY_OPTIONS)[number];
export const PRIVACY_LABELS: Record<Privacy, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
};
/** What a publish without `privacy` gets: publishing means showing it. */
export const DEFAULT_PRIVACY: Privacy = 'public';

/** TikTok's privacy levels (creator_info/query's privacy_level_options). */
export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];
export const TIKTOK_PRIVACY_LABELS: Record<TikTokPrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

/**
 * What viewers may do with a TikTok post. TikTok's guidelines ask that the creator choose, with
 * nothing allowed until they do; a setting the creator turned off in TikTok stays off.
 */
export const tiktokAllowSchema = z.object({
  comment: z.boolean(),
  duet: z.boolean(),
  stitch: z.boolean(),
});
export type TikTokAllow = z.infer<typeof tiktokAllowSchema>;

/**
 * Sizes every platform takes: YouTube's title is 100 characters; TikTok's and Instagram's caption
 * (title, description and hashtags together) is 2,200, which these bounds keep under.
 */
export const PUBLISH_LIMITS = {
  titleMax: 100,
  descriptionMax: 1500,
  hashtagsMax: 10,
  hashtagMax: 40,
} as const;

export const PUBLISH_MESSAGES = {
  noPlatform: 'Choose at least one platform to publish to.',
  titleRequired: 'Please enter a title for the post.',
  titleTooLong: `The title must be ${PUBLISH_LIMITS.titleMax} characters or less.`,
  descriptionTooLong: `The description must be ${PUBLISH_LIMITS.descriptionMax} characters or less.`,
  tooManyHashtags: `Use up to ${PUBLISH_LIMITS.hashtagsMax} hashtags.`,
  hashtag: `A hashtag is one word of letters, digits or _ (up to ${PUBLISH_LIMITS.hashtagMax}).`,
  privacy: `Privacy must be one of ${PRIVACY_OPTIONS.join(', ')}.`,
  tiktokPrivacy: 'Choose who can watch the video on TikTok.',
  notCompleted: 'Only a finished video can be published.',
} as const;

/** One hashtag, with or without its #, stored without it. */
export const hashtagField = z
  .string({ error: PUBLISH_MESSAGES.hashtag })
  .trim()
  .transform((tag) => tag.replace(/^#+/u, ''))
  .pipe(
    z
      .string()
      .min(1, PUBLISH_MESSAGES.hashtag)
      .max(PUBLISH_LIMITS.hashtagMax, PUBLISH_MESSAGES.hashtag)
      .regex(/^[\p{L}\p{N}_]+$/u, PUBLISH_MESSAGES.hashtag),
  );

/** POST /api/videos/{id}/publish; fields left out come from the video's own plan. */
export const publishVideoSchema = z.object({
  platforms: z
    .array(z.enum(PLATFORMS, { error: `Platforms must be among ${PLATFORMS.join(', ')}.` }), {
      error: PUBLISH_MESSAGES.noPlatform,
    })
    .min(1, PUBLISH_MESSAGES.noPlatform)
    .max(PLATFORMS.length)
    .transform((platforms) => [...new Set(platforms)]),
  title: z
    .string({ error: PUBLISH_MESSAGES.titleRequired })
    .trim()
    .min(1, PUBLISH_MESSAGES.titleRequired)
    .max(PUBLISH_LIMITS.titleMax, PUBLISH_MESSAGES.titleTooLong)
    .optional(),
  description: z
    .string()
    .trim()
    .max(PUBLISH_LIMITS.descriptionMax, PUBLISH_MESSAGES.descriptionTooLong)
    .optional(),
  hashtags: z
    .array(hashtagField)
    .max(PUBLISH_LIMITS.hashtagsMax, PUBLISH_MESSAGES.tooManyHashtags)
    .optional(),
  privacy: z.enum(PRIVACY_OPTIONS, { error: PUBLISH_MESSAGES.privacy }).optional(),
  /** TikTok only: one of the creator's own options; absent: mapped from `privacy`. */
  tiktokPrivacyLevel: z
    .enum(TIKTOK_PRIVACY_LEVELS, { error: PUBLISH_MESSAGES.tiktokPrivacy })
    .optional(),
  /** TikTok only: whether viewers may comment, Duet and Stitch; absent: the creator's settings. */
  tiktokAllow: tiktokAllowSchema.optional(),
});
export type PublishVideoInput = z.input<typeof publishVideoSchema>;
export type PublishVideo = z.output<typeof publishVideoSchema>;

export const publicationSchema = z.object({
  id: z.number().int(),
  videoId: z.number().int(),
  videoVersion: z
    .number()
    .int()
    .describe('The version of the video it posts (GET /api/videos/{id}/versions).'),
  holdUntil: z
    .string()
    .nullable()
    .describe(
      'A held video: when its review window ends (then published or skipped as the job says).',
    ),
  platform: z.enum(PLATFORMS),
  status: z.enum(PUBLICATION_STATUSES),
  title: z.string(),
  privacy: z.enum(PRIVACY_OPTIONS),
  /** The post on the platform, once published. */
  postUrl: z.string().nullable(),
  /** Why it failed, in words a member can act on; or a note on a published one (null: none). */
  error: z.string().nullable(),
  /** Upload progress, 0–100. */
  progress: z.number().int(),
  /** The Creator Engine job that published it, or null for a member's own publish. */
  jobId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Publication = z.infer<typeof publicationSchema>;

/** GET /api/connections/tiktok/creator-info: what TikTok lets this creator post, for the dialog. */
export const tiktokCreatorInfoSchema = z.object({
  nickname: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  privacyLevelOptions: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)),
  maxVideoPostDurationSec: z.number().nullable(),
  commentDisabled: z.boolean(),
  duetDisabled: z.boolean(),
  stitchDisabled: z.boolean(),
});
export type TikTokCreatorInfo = z.infer<typeof tiktokCreatorInfoSchema>;

/** How long a job's held video waits for its member's review, in hours. */
export const REVIEW_WINDOW_HOURS = { min: 1, max: 168, default: 24 } as const;
const REVIEW_WINDOW_MESSAGE = `The review window must be a whole number of hours from ${REVIEW_WINDOW_HOURS.min} to ${REVIEW_WINDOW_HOURS.max}.`;
export const UNREVIEWED_ACTIONS = ['publish', 'skip'] as const;
export type UnreviewedAction = (typeof UNREVIEWED_ACTIONS)[number];

/** A Creator Engine job's publishing: where each video it completes goes, and how visibly. */
export const publishToSchema = z.object({
  platforms: z
    .array(z.enum(PLATFORMS, { error: `Platforms must be among ${PLATFORMS.join(', ')}.` }))
    .max(PLATFORMS.length)
    .transform((platforms) => [...new Set(platforms)]),
  privacy: z.enum(PRIVACY_OPTIONS, { error: PUBLISH_MESSAGES.privacy }).default(DEFAULT_PRIVACY),
  tiktokPrivacyLevel: z
    .enum(TIKTOK_PRIVACY_LEVELS, { error: PUBLISH_MESSAGES.tiktokPrivacy })
    .nullish()
    .transform((level) => level ?? null),
  /** "Hold each video for my review before publishing": it waits until the member approves. */
  holdForReview: z.boolean({ error: 'holdForReview must be true or false.' }).default(false),
  /** How long a held video waits for the member, in hours. */
  reviewWindowHours: z
    .number({ error: REVIEW_WINDOW_MESSAGE })
    .int(REVIEW_WINDOW_MESSAGE)
    .min(REVIEW_WINDOW_HOURS.min, REVIEW_WINDOW_MESSAGE)
    .max(REVIEW_WINDOW_HOURS.max, REVIEW_WINDOW_MESSAGE)
    .default(REVIEW_WINDOW_HOURS.default),
  /** What happens to a held video nobody approved in time: published anyway, or skipped. */
  unreviewedAction: z
    .enum(UNREVIEWED_ACTIONS, { error: 'unreviewedAction must be publish or skip.' })
    .default('publish'),
});
export type PublishToInput = z.input<typeof publishToSchema>;
export type PublishTo = z.output<typeof publishToSchema>;

/** A job's publishing as the job list answers it (publishToSchema's output, with no transforms). */
export const publishToViewSchema = z.object({
  platforms: z.array(z.enum(PLATFORMS)),
  privacy: z.enum(PRIVACY_OPTIONS),
  tiktokPrivacyLevel: z.enum(TIKTOK_PRIVACY_LEVELS).nullable(),
  holdForReview: z.boolean(),
  reviewWindowHours: z.number().int(),
  unreviewedAction: z.enum(UNREVIEWED_ACTIONS),
});
