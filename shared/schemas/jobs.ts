// Creator Engine job payloads (spec/product.md §5 "Job form", spec/api.md §7.5). The job form and
// the routes validate with these, so both say the spec's words: 'Missing Required Fields' /
// 'Please fill in: {names}', and the maximum lengths.
import { z } from 'zod';
import { ASPECT_RATIOS, FREQUENCIES, type Frequency, SCENE_SOURCES } from '../catalogue';
import { LIMITS } from '../limits';
import { publishToSchema, publishToViewSchema } from './publishing';
import { SCENE_SOURCE_MESSAGE } from './videos';
import { CAPTION_STYLES, narrationFields } from './voices';

export const MISSING_FIELDS_TITLE = 'Missing Required Fields';
/** What the advanced mode's payload carries in place of the guided fields (spec/api.md §7.5). */
export const ADVANCED_MODE_TEXT = 'Advanced mode';

/** The form's names for the fields, as 'Please fill in: …' lists them. */
export const JOB_FIELD_LABELS = {
  jobName: 'Job Name',
  frequency: 'Video Frequency',
  scenes: 'Scene Count',
  aspectRatio: 'Aspect Ratio',
  brandName: 'Brand Name',
  brandDescription: 'Brand Description',
  focusFeatures: 'Focus Features & Messages',
  callToAction: 'Call to Action',
  filmStyle: 'Film Style',
  dynamicSet: 'Dynamic Scene Generation',
  masterPrompt: 'Dynamic Prompt',
} as const;

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  '1hour': 'Every hour',
  '2hours': 'Every 2 hours',
  '4hours': 'Every 4 hours',
  '8hours': 'Every 8 hours',
  '12hours': 'Every 12 hours',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export function missingFieldsMessage(labels: readonly string[]): string {
  return `Please fill in: ${labels.join(', ')}`;
}

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or less.`)
    .nullish()
    .transform((value) => value ?? '');

const GUIDED_REQUIRED = ['brandDescription', 'focusFeatures', 'filmStyle', 'dynamicSet'] as const;

/** The whole job, as POST and a full PATCH send it. */
export const videoJobSchema = z
  .object({
    jobName: text(JOB_FIELD_LABELS.jobName, LIMITS.jobNameMax),
    postType: z.literal('video', { error: "postType must be 'video'." }).default('video'),
    frequency: z
      .union([z.enum(FREQUENCIES), z.literal('')], {
        error: `Video Frequency must be one of ${FREQUENCIES.join(', ')}.`,
      })
      .nullish()
      .transform((value) => value ?? ''),
    scenes: z.number().int().min(1).max(4).nullish(),
    aspectRatio: z
      .union([z.enum(ASPECT_RATIOS), z.literal('')], {
        error: 'Aspect Ratio must be landscape or portrait.',
      })
      .nullish()
      .transform((value) => value ?? ''),
    sourceImageUrl: z.string().trim().max(500).nullish(),
    /** Where its videos' scenes come from; null or absent: the server's default. */
    sceneSource: z.enum(SCENE_SOURCES, { error: SCENE_SOURCE_MESSAGE }).nullish(),
    isActive: z.boolean().default(true),
    advancedMode: z.boolean().default(false),
    watermark: z.boolean().default(true),
    masterPrompt: text(JOB_FIELD_LABELS.masterPrompt, LIMITS.dynamicPromptMax),
    brandName: text(JOB_FIELD_LABELS.brandName, LIMITS.brandNameMax),
    brandDescription: text(JOB_FIELD_LABELS.brandDescription, LIMITS.brandDescriptionMax),
    focusFeatures: text(JOB_FIELD_LABELS.focusFeatures, LIMITS.focusFeaturesMax),
    callToAction: text(JOB_FIELD_LABELS.callToAction, LIMITS.callToActionMax),
    filmStyle: text(JOB_FIELD_LABELS.filmStyle, LIMITS.filmStyleMax),
    dynamicSet: text(JOB_FIELD_LABELS.dynamicSet, LIMITS.dynamicSetMax),
    /** Where each video the job completes is published; null or absent: nowhere. */
    publishTo: publishToSchema.nullish(),
    ...narrationFields,
  })
  .superRefine((job, context) => {
    const missing: string[] = [];
    if (!job.jobName) missing.push(JOB_FIELD_LABELS.jobName);
    if (!job.frequency) missing.push(JOB_FIELD_LABELS.frequency);
    if (!job.scenes) missing.push(JOB_FIELD_LABELS.scenes);
    if (!job.aspectRatio) missing.push(JOB_FIELD_LABELS.aspectRatio);
    if (job.advancedMode) {
      if (!job.masterPrompt) missing.push(JOB_FIELD_LABELS.masterPrompt);
    } else {
      for (const field of GUIDED_REQUIRED) {
        if (!job[field]) missing.push(JOB_FIELD_LABELS[field]);
      }
    }
    if (missing.length > 0) {
      context.addIssue({ code: 'custom', message: missingFieldsMessage(missing), path: [] });
    }
  })
  .transform((job) => ({
    ...job,
    frequency: job.frequency as Frequency,
    scenes: job.scenes as number,
    aspectRatio: job.aspectRatio as (typeof ASPECT_RATIOS)[number],
    sourceImageUrl: job.sourceImageUrl || null,
    sceneSource: job.sceneSource ?? null,
    // Left out: an edit keeps the job's own. Naming no platform publishes nowhere, as null does.
    publishTo:
      job.publishTo === undefined
        ? undefined
        : job.publishTo && job.publishTo.platforms.length > 0
          ? job.publishTo
          : null,
    // Advanced mode keeps one master prompt; the guided fields carry the spec's marker text.
    ...(job.advancedMode
      ? {
          brandName: '',
          callToAction: '',
          brandDescription: ADVANCED_MODE_TEXT,
          focusFeatures: ADVANCED_MODE_TEXT,
          filmStyle: ADVANCED_MODE_TEXT,
          dynamicSet: ADVANCED_MODE_TEXT,
        }
      : { masterPrompt: '' }),
  }));
export type VideoJobInput = z.input<typeof videoJobSchema>;
export type VideoJobPayload = z.output<typeof videoJobSchema>;

/** PATCH: the whole payload, or only {isActive}, or only {itemListIndex}. */
export const jobActiveSchema = z.object({ isActive: z.boolean() }).strict();
export const jobItemListIndexSchema = z
  .object({ itemListIndex: z.number().int().min(1).max(10_000) })
  .strict();

/** A job as GET /api/video-jobs lists it: the stored payload and its schedule. */
export const videoJobViewSchema = z.object({
  id: z.number().int(),
  jobName: z.string(),
  postType: z.literal('video'),
  frequency: z.enum(FREQUENCIES),
  scenes: z.number().int(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  sourceImageUrl: z.string().nullable().describe('The brand logo, placed as a mark in each video.'),
  sceneSource: z
    .enum(SCENE_SOURCES)
    .nullable()
    .describe("Where its videos' scenes come from; null: the server's default."),
  isActive: z.boolean(),
  advancedMode: z.boolean(),
  watermark: z.boolean(),
  masterPrompt: z.string(),
  brandName: z.string(),
  brandDescription: z.string(),
  focusFeatures: z.string(),
  callToAction: z.string(),
  filmStyle: z.string(),
  dynamicSet: z.string(),
  voiceId: z.string().nullable().describe('The voice that narrates its videos, or null: none.'),
  voiceSpeed: z.number(),
  captionStyle: z.enum(CAPTION_STYLES),
  itemListIndex: z.number().int(),
  createdAt: z.string(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastResult: z
    .string()
    .nullable()
    .describe('What the last run did: \'Created "…"\', or why it was skipped.'),
  pausedReason: z
    .string()
    .nullable()
    .describe('Why an active job is not running now (plan below Pro), or null.'),
  publishTo: publishToViewSchema
    .nullable()
    .describe('Where each video the job completes is published; null: nowhere.'),
  lastPublishResult: z
    .string()
    .nullable()
    .describe("What the last run's publishing did: where it went, or why it could not."),
});
export type VideoJob = z.infer<typeof videoJobViewSchema>;

/** DELETE /api/video-jobs/{id}. */
export const deletedJobSchema = z.object({ deletedJob: z.object({ jobName: z.string() }) });
export type DeletedJob = z.infer<typeof deletedJobSchema>;
/** POST /api/video-jobs/{id}/unlink. */
export const unlinkedJobSchema = z.object({
  jobName: z.string(),
  videosUnlinked: z.number().int(),
});
export type UnlinkedJob = z.infer<typeof unlinkedJobSchema>;

/** GET /api/sample-data: one complete example brand for the guided fields. */
export const jobSampleSchema = videoJobViewSchema.pick({
  jobName: true,
  brandName: true,
  brandDescription: true,
  focusFeatures: true,
  callToAction: true,
  filmStyle: true,
  dynamicSet: true,
});
export type JobSample = z.infer<typeof jobSampleSchema>;

/** GET /api/advanced-mode-template. */
export const advancedModeTemplateSchema = z.object({ template: z.string() });
export type AdvancedModeTemplate = z.infer<typeof advancedModeTemplateSchema>;
