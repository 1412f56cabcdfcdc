// The job form's values as pure rules: what a new or edited job starts from, the scene and
// frequency choices a plan offers, and the payload the form sends (checked with the routes' schema).
import { type AspectRatio, FREQUENCIES, type Frequency, type SceneSource } from '@shared/catalogue';
import { LIMITS } from '@shared/limits';
import {
  FREQUENCY_LABELS,
  MISSING_FIELDS_TITLE,
  type VideoJob,
  type VideoJobInput,
  videoJobSchema,
} from '@shared/schemas/jobs';
import {
  DEFAULT_PRIVACY,
  PUBLISH_MESSAGES,
  type PublishTo,
  REVIEW_WINDOW_HOURS,
} from '@shared/schemas/publishing';
import { TIER_RULES, type Tier, tierAllowsFrequency } from '@shared/tiers';
import { type Narration, narrationBody } from '@/entities/voices/narration';
import type { JobToast } from './job-errors';

export type JobFormValues = {
  jobName: string;
  frequency: Frequency;
  scenes: number;
  aspectRatio: AspectRatio;
  watermark: boolean;
  advancedMode: boolean;
  masterPrompt: string;
  brandName: string;
  brandDescription: string;
  focusFeatures: string;
  callToAction: string;
  filmStyle: string;
  dynamicSet: string;
  /** Where its videos' scenes come from; null leaves it to the server (its default, stepped down). */
  sceneSource: SceneSource | null;
  /** The job's voice, speed and caption style; null on a new job the member left at their defaults. */
  narration: Narration | null;
  /** Where each video it completes is published; no platform ticked: nowhere. */
  publishTo: PublishTo;
};

/** A job that publishes nowhere, with Public ready for when a platform is ticked. */
export const NO_PUBLISHING: PublishTo = {
  platforms: [],
  privacy: DEFAULT_PRIVACY,
  tiktokPrivacyLevel: null,
  holdForReview: false,
  reviewWindowHours: REVIEW_WINDOW_HOURS.default,
  unreviewedAction: 'publish',
};

export const NEW_JOB_VALUES: JobFormValues = {
  jobName: '',
  frequency: 'daily',
  scenes: LIMITS.scenesDefault,
  aspectRatio: 'landscape',
  watermark: LIMITS.watermarkDefault,
  advancedMode: false,
  masterPrompt: '',
  brandName: '',
  brandDescription: '',
  focusFeatures: '',
  callToAction: '',
  filmStyle: '',
  dynamicSet: '',
  sceneSource: null,
  narration: null,
  publishTo: NO_PUBLISHING,
};

/**
 * A stored job as the form shows it. An advanced job's guided fields hold only the 'Advanced
 * mode' marker (spec/api.md §7.5), so they start empty if the member switches to guided.
 */
export function formValuesFrom(job: VideoJob | null): JobFormValues {
  if (!job) return NEW_JOB_VALUES;
  const guided = !job.advancedMode;
  return {
    jobName: job.jobName,
    frequency: job.frequency,
    scenes: job.scenes,
    aspectRatio: job.aspectRatio,
    watermark: job.watermark,
    advancedMode: job.advancedMode,
    masterPrompt: job.masterPrompt,
    brandName: guided ? job.brandName : '',
    brandDescription: guided ? job.brandDescription : '',
    focusFeatures: guided ? job.focusFeatures : '',
    callToAction: guided ? job.callToAction : '',
    filmStyle: guided ? job.filmStyle : '',
    dynamicSet: guided ? job.dynamicSet : '',
    sceneSource: job.sceneSource,
    // A saved job keeps its own voice: a full PATCH without these would take the member's defaults.
    narration: {
      voiceId: job.voiceId,
      voiceSpeed: job.voiceSpeed,
      captionStyle: job.captionStyle,
    },
    publishTo: job.publishTo ?? NO_PUBLISHING,
  };
}

/** 1 to the plan's maximum; a job saved under a bigger plan keeps its count as a choice. */
export function sceneOptions(level: Tier, current: number | null): number[] {
  const max = Math.max(TIER_RULES[level].maxScenes, current ?? 0);
  return Array.from({ length: max }, (_, index) => index + 1);
}

export type FrequencyOption = { value: Frequency; label: string; disabled: boolean };

/**
 * The scene sources a job may pick: what the server offers, less the member's own images (a job has
 * none; its image is the logo, drawn as a mark), keeping a saved choice the server no longer lists
 * so that saving does not change it unseen.
 */
export function jobSceneSources(
  offered: readonly SceneSource[],
  current: SceneSource | null,
): SceneSource[] {
  const sources: SceneSource[] = offered.filter((source) => source !== 'upload');
  return current && !sources.includes(current) ? [...sources, current] : sources;
}

/** Every frequency; every hour is offered to Elite only (spec/product.md §6). */
export function frequencyOptions(level: Tier): FrequencyOption[] {
  return FREQUENCIES.map((value) => {
    const eliteOnly = !tierAllowsFrequency(level, value);
    return {
      value,
      label: eliteOnly ? `${FREQUENCY_LABELS[value]} (Elite)` : FREQUENCY_LABELS[value],
      disabled: eliteOnly,
    };
  });
}

/**
 * The payload; voiceId, voiceSpeed and captionStyle only once chosen (else the member's defaults).
 * publishTo is null when no platform is ticked, and carries TikTok's level only for TikTok.
 */
export function toJobInput(
  values: JobFormValues,
  extra: { sourceImageUrl: string | null; isActive: boolean },
): VideoJobInput {
  const { narration, publishTo, ...fields } = values;
  return {
    ...fields,
    ...narrationBody(narration),
    publishTo: publishToInput(publishTo),
    postType: 'video',
    ...extra,
  };
}

function publishToInput(publishTo: PublishTo): PublishTo | null {
  if (publishTo.platforms.length === 0) return null;
  return {
    ...publishTo,
    tiktokPrivacyLevel: publishTo.platforms.includes('tiktok')
      ? publishTo.tiktokPrivacyLevel
      : null,
  };
}

/** What is wrong with the payload before it is sent, in the form's words; null if nothing. */
export function jobFormProblem(input: VideoJobInput, editing: boolean): JobToast | null {
  const failed = editing ? 'Failed to Update Job' : 'Failed to Create Job';
  const checked = videoJobSchema.safeParse(input);
  if (!checked.success) {
    const message = checked.error.issues[0]?.message ?? 'Please check the form.';
    if (message.startsWith('Please fill in:')) {
      return { title: MISSING_FIELDS_TITLE, description: message };
    }
    return { title: failed, description: message };
  }
  // TikTok wants the creator to choose who can watch; the form never presets it.
  const publishTo = checked.data.publishTo;
  if (publishTo?.platforms.includes('tiktok') && !publishTo.tiktokPrivacyLevel) {
    return { title: failed, description: PUBLISH_MESSAGES.tiktokPrivacy };
  }
  return null;
}
