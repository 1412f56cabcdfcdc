// Shapes a stored job into the VideoJob entries GET /api/video-jobs lists (spec §3 "Video job").

import { SCENE_SOURCES, type SceneSource } from '../../../shared/catalogue';
import type { VideoJob } from '../../../shared/schemas/jobs';
import { REVIEW_WINDOW_HOURS } from '../../../shared/schemas/publishing';
import { TIER_RULES, type Tier, tierAllowsFrequency } from '../../../shared/tiers';
import { captionStyleOf } from '../voice-settings';
import type { VideoJobRow } from './repository';

export const PAUSED_BELOW_PRO =
  'Paused: Creator Engine jobs run on Pro and Elite plans. Upgrade to resume.';
export const PAUSED_HOURLY =
  'Paused: running every hour is an Elite feature. Choose another frequency or upgrade to resume.';

/**
 * Why today's plan does not run this job, or null. A plan that no longer runs a job pauses it
 * without changing it, so an upgrade resumes it. The scheduler's query (EngineRepository.findDue)
 * is built from the same plan rules.
 */
export function pausedReason(level: Tier, frequency: string): string | null {
  if (!TIER_RULES[level].canCreateJobs) return PAUSED_BELOW_PRO;
  if (!tierAllowsFrequency(level, frequency)) return PAUSED_HOURLY;
  return null;
}

export function presentJob(row: VideoJobRow, level: Tier): VideoJob {
  const paused = row.isActive ? pausedReason(level, row.frequency) : null;
  return {
    id: row.id,
    jobName: row.jobName,
    postType: 'video',
    frequency: row.frequency as VideoJob['frequency'],
    scenes: row.scenes,
    aspectRatio: row.aspectRatio as VideoJob['aspectRatio'],
    isActive: row.isActive,
    advancedMode: row.advancedMode,
    masterPrompt: row.masterPrompt ?? '',
    brandName: row.brandName ?? '',
    brandDescription: row.brandDescription ?? '',
    focusFeatures: row.focusFeatures ?? '',
    callToAction: row.callToAction ?? '',
    filmStyle: row.filmStyle ?? '',
    dynamicSet: row.dynamicSet ?? '',
    sourceImageUrl: row.sourceImageUrl,
    sceneSource: (SCENE_SOURCES as readonly string[]).includes(row.sceneSource ?? '')
      ? (row.sceneSource as SceneSource)
      : null,
    watermark: row.watermark,
    voiceId: row.voiceId,
    voiceSpeed: row.voiceSpeed,
    captionStyle: captionStyleOf(row.captionStyle),
    itemListIndex: row.itemListIndex,
    createdAt: row.createdAt.toISOString(),
    nextRunAt: row.isActive && !paused ? (row.nextRunAt?.toISOString() ?? null) : null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastResult: row.lastResult,
    pausedReason: row.pausedReason ?? paused,
    publishTo:
      row.publishTo && row.publishTo.platforms.length > 0
        ? {
            ...row.publishTo,
            // Jobs saved before review holds publish at once.
            holdForReview: row.publishTo.holdForReview ?? false,
            reviewWindowHours: row.publishTo.reviewWindowHours ?? REVIEW_WINDOW_HOURS.default,
            unreviewedAction: row.publishTo.unreviewedAction ?? 'publish',
          }
        : null,
    lastPublishResult: row.lastPublishResult,
  };
}
