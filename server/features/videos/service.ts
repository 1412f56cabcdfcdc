// Video creation rules: plan limits, the member's own source image, and paying, recording and
// enqueueing a render in one transaction; retries; the member's library list.

import type pg from 'pg';
import type { z } from 'zod';
import { SCENE_SOURCES, type SceneSource } from '../../../shared/catalogue';
import type { VideoStatusUpdate } from '../../../shared/realtime';
import { parseDbId, parseVideoId } from '../../../shared/schemas/ids';
import { COMBINE_TOO_FEW, type combineVideosSchema } from '../../../shared/schemas/library';
import {
  type CreatedVideoRequest,
  type CreateVideoRequest,
  requestVideoId,
  type Storyboard,
  sceneLimitMessage,
  type Video,
  type VideoPage,
  type VideoStatus,
  type VideoSummary,
} from '../../../shared/schemas/videos';
import {
  defaultInProgressLimits,
  normalizeTier,
  TIER_RULES,
  type Tier,
} from '../../../shared/tiers';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { inTransaction, type Transaction } from '../../db/transaction';
import { Forbidden, InProgressLimit, NotFound, PlanLimit, ValidationFailed } from '../../errors';
import type { ProviderRenders } from '../../generation/provider-renders';
import { type SceneSources, sceneSourceOf } from '../../generation/scene-sources';
import type { JobQueue } from '../../queue/queue';
import type { RealtimeBus } from '../../realtime/bus';
import { isOwnUpload, type Storage } from '../../storage/storage';
import type { CreditsService } from '../credits';
import { chooseNarration, type VoiceCatalog } from '../voice-settings';
import { presentGeneratedVideo, presentRequest } from './presenter';
import type {
  GeneratedVideoRow,
  LibraryEntry,
  LibraryFolder,
  LibraryKey,
  NewVideoRequest,
  VideoRequestRow,
  VideosRepository,
} from './repository';

/** When a member at their cap may try again: about one short render. */
const IN_PROGRESS_RETRY_SECONDS = 10;

export function combineTooLongMessage(level: Tier): string {
  const max = TIER_RULES[level].maxCombinedScenes;
  return `A combined video can have at most ${max} scenes on the ${level} plan. Please choose fewer scenes.`;
}

export function inProgressLimitMessage(level: Tier, max: number): string {
  return `You have ${max} videos in progress, the most the ${level} plan allows at once. Please wait for one to finish.`;
}

/**
 * The render queue's order (pg-boss takes the highest priority first, then the oldest): every
 * Elite video before any Pro one, Pro before Free; within a plan, a member's n-th waiting video
 * ranks with everyone else's n-th, so members take turns instead of one member's twenty videos
 * all going first. Background work runs at BACKGROUND_PRIORITY, below every member.
 */
export function renderPriority(level: Tier, alreadyQueued: number): number {
  return TIER_RULES[level].queuePriority * 1000 - Math.min(alreadyQueued, 999);
}

/** The plain GET /api/videos answers everything (spec); members page beyond this. */
const WHOLE_LIBRARY = 100_000;

type CombineVideosRequest = z.output<typeof combineVideosSchema>;

/** A video request's fields as checkedRequest answers them, ready to be queued. */
export type CheckedRequest = Required<
  Pick<
    NewVideoRequest,
    | 'title'
    | 'description'
    | 'sourceImageUrl'
    | 'sceneImageUrls'
    | 'sceneSource'
    | 'aspectRatio'
    | 'scenes'
    | 'watermark'
    | 'voiceId'
    | 'voiceSpeed'
    | 'captionStyle'
  >
>;

export const REMIX_LOCKED_MESSAGE = 'Upgrade to Pro or Elite to remix scenes';
export const REMIX_COMBINED_MESSAGE =
  'Combined videos cannot be remixed. Remix the videos it was made from instead.';
export const REMIX_UNFINISHED_MESSAGE =
  'Only finished videos can be remixed. Retry this video first, or wait for it to finish.';
/** A video's remixes that cost nothing (when no paid model makes new footage). */
export const FREE_REMIXES = 3;
export const MAX_VERSIONS = 10;
export const TOO_MANY_VERSIONS_MESSAGE = `This video has ${MAX_VERSIONS} versions, the most a video keeps. Make a new video from it instead.`;

export const WATERMARK_LOCKED_MESSAGE = 'Upgrade to Pro or Elite to remove watermarks';
export const SOURCE_IMAGE_MESSAGE = 'Please upload the source image again.';

export class VideosService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly repository: VideosRepository,
    private readonly credits: CreditsService,
    private readonly queue: JobQueue,
    private readonly bus: RealtimeBus,
    private readonly storage: Storage,
    private readonly voices: VoiceCatalog,
    /** The scene sources this server offers and what they cost. */
    private readonly sceneSources: SceneSources,
    /** Work each plan may have queued or rendering at once (IN_PROGRESS_LIMITS). */
    private readonly inProgressLimits: Record<Tier, number> = defaultInProgressLimits(),
    /** The paid models, to tell a remix asking them for new footage (null: none configured). */
    private readonly footage: Pick<ProviderRenders, 'asksForNewFootage'> | null = null,
  ) {}

  /** Who may see a stored object: its video's owner, or anyone when the video is public. */
  findContentByMediaKey(key: string): Promise<{ userId: string; isPublic: boolean } | undefined> {
    return this.repository.findContentByMediaKey(key);
  }

  async create(
    user: UserRow,
    input: CreateVideoRequest,
    idempotencyKey: string | null = null,
  ): Promise<CreatedVideoRequest> {
    if (idempotencyKey) {
      const earlier = await this.repository.findByIdempotencyKey(user.id, idempotencyKey);
      if (earlier) return this.created(user, earlier);
    }
    const { request: fields, notice } = await this.checkedRequest(user, input);

    const request = await inTransaction(this.pool, (tx) =>
      this.queueInTransaction(tx, user, { idempotencyKey, ...fields }, { capped: true }),
    ).catch(async (error) => {
      // The same submission racing itself: the other copy won (and may have filled the member's
      // last seat); answer with its request.
      const earlier =
        idempotencyKey && (isUniqueViolation(error) || error instanceof InProgressLimit)
          ? await this.repository.findByIdempotencyKey(user.id, idempotencyKey)
          : undefined;
      if (earlier) return { ...earlier, duplicate: true as const };
      throw error;
    });
    if ('duplicate' in request) return this.created(user, request);
    await this.announceQueued(request);
    return this.created(user, request, notice);
  }

  /**
   * The request a creation would record, checked before anything is paid: the plan's scene
   * maximum and watermark, the voice, the member's own images, and the scene source the server
   * chooses (with a notice when it is not the one asked for). A storyboard checks its settings
   * with it when it is made and again when it renders.
   */
  async checkedRequest(
    user: UserRow,
    input: Omit<CreateVideoRequest, 'jobId' | 'videoPrompt'>,
  ): Promise<{ request: CheckedRequest; notice: string | null }> {
    const level: Tier = normalizeTier(user.memberLevel);
    const rules = TIER_RULES[level];
    const scenes = input.scenes ?? 1;
    if (scenes > rules.maxScenes) throw new PlanLimit(sceneLimitMessage(level));
    if (!input.watermark && !rules.watermarkRemovable)
      throw new PlanLimit(WATERMARK_LOCKED_MESSAGE);
    // An unknown voice is the member's to fix.
    const narration = chooseNarration(this.voices, user, input);
    const sourceImageUrl = input.sourceImageUrl
      ? await this.ownUpload(user.id, input.sourceImageUrl)
      : null;
    const sceneImageUrls = await this.sceneImages(user.id, input.sceneImageUrls, scenes);
    const choice = this.sceneSources.choose({
      level,
      scenes,
      requested: input.sceneSource ?? null,
      hasImages: sourceImageUrl !== null || sceneImageUrls !== null,
    });
    return {
      request: {
        title: input.title,
        description: input.description,
        sourceImageUrl,
        sceneImageUrls,
        sceneSource: choice.source,
        aspectRatio: input.aspectRatio,
        scenes,
        watermark: input.watermark,
        ...narration,
      },
      notice: choice.notice,
    };
  }

  /**
   * Records, pays for and enqueues a video inside the caller's transaction (a Creator Engine run
   * records its run in the same one). Throws InsufficientCredits when the balance is short. A
   * combination is `free`: it reuses scenes already paid for. Work a member asks for is `capped`:
   * refused with InProgressLimit when they already have their plan's most in progress (scheduled
   * runs are not: their number is bounded by the member's jobs and schedules).
   */
  async queueInTransaction(
    tx: Transaction,
    user: UserRow,
    request: Omit<NewVideoRequest, 'userId'>,
    { free = false, capped = false }: { free?: boolean; capped?: boolean } = {},
  ): Promise<VideoRequestRow> {
    const priority = await this.checkSeat(tx, user, capped);
    const row = await this.repository.insertRequest(tx.db, { ...request, userId: user.id });
    if (!free) {
      await this.credits.spendForVideo(tx.db, user, {
        requestId: row.id,
        attempt: 1,
        title: row.title,
      });
    }
    await this.queue.sendInTransaction(
      tx,
      'render-video',
      { requestId: row.id, attempt: 1, priority },
      { priority },
    );
    return row;
  }

  /** Refuses capped work beyond the member's plan; returns the queue priority for the new work. */
  private async checkSeat(tx: Transaction, user: UserRow, capped: boolean): Promise<number> {
    const level = normalizeTier(user.memberLevel);
    const work = await this.repository.countInProgress(tx.db as Database, user.id, {
      lock: capped,
    });
    const max = this.inProgressLimits[level];
    if (capped && work.total >= max) {
      throw new InProgressLimit(inProgressLimitMessage(level, max), IN_PROGRESS_RETRY_SECONDS);
    }
    return renderPriority(level, work.queued);
  }

  /** Once the transaction has committed: wake an idle worker, and tell the member's tabs. */
  async announceQueued(request: VideoRequestRow): Promise<void> {
    this.queue.wake('render-video');
    await this.bus.publish(request.userId, 'videoStatusUpdate', queuedUpdate(request));
  }

  /**
   * For work that queues many videos (a Creator Engine tick): the member's tabs hear of the video
   * when the transaction that queued it commits, with no round trip after it. Wake the renderer
   * with `wakeRenderer` once committed.
   */
  async announceQueuedInTransaction(tx: Transaction, request: VideoRequestRow): Promise<void> {
    await this.bus.publishInTransaction(
      tx,
      request.userId,
      'videoStatusUpdate',
      queuedUpdate(request),
    );
  }

  /**
   * A Creator Engine run's scene source: the job's choice, stepped down to what the server
   * offers and the member's plan allows (a scheduled run has nobody to refuse).
   */
  sceneSourceForRun(user: UserRow, scenes: number, requested: string | null): SceneSource {
    const known = SCENE_SOURCES.find((source) => source === requested) ?? null;
    return this.sceneSources.choose({
      level: normalizeTier(user.memberLevel),
      scenes,
      requested: known,
      hasImages: false,
      stepDown: true,
    }).source;
  }

  wakeRenderer(): void {
    this.queue.wake('render-video');
  }

  /**
   * A finished video the member may remix, with the request it was made from: Pro and Elite only
   * (403 for Free, whatever the client shows); never a combination or a video still on its way.
   */
  async remixable(
    user: UserRow,
    videoId: string,
  ): Promise<{ video: GeneratedVideoRow; request: VideoRequestRow }> {
    const parsed = parseVideoId(videoId);
    if (parsed?.kind === 'request') {
      const request = await this.repository.findOwnedRequest(user.id, parsed.id);
      if (!request) throw new NotFound('Video not found');
      if (!TIER_RULES[normalizeTier(user.memberLevel)].sceneRemixing) {
        throw new Forbidden(REMIX_LOCKED_MESSAGE);
      }
      throw new ValidationFailed(REMIX_UNFINISHED_MESSAGE);
    }
    const video = parsed ? await this.repository.findOwnedContent(user.id, parsed.id) : undefined;
    const request = video?.requestId
      ? await this.repository.findOwnedRequest(user.id, video.requestId)
      : undefined;
    if (!video || !request) throw new NotFound('Video not found');
    if (!TIER_RULES[normalizeTier(user.memberLevel)].sceneRemixing) {
      throw new Forbidden(REMIX_LOCKED_MESSAGE);
    }
    if (request.kind === 'combine') throw new ValidationFailed(REMIX_COMBINED_MESSAGE);
    return { video, request };
  }

  /**
   * Queues the next version of a video (a remix's render) inside the caller's transaction: refused
   * past MAX_VERSIONS; free for its first FREE_REMIXES unless a paid model makes new footage, then
   * paid as a video is (refunded if it fails).
   */
  async queueRemixInTransaction(
    tx: Transaction,
    user: UserRow,
    contentId: number,
    request: Omit<NewVideoRequest, 'userId' | 'remixOf' | 'segmentRoot'>,
    { paidFootage, segmentRoot }: { paidFootage: boolean; segmentRoot: number },
  ): Promise<VideoRequestRow> {
    const { remixes, versions } = await this.repository.remixCounts(tx.db as Database, contentId);
    if (versions + Math.max(0, remixes - (versions - 1)) >= MAX_VERSIONS) {
      throw new ValidationFailed(TOO_MANY_VERSIONS_MESSAGE);
    }
    return this.queueInTransaction(
      tx,
      user,
      { ...request, remixOf: contentId, segmentRoot },
      { free: !paidFootage && remixes < FREE_REMIXES, capped: true },
    );
  }

  /**
   * Whether rendering `fields` (a member's storyboard) as the next version of the video made by
   * `from` asks a paid model for footage the video does not have yet: such a remix is paid. One
   * that only re-says, re-times or reorders scenes the model made asks nothing new.
   */
  async remixAsksForFootage(
    user: UserRow,
    from: Pick<VideoRequestRow, 'id' | 'segmentRoot'>,
    fields: Pick<CheckedRequest, 'sceneSource' | 'aspectRatio' | 'sourceImageUrl'> & {
      generatedPrompt: string;
    },
  ): Promise<boolean> {
    const kind =
      fields.sceneSource === 'ai-video'
        ? 'video'
        : fields.sceneSource === 'ai-image'
          ? 'image'
          : null;
    if (kind === null || this.footage === null) return false;
    return this.footage.asksForNewFootage({
      userId: user.id,
      root: from.segmentRoot ?? from.id,
      kind,
      aspectRatio: fields.aspectRatio,
      sourceImageUrl: fields.sourceImageUrl,
      plan: JSON.parse(fields.generatedPrompt) as Storyboard,
    });
  }

  /** The answer to a creation, given again for a request the member already made. */
  async createdAgain(user: UserRow, requestId: number): Promise<CreatedVideoRequest> {
    const request = await this.repository.findOwnedRequest(user.id, requestId);
    if (!request) throw new NotFound('Video not found');
    return this.created(user, request);
  }

  /** The answer to a creation: the new video's ids and status, and the balance left. */
  async created(
    user: UserRow,
    request: VideoRequestRow,
    notice: string | null = null,
  ): Promise<CreatedVideoRequest> {
    const { remainingCredits } = await this.credits.balance(user);
    return {
      id: requestVideoId(request.id),
      requestId: request.id,
      status: request.status as VideoStatus,
      title: request.title,
      remainingCredits,
      sceneSource: sceneSourceOf(request, this.sceneSources),
      notice,
    };
  }

  /**
   * Queues a combination of the member's finished videos: whole videos, or chosen scenes of them,
   * in the order given. Free: combining reuses scenes already paid for, so no credit is charged.
   */
  async combine(user: UserRow, input: CombineVideosRequest): Promise<CreatedVideoRequest> {
    const found = await this.repository.findOwnedVideosWithClips(user.id, [
      ...new Set(input.videoIds),
    ]);
    const byId = new Map(found.map((entry) => [entry.video.id, entry]));
    const chosen = new Map(input.selectedScenes?.map((entry) => [entry.videoId, entry.scenes]));
    const selection = input.videoIds.map((videoId) => {
      const entry = byId.get(videoId);
      if (!entry) throw new NotFound('Video not found');
      const available = entry.clips.map((clip) => clip.sceneNumber);
      const scenes = chosen.get(videoId) ?? available;
      if (scenes.some((scene) => !available.includes(scene))) {
        throw new ValidationFailed(
          `"${entry.video.title}" has no scene ${scenes.find((scene) => !available.includes(scene))}.`,
          'selectedScenes',
        );
      }
      return { videoId, scenes };
    });
    const sceneCount = selection.reduce((sum, entry) => sum + entry.scenes.length, 0);
    if (sceneCount < 2) throw new ValidationFailed(COMBINE_TOO_FEW, 'videoIds');
    const level = normalizeTier(user.memberLevel);
    if (sceneCount > TIER_RULES[level].maxCombinedScenes) {
      throw new PlanLimit(combineTooLongMessage(level));
    }
    const firstVideo = byId.get(input.videoIds[0] as number)?.video;

    const request = await inTransaction(this.pool, (tx) =>
      this.queueInTransaction(
        tx,
        user,
        {
          kind: 'combine',
          title: input.title,
          description: input.description,
          sourceImageUrl: null,
          aspectRatio: firstVideo?.aspectRatio ?? 'landscape',
          scenes: sceneCount,
          watermark: false,
          // The scenes keep the voices and captions they were made with.
          voiceId: firstVideo?.voiceId ?? null,
          voiceSpeed: 1,
          captionStyle: 'karaoke',
          combineSelection: selection,
        },
        { free: true, capped: true },
      ),
    );
    await this.announceQueued(request);
    return this.created(user, request);
  }

  /** Failed → queued again, paying for the new attempt (refused when the balance is short). */
  async retry(user: UserRow, videoId: string): Promise<Video> {
    const requestId = await this.requestIdOf(user.id, videoId);
    const request = await inTransaction(this.pool, async (tx) => {
      const existing = await this.repository.findOwnedRequest(user.id, requestId);
      if (!existing) throw new NotFound('Video not found');
      const priority = await this.checkSeat(tx, user, true);
      const row = await this.repository.requeueFailed(tx.db, user.id, requestId);
      if (!row) throw new ValidationFailed('Only failed videos can be retried.');
      // A remix that was free stays free when it is tried again.
      const free =
        row.remixOf !== null &&
        !(await this.credits.paidFor(tx.db as Database, {
          requestId: row.id,
          attempt: row.attempts - 1,
        }));
      if (!free) {
        await this.credits.spendForVideo(tx.db as Database, user, {
          requestId: row.id,
          attempt: row.attempts,
          title: row.title,
        });
      }
      await this.queue.sendInTransaction(
        tx,
        'render-video',
        { requestId: row.id, attempt: row.attempts, priority },
        { priority },
      );
      return row;
    });
    await this.announceQueued(request);
    return presentRequest(request);
  }

  /** Requests that have not become a video yet (queued, processing, failed), newest first. */
  async openRequests(userId: string): Promise<Video[]> {
    return (await this.repository.listOpenRequests(userId)).map(presentRequest);
  }

  /**
   * One page of the library: `limit` entries after `cursor`, optionally only those matching `q`
   * (title or description, any case) or in any of `folder`'s comma-separated folders
   * (`favorites`, `manual:{id}`, `job:{id}`; folders hold finished videos only). The first page
   * (no cursor) also says how many entries match in all.
   */
  async page(
    userId: string,
    query: { limit: number; cursor?: string; q?: string; folder?: string },
  ): Promise<VideoPage> {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const folders = query.folder ? parseFolders(query.folder) : [];
    const search = query.q?.trim() || null;
    const [entries, total] = await Promise.all([
      this.repository.pageLibrary(userId, { limit: query.limit + 1, after, search, folders }),
      after ? null : this.repository.countLibrary(userId, { search, folders }),
    ]);
    const page = entries.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: await this.present(page),
      nextCursor: entries.length > query.limit && last ? encodeCursor(last.key) : null,
      total,
    };
  }

  /** Requests still on their way (or failed) and finished videos, newest first (one order for all). */
  async list(userId: string): Promise<Video[]> {
    const after = null;
    const entries = await this.repository.pageLibrary(userId, {
      limit: WHOLE_LIBRARY,
      after,
      search: null,
      folders: [],
    });
    return this.present(entries);
  }

  /**
   * One entry of the member's library, as GET /api/videos lists it, by the id it is listed under.
   * `req-{n}` follows its request to the video it became (a remix's request to the video's new
   * version), so the id a creation answers can be read until the video is done.
   */
  async find(userId: string, videoId: string): Promise<Video> {
    const parsed = parseVideoId(videoId);
    const request =
      parsed?.kind === 'request'
        ? await this.repository.findOwnedRequest(userId, parsed.id)
        : undefined;
    const contentId = parsed?.kind === 'content' ? parsed.id : request?.generatedContentId;
    const video = contentId ? await this.repository.findOwnedContent(userId, contentId) : undefined;
    if (video) {
      const assets = await this.repository.stockAssets([video.id]);
      return presentGeneratedVideo(video, assets.get(video.id));
    }
    if (request) return presentRequest(request);
    throw new NotFound('Video not found');
  }

  /** Library entries as the API shows them, each finished video with its footage's licences. */
  private async present(entries: readonly LibraryEntry[]): Promise<Video[]> {
    const assets = await this.repository.stockAssets(
      entries.flatMap((entry) => (entry.video ? [entry.video.id] : [])),
    );
    return entries.map((entry) =>
      entry.request
        ? presentRequest(entry.request)
        : presentGeneratedVideo(entry.video, assets.get(entry.video.id)),
    );
  }

  /** The member's library in numbers, for headings, folder counts and the dashboard. */
  async summary(userId: string): Promise<VideoSummary> {
    const counts = await this.repository.librarySummary(userId);
    return {
      ...counts,
      total: counts.completed + counts.processing + counts.queued + counts.failed,
    };
  }

  /** `req-{n}` or a generated video's id → the request behind it, if the member owns it. */
  private async requestIdOf(userId: string, videoId: string): Promise<number> {
    const parsed = parseVideoId(videoId);
    if (parsed?.kind === 'request') return parsed.id;
    if (parsed?.kind === 'content') {
      const content = await this.repository.findOwnedContent(userId, parsed.id);
      if (content?.requestId) return content.requestId;
    }
    throw new NotFound('Video not found');
  }

  /**
   * The member's image per scene, each checked to be their own upload; more images than scenes
   * are refused, since the extra ones would be dropped unseen.
   */
  private async sceneImages(
    userId: string,
    urls: string[] | undefined,
    scenes: number,
  ): Promise<string[] | null> {
    if (!urls || urls.length === 0) return null;
    if (urls.length > scenes) {
      throw new ValidationFailed(
        `Choose at most one image per scene (${scenes} for this video).`,
        'sceneImageUrls',
      );
    }
    for (const url of urls) {
      if (!(await isOwnUpload(this.storage, userId, url))) {
        throw new ValidationFailed(SOURCE_IMAGE_MESSAGE, 'sceneImageUrls');
      }
    }
    return urls;
  }

  private async ownUpload(userId: string, url: string): Promise<string> {
    if (!(await isOwnUpload(this.storage, userId, url))) {
      throw new ValidationFailed(SOURCE_IMAGE_MESSAGE, 'sourceImageUrl');
    }
    return url;
  }
}

function encodeCursor(key: LibraryKey): string {
  return Buffer.from(`${key.atMicros}.${key.source}.${key.id}`).toString('base64url');
}

function decodeCursor(cursor: string): LibraryKey {
  const match = /^(\d{1,20})\.([cr])\.(\d{1,10})$/.exec(
    Buffer.from(cursor, 'base64url').toString(),
  );
  const id = match ? parseDbId(match[3] as string) : null;
  // Microseconds since 1970 fit in a bigint for another 290,000 years; more is not a cursor of ours.
  if (!match || id === null || (match[1] as string).length > 17) {
    throw new ValidationFailed('The page cursor is not valid.', 'cursor');
  }
  return { atMicros: match[1] as string, source: match[2] as 'c' | 'r', id };
}

const FOLDER_MESSAGE =
  'folder must be favorites, manual:{id} or job:{id}, or several of them separated by commas.';

function parseFolders(folders: string): LibraryFolder[] {
  return folders.split(',').map((folder) => {
    if (folder === 'favorites') return { kind: 'favorites' };
    const match = /^(manual|job):(\d{1,10})$/.exec(folder);
    const id = match ? parseDbId(match[2] as string) : null;
    if (!match || id === null) throw new ValidationFailed(FOLDER_MESSAGE, 'folder');
    return { kind: match[1] as 'manual' | 'job', id };
  });
}

/** What the member's tabs hear when a video joins the queue. */
function queuedUpdate(request: VideoRequestRow): VideoStatusUpdate {
  return {
    videoId: requestVideoId(request.id),
    requestId: request.id,
    status: 'queued',
    title: request.title,
    progress: 0,
    errorMessage: null,
  };
}
