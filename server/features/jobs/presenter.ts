// Shapes a stored job into the VideoJob entries GET /api/video-jobs lists (spec §3 "Video job").
import { type MemberLevel, PLAN_RULES } from '../../../shared/plans';
import type { VideoJob } from '../../../shared/schemas/jobs';
import type { VideoJobRow } from './repository';

export const PAUSED_BELOW_PRO =
  'Paused: Creator Engine jobs run on Pro and Elite plans. Upgrade to resume.';

export function presentJob(row: VideoJobRow, level: MemberLevel): VideoJob {
  // A plan that no longer runs jobs pauses them without changing them, so an upgrade resumes.
  const paused = row.isActive && !PLAN_RULES[level].canCreateJobs ? PAUSED_BELOW_PRO : null;
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
    watermark: row.watermark,
    itemListIndex: row.itemListIndex,
    createdAt: row.createdAt.toISOString(),
    nextRunAt: row.isActive && !paused ? (row.nextRunAt?.toISOString() ?? null) : null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastResult: row.lastResult,
    pausedReason: row.pausedReason ?? paused,
  };
}
