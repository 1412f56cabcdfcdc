// Storyboards: a video planned before it is rendered, which the member edits scene by scene and
// shot by shot (POST/GET/PATCH/DELETE /api/storyboards, POST /api/storyboards/{id}/render). The
// editor and the routes validate with these schemas, so both sides object in the same words.
import { z } from 'zod';
import { SECONDS_PER_SCENE } from '../limits';
import { TIER_RULES } from '../tiers';
import { dbId } from './ids';
import { createdVideoRequestSchema, createVideoRequestSchema } from './videos';
import { captionStyleField, voiceIdField, voiceSpeedField } from './voices';

/** The music moods a member may choose; `auto` follows the opening scene's mood words. */
export const MUSIC_MOODS = [
  'auto',
  'calm',
  'warm',
  'energetic',
  'epic',
  'dreamy',
  'fresh',
  'professional',
  'sad',
  'dark',
  'tech',
] as const;
export type MusicMood = (typeof MUSIC_MOODS)[number];
export const MUSIC_MOOD_LABELS: Record<MusicMood, string> = {
  auto: 'Match the script',
  calm: 'Calm',
  warm: 'Warm',
  energetic: 'Energetic',
  epic: 'Epic',
  dreamy: 'Dreamy',
  fresh: 'Fresh',
  professional: 'Professional',
  sad: 'Melancholic',
  dark: 'Dark',
  tech: 'Futuristic',
};

export const MUSIC_MESSAGE =
  'Music needs enabled (true or false) and a mood of at most 40 characters (e.g. calm, upbeat, epic).';
/**
 * The music under a video: on or off, and its mood. Any mood words are taken (the music reads
 * them as the scenes' moods are read: "upbeat", "cozy", "tense"); the editor offers MUSIC_MOODS.
 */
export const musicSchema = z.object(
  {
    enabled: z.boolean({ error: MUSIC_MESSAGE }),
    mood: z
      .string({ error: MUSIC_MESSAGE })
      .trim()
      .min(1, MUSIC_MESSAGE)
      .max(40, MUSIC_MESSAGE)
      .default('auto'),
  },
  { error: MUSIC_MESSAGE },
);
export type Music = z.output<typeof musicSchema>;
export const DEFAULT_MUSIC: Music = { enabled: true, mood: 'auto' };

/** Open drafts a member may keep at once, and how long an untouched one is kept. */
export const STORYBOARD_LIMITS = {
  openDrafts: 20,
  untouchedDays: 30,
  narrationMax: 400,
  aiPromptMax: 500,
  shotsPerScene: 8,
} as const;

export const TOO_MANY_DRAFTS_MESSAGE = `You have ${STORYBOARD_LIMITS.openDrafts} storyboards in progress, the most you can keep. Render or delete one first.`;
export const STORYBOARD_STALE_MESSAGE =
  'This storyboard was changed in another tab or window. Reload it to see the latest version.';
export const STORYBOARD_RENDERED_MESSAGE =
  'This storyboard has been rendered and can no longer be changed.';
export const NARRATION_TOO_LONG_MESSAGE = `A scene's narration must be ${STORYBOARD_LIMITS.narrationMax} characters or less.`;

/** The refusal of a render whose scene speaks for longer than its 8 s. */
export function sceneTooLongMessage(sceneNumber: number): string {
  return `Scene ${sceneNumber}'s narration is too long to fit ${SECONDS_PER_SCENE} seconds. Please shorten it.`;
}

/** Where a shot's picture comes from. */
export const VISUAL_SOURCES = ['picture', 'typographic', 'image', 'clip', 'stock', 'ai'] as const;
export type VisualSource = (typeof VISUAL_SOURCES)[number];

const VISUAL_MESSAGE = 'Please choose one of the pictures offered for this shot.';

/**
 * A shot's chosen visual as the member sends it: an offline picture by name, a typographic shot
 * (`type:{words}`), one of their uploaded images or clips (its URL; a clip from `offset` seconds),
 * a stock asset (`{provider}:{assetId}`, among the shot's candidates), or a description for a
 * paid AI model (`prompt`).
 */
export const shotVisualInputSchema = z.object(
  {
    source: z.enum(VISUAL_SOURCES, { error: VISUAL_MESSAGE }),
    id: z.string({ error: VISUAL_MESSAGE }).trim().max(2048, VISUAL_MESSAGE).default(''),
    offset: z
      .number({ error: 'A clip offset must be a number of seconds.' })
      .min(0, 'A clip offset must be a number of seconds.')
      .max(3600, 'A clip offset must be a number of seconds.')
      .optional(),
    prompt: z
      .string()
      .trim()
      .max(
        STORYBOARD_LIMITS.aiPromptMax,
        `An AI visual's description must be ${STORYBOARD_LIMITS.aiPromptMax} characters or less.`,
      )
      .optional(),
  },
  { error: VISUAL_MESSAGE },
);
export type ShotVisualInput = z.output<typeof shotVisualInputSchema>;

/** One picture a shot may show, as the picker offers it. */
export const visualCandidateSchema = z.object({
  source: z.enum(VISUAL_SOURCES),
  id: z.string(),
  thumbnailUrl: z.string().nullable(),
  label: z.string(),
  /** Who made it (a stock asset's author and service); null for our pictures and the member's. */
  credit: z.string().nullable(),
});
export type VisualCandidate = z.infer<typeof visualCandidateSchema>;

export const storyboardVisualSchema = z.object({
  source: z.enum(VISUAL_SOURCES),
  id: z.string(),
  label: z.string(),
  thumbnailUrl: z.string().nullable(),
  offset: z.number().optional(),
  prompt: z.string().optional(),
});
export type StoryboardVisual = z.infer<typeof storyboardVisualSchema>;

export const storyboardShotSchema = z.object({
  id: z.string().describe('Stable while the shot exists; PATCH names shots by it.'),
  text: z.string().describe('The phrase spoken over the shot.'),
  start: z.number().describe('Seconds from the scene start (estimated; the server owns it).'),
  end: z.number(),
  visual: storyboardVisualSchema.nullable().describe('null: the renderer chooses.'),
  candidates: z.array(visualCandidateSchema),
});
export type StoryboardShotView = z.infer<typeof storyboardShotSchema>;

export const storyboardSceneSchema = z.object({
  number: z.number().int(),
  narration: z.string(),
  fitSeconds: z
    .number()
    .describe('How long the narration takes to say, its start and breath included (max 8).'),
  fits: z.boolean().describe(`Whether fitSeconds is at most ${SECONDS_PER_SCENE}.`),
  shots: z.array(storyboardShotSchema),
});
export type StoryboardSceneView = z.infer<typeof storyboardSceneSchema>;

export const storyboardSchema = z.object({
  id: z.number().int(),
  updatedAt: z.string().describe('Send it back with PATCH; a stale one gets 409.'),
  createdAt: z.string(),
  status: z.enum(['draft', 'rendered']),
  title: z.string(),
  description: z.string(),
  aspectRatio: z.enum(['landscape', 'portrait']),
  sceneSource: z.string(),
  watermark: z.boolean(),
  voiceId: z.string().nullable(),
  voiceSpeed: z.number(),
  captionStyle: z.enum(['karaoke', 'pop', 'minimal']),
  music: z.object({
    enabled: z.boolean(),
    mood: z.string().describe("Mood words, or auto: the opening scene's mood."),
  }),
  maxScenes: z.number().int().describe("The member's plan maximum."),
  videoId: z
    .number()
    .int()
    .nullable()
    .describe('The video it remixes (its next version); null: a new video.'),
  requestId: z.number().int().nullable().describe('Set once rendered.'),
  scenes: z.array(storyboardSceneSchema),
});
export type StoryboardView = z.infer<typeof storyboardSchema>;

/** POST /api/storyboards: what Create takes, plus music. */
export const createStoryboardSchema = createVideoRequestSchema
  .omit({ jobId: true, videoPrompt: true })
  .extend({ music: musicSchema.optional() });
export type CreateStoryboardInput = z.input<typeof createStoryboardSchema>;
export type CreateStoryboard = z.output<typeof createStoryboardSchema>;

const SCENES_MESSAGE = `A storyboard has 1 to ${TIER_RULES.Elite.maxScenes} scenes.`;

/** One scene of a PATCH: its narration and its shots' visuals by position (or by id). */
export const storyboardScenePatchSchema = z.object({
  /** The scene's number as last read; absent for a scene the member added. */
  number: z.number().int().min(1).max(64).optional(),
  narration: z
    .string({ error: 'Each scene needs its narration.' })
    .trim()
    .max(STORYBOARD_LIMITS.narrationMax, NARRATION_TOO_LONG_MESSAGE),
  shots: z
    .array(
      z.object({
        id: z.string().max(40).optional(),
        visual: shotVisualInputSchema.nullable().optional(),
      }),
    )
    .max(STORYBOARD_LIMITS.shotsPerScene * 2)
    .default([]),
});
export type StoryboardScenePatch = z.output<typeof storyboardScenePatchSchema>;

/** PATCH /api/storyboards/{id}: replaces the fields it names; `updatedAt` as last read. */
export const PLANNED_FIELD_MESSAGE =
  'The description, aspect ratio and scene source are set when a storyboard is planned. Plan a new storyboard to change them.';
export const storyboardPatchSchema = z
  .object({
    updatedAt: z.string({ error: 'Please send the updatedAt you last read.' }),
    title: createVideoRequestSchema.shape.title.optional(),
    scenes: z
      .array(storyboardScenePatchSchema, { error: SCENES_MESSAGE })
      .min(1, SCENES_MESSAGE)
      .max(TIER_RULES.Elite.maxScenes, SCENES_MESSAGE)
      .optional(),
    voiceId: voiceIdField.optional(),
    voiceSpeed: voiceSpeedField.optional(),
    captionStyle: captionStyleField.optional(),
    music: musicSchema.optional(),
    watermark: z.boolean({ error: 'Watermark must be true or false.' }).optional(),
    /**
     * Set when the storyboard is planned: a storyboard sent back whole may carry them unchanged
     * (a change is refused; the other fields GET answers are ignored).
     */
    description: z.string().optional(),
    aspectRatio: z.string().optional(),
    sceneSource: z.string().optional(),
  })
  // A storyboard as GET answers it may be sent back whole: what PATCH does not change is ignored.
  .strip();
export type StoryboardPatch = z.output<typeof storyboardPatchSchema>;

/** GET /api/storyboards: the member's drafts, newest change first. */
export const storyboardSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  scenes: z.number().int(),
  aspectRatio: z.enum(['landscape', 'portrait']),
  thumbnailUrl: z.string().nullable(),
  videoId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type StoryboardSummary = z.infer<typeof storyboardSummarySchema>;

/** POST /api/storyboards/{id}/render answers as POST /api/video-creation-requests does. */
export const renderedStoryboardSchema = createdVideoRequestSchema;

/** GET /api/storyboard-visuals?q=: pictures (and stock, when offered) for the picker's search. */
export const visualSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Please type what the shot should show.').max(100),
  storyboardId: z.coerce
    .number()
    .pipe(dbId('storyboardId must be one of your storyboards.'))
    .optional(),
});
export const visualSearchSchema = z.object({ candidates: z.array(visualCandidateSchema) });

/** One version of a remixed video (GET /api/videos/{id}/versions), newest first. */
export const videoVersionSchema = z.object({
  version: z.number().int(),
  current: z.boolean(),
  createdAt: z.string(),
  duration: z.number().nullable(),
  scenes: z.number().int(),
  videoUrl: z.string().describe("This version's own file: no cache serves another in its place."),
  thumbnailUrl: z.string().nullable(),
});
export type VideoVersion = z.infer<typeof videoVersionSchema>;
