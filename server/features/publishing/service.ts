// Publishing rules: the owner publishes a finished video to platforms they have connected, once
// per platform (a failed one may be tried again); fields left out come from the video's own plan.
// Each publication is a row and a queued job written in one transaction. A Creator Engine job's
// finished video is published the same way, inside the transaction that completes it, and what
// could not be published is recorded on the run and told to the member, never dropped.
import type pg from 'pg';
import { publishDefaults } from '../../../shared/publishing';
import { parseVideoId } from '../../../shared/schemas/ids';
import {
  DEFAULT_PRIVACY,
  PLATFORM_LABELS,
  PLATFORM_NOT_CONFIGURED_MESSAGE,
  type Platform,
  PUBLISH_MESSAGES,
  type Publication,
  type PublishTo,
  type PublishVideo,
  REVIEW_WINDOW_HOURS,
  type TikTokCreatorInfo,
} from '../../../shared/schemas/publishing';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { inTransaction, type Transaction } from '../../db/transaction';
import { AppError, Conflict, NotFound, Unavailable } from '../../errors';
import type { JobQueue } from '../../queue/queue';
import type { RealtimeBus } from '../../realtime/bus';
import { requireVerifiedEmail } from '../auth';
import type { NotificationsService } from '../notifications';
import type { WebhookEvents } from '../webhooks';
import { type ConnectionsService, NotConnected, ReconnectNeeded } from './connections';
import type { MediaLinks } from './media-links';
import { PlatformError } from './platforms/platform';
import type { TikTokCreatorInfoSource } from './platforms/publisher';
import { presentPublication } from './presenter';
import type {
  NewPublication,
  PublicationRow,
  PublicationsRepository,
  PublishedVideoRow,
} from './repository';

export const VIDEO_NOT_FOUND = 'Video not found';

/** A video and the publications a completed request of a Creator Engine job makes. */
type CompletedJobVideo = { requestId: number; jobId: number | null; content: PublishedVideoRow };

export class PlatformUnavailable extends AppError {
  constructor(platform: Platform) {
    super(
      'PLATFORM_UNAVAILABLE',
      400,
      `${PLATFORM_LABELS[platform]}: ${PLATFORM_NOT_CONFIGURED_MESSAGE}`,
    );
  }
}

export class PublicationsService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      repository: PublicationsRepository;
      connections: ConnectionsService;
      queue: JobQueue;
      bus: RealtimeBus;
      notifications: Pick<NotificationsService, 'notify'>;
      mediaLinks: MediaLinks;
      /** The platforms this server can publish to. */
      offered: readonly Platform[];
      tiktok: TikTokCreatorInfoSource | null;
      clock: Clock;
      /** A member's webhooks hear of publications that failed before any upload. */
      webhookEvents?: Pick<WebhookEvents, 'emit' | 'publicationSettled'>;
    },
  ) {}

  /**
   * Publishes the owner's finished video to each platform asked for: all of them or, when one is
   * refused (not connected, already there), none.
   */
  async publish(user: UserRow, videoIdText: string, input: PublishVideo): Promise<Publication[]> {
    const video = await this.ownedVideo(user, videoIdText);
    requireVerifiedEmail(user, 'publishing');
    for (const platform of input.platforms) await this.assertCanPublish(user.id, platform);
    const defaults = publishDefaults(video);
    const post = {
      title: input.title ?? defaults.title,
      description: input.description ?? defaults.description,
      hashtags: input.hashtags ?? defaults.hashtags,
      privacy: input.privacy ?? DEFAULT_PRIVACY,
      tiktokPrivacyLevel: input.tiktokPrivacyLevel ?? null,
      tiktokAllow: input.tiktokAllow ?? null,
    };
    const rows = await inTransaction(this.deps.pool, async (tx) => {
      const standing = await this.deps.repository.standing(tx.db, video.id);
      for (const platform of input.platforms) {
        const existing = standing.find((row) => row.platform === platform);
        if (existing) throw alreadyThere(existing);
      }
      return this.queue(
        tx,
        input.platforms.map((platform) => ({
          userId: user.id,
          videoId: video.id,
          // The version it posts: a later remix or restore changes the video, not this post.
          videoVersion: video.currentVersion,
          platform,
          ...post,
        })),
      );
    }).catch((error) => {
      // Two publishes racing: the unique index lets one through.
      if (isUniqueViolation(error, 'publications_one_per_platform')) {
        throw new Conflict('ALREADY_PUBLISHING', 'This video is being published there already.');
      }
      throw error;
    });
    this.deps.queue.wake('publish-video');
    return rows.map(presentPublication);
  }

  async forVideo(user: UserRow, videoIdText: string): Promise<Publication[]> {
    const video = await this.ownedVideo(user, videoIdText, { completedOnly: false });
    if (!video) return [];
    return (await this.deps.repository.forVideo(user.id, video.id)).map(presentPublication);
  }

  async latest(user: UserRow): Promise<Publication[]> {
    return (await this.deps.repository.latestForMember(user.id)).map(presentPublication);
  }

  /** What TikTok lets the member post (privacy options, longest video), for the Publish dialog. */
  async tiktokCreatorInfo(user: UserRow): Promise<TikTokCreatorInfo> {
    const source = this.deps.tiktok;
    if (!source) throw new PlatformUnavailable('tiktok');
    const account = await this.deps.connections.account(user.id, 'tiktok');
    try {
      return await source.creatorInfo(account.accessToken);
    } catch (error) {
      if (error instanceof PlatformError && error.details.revoked) {
        // A token TikTok refused: refresh once; a refused refresh marks "reconnect needed".
        const fresh = await this.deps.connections.account(user.id, 'tiktok', {
          forceRefresh: true,
        });
        return source.creatorInfo(fresh.accessToken).catch((again) => {
          throw platformAnswer(again);
        });
      }
      throw platformAnswer(error);
    }
  }

  /** Whether a signed link to a publication's video is good: its video's key, or null. */
  async linkedVideoKey(
    publicationId: number,
    expires: string,
    signature: string,
  ): Promise<string | null> {
    if (!this.deps.mediaLinks.verify(publicationId, expires, signature, this.deps.clock.now())) {
      return null;
    }
    const row = await this.deps.repository.find(publicationId);
    if (!row || row.status === 'failed') return null;
    return (await this.deps.repository.findVideo(row.videoId, row.videoVersion))?.videoKey ?? null;
  }

  /**
   * A Creator Engine job's video has just completed (inside that transaction): publish it where
   * the job says. A platform it cannot go to now is recorded as failed on the run, and the
   * member is told.
   */
  async publishCompletedJobVideo(tx: Transaction, video: CompletedJobVideo): Promise<void> {
    const { repository } = this.deps;
    if (video.jobId === null) return;
    const job = await repository.findJob(tx.db, video.jobId);
    const publishTo: PublishTo | null = job?.publishTo ?? null;
    if (!job || !publishTo || publishTo.platforms.length === 0) return;
    const run = await repository.runOf(tx.db, video.requestId);
    const defaults = publishDefaults(video.content);
    const connected = await this.deps.connections.connectedPlatforms(job.userId);
    const rows: NewPublication[] = [];
    const refused: { platform: Platform; message: string }[] = [];
    for (const platform of publishTo.platforms) {
      const reason = this.whyNot(platform, connected);
      rows.push({
        userId: job.userId,
        videoId: video.content.id,
        videoVersion: video.content.currentVersion,
        platform,
        ...defaults,
        privacy: publishTo.privacy,
        tiktokPrivacyLevel: publishTo.tiktokPrivacyLevel,
        jobId: job.id,
        jobRunId: run?.id ?? null,
        ...(reason && { status: 'failed', error: reason }),
      });
      if (reason) refused.push({ platform, message: reason });
    }
    const queued = rows.filter((row) => row.status !== 'failed');
    if (publishTo.holdForReview && queued.length > 0) {
      // Held: nothing goes out until the member approves (or the window ends).
      const hours = publishTo.reviewWindowHours ?? REVIEW_WINDOW_HOURS.default;
      const holdUntil = new Date(this.deps.clock.now().getTime() + hours * 60 * 60 * 1000);
      const held = await repository.insert(
        tx.db,
        queued.map((row) => ({
          ...row,
          status: 'held',
          holdUntil,
          unreviewedAction: publishTo.unreviewedAction ?? 'publish',
        })),
      );
      for (const row of held) {
        await this.deps.bus.publishInTransaction(
          tx,
          row.userId,
          'publicationUpdate',
          presentPublication(row),
        );
      }
      const where = queued.map((row) => PLATFORM_LABELS[row.platform as Platform]).join(' and ');
      await this.deps.notifications.notify(tx, job.userId, {
        kind: 'video_held',
        title: 'A video is waiting for your review',
        message: `"${video.content.title}" from "${job.jobName}" is ready. Review it, remix it or approve it to publish it to ${where}. ${
          (publishTo.unreviewedAction ?? 'publish') === 'publish'
            ? `It will be published in ${hours} hours if you do nothing.`
            : `It will not be published if you do nothing within ${hours} hours.`
        }`,
      });
    } else {
      await this.queue(tx, queued);
    }
    const refusedRows = await repository.insert(
      tx.db,
      rows.filter((row) => row.status === 'failed'),
    );
    for (const row of refusedRows) {
      await this.deps.webhookEvents?.emit(tx.db, row.userId, 'publication.failed', () =>
        presentPublication(row),
      );
    }
    if (run) await this.recordRun(tx, run.id, job.id);
    for (const { platform, message } of refused) {
      await this.deps.notifications.notify(tx, job.userId, {
        kind: 'publish_failed',
        title: `Not Published to ${PLATFORM_LABELS[platform]}`,
        message: `"${video.content.title}" from "${job.jobName}" was not published to ${PLATFORM_LABELS[platform]}: ${message}`,
      });
    }
  }

  /**
   * The member approves their job's held video: each held publication is queued with the video's
   * current version (a remix made while it waited included). Approving twice publishes once.
   */
  async approve(user: UserRow, videoIdText: string): Promise<Publication[]> {
    const video = await this.ownedVideo(user, videoIdText);
    await inTransaction(this.deps.pool, (tx) => this.release(tx, video.id, { userId: user.id }));
    return this.forVideo(user, videoIdText);
  }

  /**
   * Held videos whose review window has ended: published or skipped as their job said. Run by the
   * `release-held-publications` job; at most `batch` videos a run.
   */
  async releaseExpiredHolds(batch = 100): Promise<number> {
    const due = await this.deps.repository.expiredHolds(this.deps.clock.now(), batch);
    for (const videoId of due) {
      await inTransaction(this.deps.pool, (tx) => this.release(tx, videoId, { expired: true }));
    }
    return due.length;
  }

  /** Queues (or, for an expired hold that says skip, fails) a video's held publications. */
  private async release(
    tx: Transaction,
    videoId: number,
    by: { userId?: string; expired?: boolean },
  ): Promise<void> {
    const { repository } = this.deps;
    const held = await repository.takeHeld(tx.db, videoId, by);
    if (held.length === 0) return;
    const version = (await repository.findVideo(videoId))?.currentVersion ?? 1;
    const now = this.deps.clock.now();
    for (const row of held) {
      const skip = by.expired && row.unreviewedAction === 'skip';
      const [moved] = await repository.releaseHeld(
        tx.db,
        row.id,
        skip
          ? {
              status: 'failed',
              error: 'Not published: nobody approved it before its review window ended.',
            }
          : { status: 'queued', nextStepAt: now, videoVersion: version },
      );
      if (!moved) continue;
      if (!skip)
        await this.deps.queue.sendInTransaction(tx, 'publish-video', { publicationId: moved.id });
      await this.deps.bus.publishInTransaction(
        tx,
        moved.userId,
        'publicationUpdate',
        presentPublication(moved),
      );
      if (moved.jobRunId && moved.jobId) await this.recordRun(tx, moved.jobRunId, moved.jobId);
      if (skip) {
        await this.deps.webhookEvents?.publicationSettled(tx.db, moved, 'publication.failed', () =>
          presentPublication(moved),
        );
      }
    }
  }

  /** Writes a run's publishing result from its publications (after one of them changed). */
  async recordRun(tx: Transaction, runId: number, jobId: number): Promise<void> {
    const rows = await this.deps.repository.forRun(tx.db, runId);
    if (rows.length === 0) return;
    await this.deps.repository.recordRunResult(tx.db, runId, jobId, runPublishResult(rows));
  }

  /** Why the member cannot publish to `platform` now, or null when they can. */
  async assertCanPublish(userId: string, platform: Platform): Promise<void> {
    if (!this.deps.offered.includes(platform)) throw new PlatformUnavailable(platform);
    // Reads the connection (and refreshes nothing): NotConnected or ReconnectNeeded say why not.
    const connected = await this.deps.connections.connectedPlatforms(userId);
    if (connected.includes(platform)) return;
    const listed = await this.deps.connections.statusOf(userId, platform);
    throw listed === 'reconnect_needed'
      ? new ReconnectNeeded(platform)
      : new NotConnected(platform);
  }

  private whyNot(platform: Platform, connected: readonly Platform[]): string | null {
    if (!this.deps.offered.includes(platform)) return new PlatformUnavailable(platform).message;
    if (!connected.includes(platform)) return new NotConnected(platform).message;
    return null;
  }

  /** Inserts queued publications and their jobs, and tells the member's tabs, on commit. */
  private async queue(tx: Transaction, rows: NewPublication[]): Promise<PublicationRow[]> {
    const inserted = await this.deps.repository.insert(
      tx.db,
      rows.map((row) => ({ ...row, status: 'queued', nextStepAt: this.deps.clock.now() })),
    );
    for (const row of inserted) {
      await this.deps.queue.sendInTransaction(tx, 'publish-video', { publicationId: row.id });
      await this.deps.bus.publishInTransaction(
        tx,
        row.userId,
        'publicationUpdate',
        presentPublication(row),
      );
    }
    return inserted;
  }

  /** The member's finished video behind a library id; 404 for anyone else's or none. */
  private async ownedVideo(user: UserRow, videoIdText: string): Promise<PublishedVideoRow>;
  private async ownedVideo(
    user: UserRow,
    videoIdText: string,
    options: { completedOnly: false },
  ): Promise<PublishedVideoRow | null>;
  private async ownedVideo(
    user: UserRow,
    videoIdText: string,
    options: { completedOnly: boolean } = { completedOnly: true },
  ): Promise<PublishedVideoRow | null> {
    const id = parseVideoId(videoIdText);
    if (!id) throw new NotFound(VIDEO_NOT_FOUND);
    if (id.kind === 'request') {
      const owned = await this.deps.repository.findOwnedRequest(user.id, id.id);
      if (!owned) throw new NotFound(VIDEO_NOT_FOUND);
      const content = owned.generatedContentId
        ? await this.deps.repository.findVideo(owned.generatedContentId)
        : undefined;
      if (content) return content;
      if (!options.completedOnly) return null;
      throw new Conflict('NOT_COMPLETED', PUBLISH_MESSAGES.notCompleted);
    }
    const content = await this.deps.repository.findVideo(id.id);
    if (!content || content.userId !== user.id) throw new NotFound(VIDEO_NOT_FOUND);
    return content;
  }
}

/** What a run's publishing came to, in a line: where it went, where it is going, what failed. */
export function runPublishResult(rows: PublicationRow[]): string {
  const named = (list: PublicationRow[]) =>
    list.map((row) => PLATFORM_LABELS[row.platform as Platform]).join(' and ');
  const published = rows.filter((row) => row.status === 'published');
  const failed = rows.filter((row) => row.status === 'failed');
  const held = rows.filter((row) => row.status === 'held');
  const underWay = rows.filter(
    (row) => row.status !== 'published' && row.status !== 'failed' && row.status !== 'held',
  );
  const parts: string[] = [];
  if (held.length > 0) parts.push(`Waiting for your review before ${named(held)}`);
  if (published.length > 0) parts.push(`Published to ${named(published)}`);
  if (underWay.length > 0) parts.push(`Publishing to ${named(underWay)}`);
  for (const row of failed) {
    parts.push(`Not published to ${PLATFORM_LABELS[row.platform as Platform]}: ${row.error ?? ''}`);
  }
  return parts.join('. ').replace(/\.\.$/u, '.');
}

function alreadyThere(row: PublicationRow): Conflict {
  const label = PLATFORM_LABELS[row.platform as Platform];
  return row.status === 'published'
    ? new Conflict('ALREADY_PUBLISHED', `This video is already on ${label}.`)
    : new Conflict('ALREADY_PUBLISHING', `This video is being published to ${label} already.`);
}

/** A platform's failure as the member's answer: busy (503) or refused (502), in its words. */
function platformAnswer(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  return new Unavailable(
    error.details.transient ? 'PLATFORM_BUSY' : 'PLATFORM_REFUSED',
    error.message,
    error.details.transient ? 503 : 502,
  );
}
