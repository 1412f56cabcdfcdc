// Creator Engine job rules (spec/product.md §5 "Job form", §6): Pro and Elite create jobs; the
// hourly frequency is Elite's; scenes stay within the plan's maximum, except that a job already
// above it keeps its value; Free watermarks stay on; the logo must be the member's own upload.
// Every job is its owner's alone: anyone else's id answers 404. Deleting a job keeps its videos.
import type pg from 'pg';
import type { Frequency } from '../../../shared/catalogue';
import type { VideoJob, VideoJobPayload } from '../../../shared/schemas/jobs';
import type { Platform } from '../../../shared/schemas/publishing';
import { normalizeTier, TIER_RULES, type Tier, tierAllowsFrequency } from '../../../shared/tiers';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { NotFound, PlanLimit, ValidationFailed } from '../../errors';
import type { RealtimeBus } from '../../realtime/bus';
import { isOwnUpload, type Storage } from '../../storage/storage';
import { chooseNarration, type NarrationDefaults, type VoiceCatalog } from '../voice-settings';
import { presentJob } from './presenter';
import type { EngineRepository, VideoJobChanges, VideoJobRow } from './repository';
import { nextRunAfter } from './schedule';

export const JOB_NOT_FOUND = 'Job not found';
export const JOBS_NEED_PRO =
  'Creator Engine jobs are part of the Pro and Elite plans. Upgrade to create video jobs.';
export const HOURLY_NEEDS_ELITE =
  'Running every hour is an Elite feature. Choose another frequency or upgrade to Elite.';
export const LOGO_MESSAGE = 'Please upload the logo again.';

export function jobSceneLimitMessage(level: Tier): string {
  const max = TIER_RULES[level].maxScenes;
  return `${level} members can create jobs with up to ${max} scene${max === 1 ? '' : 's'}.`;
}

export function jobCountLimitMessage(level: Tier): string {
  return `You can keep up to ${TIER_RULES[level].maxJobs} Creator Engine jobs on the ${level} plan. Delete a job to create another.`;
}

export class EngineService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly repository: EngineRepository,
    private readonly bus: RealtimeBus,
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly voices: VoiceCatalog,
    /** Throws, in words, when the member cannot publish to the platform now (not connected). */
    private readonly assertCanPublish: (userId: string, platform: Platform) => Promise<void>,
  ) {}

  async list(user: UserRow): Promise<VideoJob[]> {
    const level = normalizeTier(user.memberLevel);
    return (await this.repository.list(user.id)).map((row) => presentJob(row, level));
  }

  /** A new job; an active one makes its first video at the scheduler's next tick. */
  async create(user: UserRow, payload: VideoJobPayload): Promise<VideoJob> {
    const level = normalizeTier(user.memberLevel);
    if (!TIER_RULES[level].canCreateJobs) throw new PlanLimit(JOBS_NEED_PRO);
    await this.checkPlanRules(user, level, payload, null);
    const row = await inTransaction(this.pool, (tx) =>
      this.repository.insertWithin(
        tx.db,
        {
          ...this.columns(level, payload, user),
          userId: user.id,
          nextRunAt: payload.isActive ? this.clock.now() : null,
        },
        TIER_RULES[level].maxJobs,
      ),
    );
    if (!row) throw new PlanLimit(jobCountLimitMessage(level));
    return presentJob(row, level);
  }

  /** The whole job edited. A changed frequency counts from the last run (or now). */
  async update(user: UserRow, id: number, payload: VideoJobPayload): Promise<VideoJob> {
    const level = normalizeTier(user.memberLevel);
    const existing = await this.owned(user.id, id);
    if (!TIER_RULES[level].canCreateJobs) throw new PlanLimit(JOBS_NEED_PRO);
    await this.checkPlanRules(user, level, payload, existing);
    const schedule =
      payload.isActive !== existing.isActive || payload.frequency !== existing.frequency
        ? { nextRunAt: this.nextRunOnResume(payload.isActive, payload.frequency, existing) }
        : {};
    // Narration left out of the payload keeps the job's own.
    return this.save(user, level, id, { ...this.columns(level, payload, existing), ...schedule });
  }

  /** The list's switch: off stops the schedule; on picks it up where it left off. */
  async setActive(user: UserRow, id: number, isActive: boolean): Promise<VideoJob> {
    const level = normalizeTier(user.memberLevel);
    const existing = await this.owned(user.id, id);
    return this.save(user, level, id, {
      isActive,
      nextRunAt: this.nextRunOnResume(isActive, existing.frequency as Frequency, existing),
    });
  }

  async setItemListIndex(user: UserRow, id: number, itemListIndex: number): Promise<VideoJob> {
    const level = normalizeTier(user.memberLevel);
    await this.owned(user.id, id);
    return this.save(user, level, id, { itemListIndex });
  }

  /** Deletes the job; its videos stay, out of its folder. Every open tab of the owner hears it. */
  async delete(user: UserRow, id: number): Promise<{ deletedJob: { jobName: string } }> {
    const deleted = await inTransaction(this.pool, (tx) =>
      this.repository.deleteOwned(tx.db, user.id, id),
    );
    if (!deleted) throw new NotFound(JOB_NOT_FOUND);
    await this.bus.publish(user.id, 'job_deleted', {
      jobName: deleted.job.jobName,
      videosUnlinked: deleted.videosUnlinked,
      jobId: id,
    });
    return { deletedJob: { jobName: deleted.job.jobName } };
  }

  /** Moves the job's videos out of its folder (the library's Remove Folder for a job folder). */
  async unlink(user: UserRow, id: number): Promise<{ jobName: string; videosUnlinked: number }> {
    const job = await this.owned(user.id, id);
    const videosUnlinked = await this.repository.unlinkVideos(user.id, id);
    return { jobName: job.jobName, videosUnlinked };
  }

  private async owned(userId: string, id: number): Promise<VideoJobRow> {
    const job = await this.repository.findOwned(userId, id);
    if (!job) throw new NotFound(JOB_NOT_FOUND);
    return job;
  }

  private async save(user: UserRow, level: Tier, id: number, changes: VideoJobChanges) {
    const row = await this.repository.updateOwned(user.id, id, changes);
    if (!row) throw new NotFound(JOB_NOT_FOUND);
    return presentJob(row, level);
  }

  private async checkPlanRules(
    user: UserRow,
    level: Tier,
    payload: VideoJobPayload,
    existing: VideoJobRow | null,
  ): Promise<void> {
    const rules = TIER_RULES[level];
    if (!tierAllowsFrequency(level, payload.frequency)) {
      throw new PlanLimit(HOURLY_NEEDS_ELITE);
    }
    // A job saved under a bigger plan keeps its scene count; it cannot grow past the plan.
    if (payload.scenes > rules.maxScenes && payload.scenes !== existing?.scenes) {
      throw new PlanLimit(jobSceneLimitMessage(level));
    }
    if (
      payload.sourceImageUrl &&
      payload.sourceImageUrl !== existing?.sourceImageUrl &&
      !(await isOwnUpload(this.storage, user.id, payload.sourceImageUrl))
    ) {
      throw new ValidationFailed(LOGO_MESSAGE, 'sourceImageUrl');
    }
    // A platform newly named must be connected now; one the job already had may have lost its
    // connection since, which each run then records and tells the member.
    for (const platform of payload.publishTo?.platforms ?? []) {
      if (!existing?.publishTo?.platforms.includes(platform)) {
        await this.assertCanPublish(user.id, platform);
      }
    }
  }

  /**
   * The stored columns of a payload; Free watermarks stay on whatever the client sent. Voice,
   * speed and caption style left out come from `narrationDefaults` (the member's Profile for a
   * new job, the job itself for an edit); an unknown voice is refused.
   */
  private columns(level: Tier, payload: VideoJobPayload, narrationDefaults: NarrationDefaults) {
    return {
      ...chooseNarration(this.voices, narrationDefaults, payload),
      jobName: payload.jobName,
      postType: payload.postType,
      frequency: payload.frequency,
      scenes: payload.scenes,
      aspectRatio: payload.aspectRatio,
      isActive: payload.isActive,
      advancedMode: payload.advancedMode,
      masterPrompt: payload.masterPrompt,
      brandName: payload.brandName,
      brandDescription: payload.brandDescription,
      focusFeatures: payload.focusFeatures,
      callToAction: payload.callToAction,
      filmStyle: payload.filmStyle,
      dynamicSet: payload.dynamicSet,
      sourceImageUrl: payload.sourceImageUrl,
      sceneSource: payload.sceneSource,
      watermark: payload.watermark || !TIER_RULES[level].watermarkRemovable,
      ...(payload.publishTo !== undefined && { publishTo: payload.publishTo }),
    };
  }

  /** Inactive: no next run. Active: one step after the last run, but never in the past. */
  private nextRunOnResume(isActive: boolean, frequency: Frequency, job: VideoJobRow): Date | null {
    if (!isActive) return null;
    const now = this.clock.now();
    if (!job.lastRunAt) return now;
    const next = nextRunAfter(frequency, job.lastRunAt);
    return next > now ? next : now;
  }
}
