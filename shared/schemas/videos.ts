// Video creation and library payloads. The Create form and POST /api/video-creation-requests
// validate with the same schema, so a member sees the same words whichever side objects.
import { z } from 'zod';
import { ASPECT_RATIOS, SCENE_SOURCES } from '../catalogue';
import { LIMITS } from '../limits';
import { TIER_RULES } from '../tiers';
import { dbId } from './ids';
import { narrationFields } from './voices';

export const MISSING_INFORMATION_MESSAGE = 'Please fill in both title and description.';
export const DESCRIPTION_TOO_LONG_MESSAGE = `Description must be < ${LIMITS.descriptionMax} characters.`;
export const TITLE_TOO_LONG_MESSAGE = `Title must be ${LIMITS.titleMax} characters or less.`;

export const SCENE_SOURCE_MESSAGE = `Scene source must be one of ${SCENE_SOURCES.join(', ')}.`;
export const UPLOAD_NEEDS_IMAGES_MESSAGE =
  'Please choose an image for your scenes, or pick another scene source.';
export const SCENE_IMAGES_MESSAGE = `Choose up to ${TIER_RULES.Elite.maxScenes} scene images, one per scene.`;

/** Where the scenes come from; absent: the server's default for the member (see plans.ts). */
export const sceneSourceField = z.enum(SCENE_SOURCES, { error: SCENE_SOURCE_MESSAGE });

export const createVideoRequestSchema = z.object({
  title: z
    .string({ error: MISSING_INFORMATION_MESSAGE })
    .trim()
    .min(1, MISSING_INFORMATION_MESSAGE)
    .max(LIMITS.titleMax, TITLE_TOO_LONG_MESSAGE),
  description: z
    .string({ error: MISSING_INFORMATION_MESSAGE })
    .trim()
    .min(1, MISSING_INFORMATION_MESSAGE)
    .max(LIMITS.descriptionMax, DESCRIPTION_TOO_LONG_MESSAGE),
  /** An address returned by POST /api/upload-image; the server accepts only the member's own. */
  sourceImageUrl: z.string().trim().max(2048).nullish(),
  /**
   * One image per scene, in order (addresses from POST /api/upload-image), for the `upload`
   * source. A single image is every scene's; `sourceImageUrl` alone is the same as one image.
   */
  sceneImageUrls: z
    .array(z.string().trim().min(1).max(2048), { error: SCENE_IMAGES_MESSAGE })
    .max(TIER_RULES.Elite.maxScenes, SCENE_IMAGES_MESSAGE)
    .optional(),
  sceneSource: sceneSourceField.optional(),
  aspectRatio: z.enum(ASPECT_RATIOS, { error: 'Aspect ratio must be landscape or portrait.' }),
  /** Sent only when the member changed it; the plan maximum is checked by the server. */
  scenes: z
    .number({ error: 'Scenes must be a whole number.' })
    .int('Scenes must be a whole number.')
    .min(LIMITS.scenesMin, 'Videos need at least 1 scene.')
    .optional(),
  watermark: z
    .boolean({ error: 'Watermark must be true or false.' })
    .default(LIMITS.watermarkDefault),
  /**
   * A Creator Engine job run (Run Now, Elite): the member's own job. The server builds the run
   * from the job itself, through the same path as its schedule; `videoPrompt` is the client's view
   * of that prompt and is not trusted.
   */
  jobId: dbId('jobId must be a Creator Engine job id.').optional(),
  videoPrompt: z.string().max(10_000).optional(),
  ...narrationFields,
});
export type CreateVideoRequestInput = z.input<typeof createVideoRequestSchema>;
export type CreateVideoRequest = z.output<typeof createVideoRequestSchema>;

/** The plan message of spec/api.md §8.2; the client shows it as is. */
export function sceneLimitMessage(memberLevel: keyof typeof TIER_RULES): string {
  const max = TIER_RULES[memberLevel].maxScenes;
  return `${memberLevel} members can create videos with up to ${max} scene${max === 1 ? '' : 's'}.`;
}

export const VIDEO_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** A request not yet a video is listed (and named in status pushes) as `req-{requestId}`. */
export function requestVideoId(requestId: number): string {
  return `req-${requestId}`;
}

/** Answer of POST /api/video-creation-requests (201). */
export const createdVideoRequestSchema = z.object({
  id: z.string(),
  requestId: z.number().int(),
  status: z.enum(VIDEO_STATUSES),
  title: z.string(),
  remainingCredits: z.number().int().nullable(),
  sceneSource: sceneSourceField.describe('Where its scenes come from.'),
  notice: z
    .string()
    .nullable()
    .describe('Set when the server chose another scene source than the default, and why.'),
});
export type CreatedVideoRequest = z.infer<typeof createdVideoRequestSchema>;

/** The licence record of one stock clip or photo a video shows (issue: stock footage). */
export const stockAssetSchema = z.object({
  provider: z.enum(['pexels', 'pixabay']),
  assetId: z.string(),
  pageUrl: z.string().describe("The asset's page on the service."),
  author: z.string(),
  authorUrl: z.string(),
  licence: z.string().describe('"Pexels License" or "Pixabay Content License".'),
  licenceUrl: z.string(),
  fileUrl: z.string().describe('The file we downloaded, as the service served it.'),
  fetchedAt: z.string().describe('When we downloaded it (ISO 8601).'),
});
export type StockAsset = z.infer<typeof stockAssetSchema>;

/**
 * One library entry. Requests that have not produced a video yet have ids `req-{n}`; finished
 * videos have integer ids.
 */
export const videoSchema = z.object({
  id: z.union([z.string(), z.number().int()]),
  requestId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  status: z.enum(VIDEO_STATUSES),
  progress: z.number().describe('Render progress 0–100 (100 once completed).'),
  duration: z.number().nullable().describe('Seconds, probed from the file; null until completed.'),
  scenes: z.number().int(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  createdAt: z.string(),
  favorites: z.boolean(),
  userFolderId: z.number().int().nullable(),
  jobId: z.number().int().nullable(),
  isPublic: z.boolean(),
  generatedPrompt: z.string().nullable().describe('The scene plan: JSON text {"scenes": [...]}.'),
  errorMessage: z.string().nullable(),
  voiceId: z
    .string()
    .nullable()
    .describe('The voice that narrates it (GET /api/voices), or null: no voice.'),
  narrated: z.boolean().describe('Whether the video has a voice.'),
  captionsUrl: z
    .string()
    .nullable()
    .describe('Its captions as WebVTT, with the timings burned in; null until completed.'),
  captionsBurnedIn: z
    .boolean()
    .describe(
      'Whether the frames carry the captions already: players then offer the track under CC instead of showing it.',
    ),
  chaptersUrl: z
    .string()
    .nullable()
    .describe('Its scenes as a WebVTT chapters track; null for videos made before chapters.'),
  assets: z
    .array(stockAssetSchema)
    .describe('The stock footage it shows, one licence record per asset (empty: none).'),
  notice: z
    .string()
    .nullable()
    .describe(
      'What to know about how it was made (shots that found no stock footage); null: nothing.',
    ),
});
export type Video = z.infer<typeof videoSchema>;

/** GET /api/videos with paging parameters: one page, and where the next one starts. */
export const videoPageSchema = z.object({
  items: z.array(videoSchema),
  nextCursor: z
    .string()
    .nullable()
    .describe('Pass as `cursor` for the next page; null at the end.'),
  total: z
    .number()
    .int()
    .nullable()
    .describe('On the first page (no cursor): how many entries match in all; null on later pages.'),
});
export type VideoPage = z.infer<typeof videoPageSchema>;

/** The most a library page holds, and what the library screen asks for at a time. */
export const VIDEO_PAGE_MAX = 200;
export const LIBRARY_PAGE_SIZE = 48;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${VIDEO_PAGE_MAX}.`;

/** GET /api/videos paging parameters (any one of them asks for a page instead of the list). */
export const videoPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(VIDEO_PAGE_MAX, LIMIT_MESSAGE)
    .optional(),
  cursor: z.string().max(200).optional().describe('nextCursor of the page before.'),
  q: z.string().max(200).optional().describe('Matches title or description, any case.'),
  folder: z
    .string()
    .max(400)
    .optional()
    .describe(
      'favorites, manual:{id} or job:{id}, or several separated by commas (a video in any of them).',
    ),
});
export type VideoPageQuery = z.input<typeof videoPageQuerySchema>;

/** GET /api/videos/summary: the member's library in numbers. */
export const videoSummarySchema = z.object({
  total: z.number().int().describe('Every entry of the library, finished or not.'),
  completed: z.number().int(),
  processing: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
  favorites: z.number().int(),
});
export type VideoSummary = z.infer<typeof videoSummarySchema>;

/**
 * What one shot shows (chosen by the renderer for the offline source): a picture from the
 * offline set (`id` is its name), a typographic shot of the phrase's key words (`id` is
 * `type:{words}`), or one of the member's images (`id` is its URL). `words` are the words of the
 * phrase (or the title) that chose it; empty when nothing in the words did. A stock clip or photo
 * (the stock source) has `id` `{provider}:{assetId}`, and `words` the words it was searched for.
 */
export type ShotVisual = {
  source: 'picture' | 'typographic' | 'image' | 'stock' | 'clip' | 'ai';
  id: string;
  words: string[];
  /**
   * Set when the member chose it in a storyboard: the renderer shows it as chosen instead of
   * choosing. A member's clip (`clip`, its URL) plays from `offset` seconds; an `ai` visual is
   * the `prompt` a paid model is given for the shot's scene.
   */
  chosen?: boolean;
  offset?: number;
  prompt?: string;
  /** A stock shot's asset: what to download (or the video's kept copy) and whom to credit. */
  asset?: StockShotAsset;
};

/**
 * A stock clip or photo a shot shows, as a render needs it. Set when the member picks one in a
 * storyboard, and by the renderer for each stock shot it places, so a remix shows the same asset
 * from the video's own copy (`storageKey`) instead of searching and downloading again.
 */
export type StockShotAsset = {
  provider: 'pexels' | 'pixabay';
  media: 'video' | 'photo';
  assetId: string;
  pageUrl: string;
  author: string;
  authorUrl: string;
  /** The file to download: its URL as the service served it, and its size. */
  file: { url: string; width: number; height: number; size: number | null };
  /** Whole seconds (a clip); null for a photo. */
  durationSeconds: number | null;
  /** The picker's thumbnail (through our proxy) and label. */
  thumbnailUrl: string | null;
  label: string;
  /** Where a video keeps its copy, once one has shown it. */
  storageKey?: string;
};

/**
 * One shot of a scene: a phrase of its narration, 1.5–4 s, with a picture and a motion of its
 * own. The planner writes `text` with estimated times; the renderer replaces the times with where
 * the voice says the phrase, and fills in `visual`. A scene's shots follow one another from 0 to
 * its end: the first also covers the moment before the voice starts, the last the breath (or the
 * end card) after its last word. Their texts, joined with spaces, are the scene's narration; a
 * shot of '' shows the scene's subject without words (a caption shorter than its shots).
 */
export type StoryboardShot = {
  /** The phrase spoken over the shot (for a scene without a voice, the phrase shown). */
  text: string;
  /** Seconds from the scene's start (estimated by the planner from the words and the pace). */
  start: number;
  end: number;
  visual: ShotVisual | null;
};

/** One scene of the storyboard (stored as generatedPrompt). */
export type StoryboardScene = {
  number: number;
  /** What the scene shows, written for a video model. */
  prompt: string;
  /**
   * What is spoken and captioned: the member's own sentences (scene 1 opens with the title as the
   * hook), never a camera, light or music direction or a job's template line, with an address
   * said as words; it fits the scene at about 2.5 words a second (times `speed`). A sentence may
   * run on into the next scene at a clause or phrase, never mid-phrase.
   */
  narration: string;
  /** What the scene shows: subject, camera, light, mood (what image and video models are given). */
  visual: string;
  /** The narration (kept for plans stored before narration existed, which have only this). */
  caption: string;
  /** Camera direction, e.g. 'slow push-in'. */
  camera: string;
  /** Mood words that also seed the local renderer's palette. */
  mood: string;
  /**
   * The scene's length: the planner's estimate (the voice's start, its speech, then a breath or
   * the last scene's end card: 3–8 s, server/media/scene-timing.ts; 8 s without a voice), which
   * the renderer replaces with the real one once the voice has spoken.
   */
  durationSeconds: number;
  /** Where the scene starts in the video (set by the renderer: the chapter boundaries). */
  startSeconds?: number;
  /**
   * How much faster than its natural pace the voice speaks this scene (1–1.25; 1 without a
   * voice), on top of the member's own voice speed: the planner asks for more only once every
   * sentence is shortened, when the words need it or it lets a scene end at a sentence.
   */
  speed?: number;
  /** The scene cut into shots, one per phrase (absent from plans stored before shots). */
  shots?: StoryboardShot[];
  /**
   * Text shown on screen over the scene's last shot as written (a job's call to action: its URL
   * or handle, several joined with " · "), while the voice says it as words; null when none.
   */
  overlay?: string | null;
};

/**
 * The storyboard: what the planner makes of a title and description, scene by scene (stored as
 * generatedPrompt's JSON). `omitted` lists, as the member wrote them and in their
 * order, the lines that did not fit the video's length and were left out of the narration (a
 * sentence, a list item, the title when it made room; one said only in part is listed too).
 */
export type Storyboard = { title: string; scenes: StoryboardScene[]; omitted?: string[] };

/** GET /api/credits. Elite is unlimited: remainingCredits null and unlimited true (shown as ∞). */
export const creditsResponseSchema = z.object({
  remainingCredits: z.number().int().nullable(),
  unlimited: z.boolean(),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

export const creditLedgerEntrySchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  transactionType: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type CreditLedgerEntry = z.infer<typeof creditLedgerEntrySchema>;

/** GET /api/credits/ledger: newest first, at most 100; `type=earn&limit=5` for recent activity. */
export const LEDGER_PAGE_MAX = 100;
export const ledgerQuerySchema = z.object({
  type: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/, 'type must be a ledger entry type such as earn.')
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}.` })
    .int(`limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}.`)
    .min(1, `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}.`)
    .max(LEDGER_PAGE_MAX, `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}.`)
    .optional(),
});

export const uploadImageResponseSchema = z.object({ url: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

/** POST /api/upload-clip: where the clip is stored, and what ffprobe read from it. */
export const uploadClipResponseSchema = z.object({
  url: z.string(),
  durationSeconds: z.number(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadClipResponse = z.infer<typeof uploadClipResponseSchema>;

export const viralPromptsResponseSchema = z.object({ prompts: z.array(z.string()) });
export type ViralPromptsResponse = z.infer<typeof viralPromptsResponseSchema>;

/** The 400 body when the balance cannot pay for a video. */
export type InsufficientCreditsBody = {
  message: string;
  code: 'INSUFFICIENT_CREDITS';
  remainingCredits: number;
};
