// Durable generation with a paid video model. A render job plans the video, writes one row per
// scene, submits each scene once, hands the video back unheld and queues a poll per scene; polls
// are queued jobs with a growing wait, never a worker's sleep. A finished clip is copied into our
// storage at once and checked; when the last scene is stored, a render job finishes the video
// (normalise, watermark, join, thumbnail). A restarted worker resumes the polls: a row written
// before the submission means a scene is never paid for twice.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type pg from 'pg';
import type { AspectRatio, MemberLevel } from '../../shared/plans';
import type { ScenePlan } from '../../shared/schemas/videos';
import type { VideoProviderName } from '../config';
import { inTransaction } from '../db/transaction';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import { probeMedia } from '../media/renderer';
import type { Storage } from '../storage/storage';
import type { ProviderJobRow, ProviderJobsRepository } from './provider-jobs-repository';
import { type PollResult, ProviderError, type VideoProvider } from './providers/provider';
import type { RenderLifecycle } from './render-lifecycle';
import type { RenderRequest } from './render-repository';

const REFUNDED = 'Your credit has been refunded; please try again.';
export const PROVIDER_MESSAGES = {
  timeout: `The video provider took too long to make this video. ${REFUNDED}`,
  notVideo: `The video provider sent back a file that is not a video of the expected length. ${REFUNDED}`,
  lostTrack: `We lost track of this video while handing it to the video provider. ${REFUNDED}`,
  unreachable: `The video provider could not be reached. ${REFUNDED}`,
} as const;

/** A clip may run this much shorter or longer than asked (models round to their frame rate). */
const LENGTH_TOLERANCE_SECONDS = 1;
/** Submissions tried again in place after a 429 or 5xx (the poll chain does its own retries). */
const SUBMIT_RETRIES = 3;
/** The longest wait between polls, in multiples of the first. */
const POLL_BACKOFF_CAP = 5;

/** List prices (USD per generated second) where a provider publishes one; others cost 0 unless set. */
const LIST_PRICES: Record<string, number> = {
  'veo-3.1-generate-preview': 0.4,
  'veo-3.1-fast-generate-preview': 0.15,
  'veo-3.0-generate-001': 0.4,
  'veo-3.0-fast-generate-001': 0.15,
};

export type ProviderRenderSettings = {
  provider: Exclude<VideoProviderName, 'local'>;
  /** The model when the plan has none of its own; null: the provider's default. */
  model: string | null;
  modelByPlan: Partial<Record<MemberLevel, string>>;
  costPerSecond: number | null;
  timeoutSeconds: number;
  pollSeconds: number;
  /**
   * A poll overdue by this long was lost with its job (its worker died mid-poll): the sweep starts
   * the chain again. The render lease, the same notion for renders.
   */
  lostPollSeconds: number;
};

export type ProviderRenderDeps = {
  pool: pg.Pool;
  lifecycle: RenderLifecycle;
  jobs: ProviderJobsRepository;
  storage: Storage;
  queue: JobQueue;
  /** The provider client for a model (null: its default model). */
  providerFor: (model: string | null) => VideoProvider;
  /** The member's plan, for a plan's own model. */
  memberLevel: (userId: string) => Promise<MemberLevel>;
  settings: ProviderRenderSettings;
  log: Logger;
};

/** A render job's answer: the scenes are being generated (the video was handed back), or ready. */
export type Advance =
  | { state: 'waiting' }
  | { state: 'ready'; plan: ScenePlan; scenes: ProviderJobRow[] };

/** The scene a poll job is about, with what the member waits for. */
type PolledScene = { row: ProviderJobRow; request: RenderRequest; provider: VideoProvider };

export class ProviderRenders {
  constructor(private readonly deps: ProviderRenderDeps) {}

  /**
   * A render job's turn at a video the provider makes (the caller holds its claim): the first
   * time, plan and submit every scene, then hand the video back to be polled; when every scene
   * is stored, answer them for finishing; after a worker died midway, start the polls again.
   */
  async advance(
    request: RenderRequest,
    options: { plan: () => Promise<ScenePlan>; sourceImage: () => Promise<SourceImage | null> },
  ): Promise<Advance> {
    const { jobs, lifecycle } = this.deps;
    const existing = await jobs.forAttempt(request.id, request.attempts);
    if (existing.length === 0) {
      const plan = await options.plan();
      const image = await options.sourceImage();
      try {
        await this.submitScenes(request, plan, image);
      } catch (error) {
        // Turned down (a 4xx, a refusal) or unreachable after retries: scenes already handed over
        // are cancelled, and the video fails, refunded.
        this.deps.log.warn({ err: error }, `video ${request.id}: submission failed`);
        await this.failVideo(request, providerMessage(error), lifecycle.workerId);
        return { state: 'waiting' };
      }
      await this.handBack(request);
      return { state: 'waiting' };
    }
    if (existing.every((row) => row.state === 'stored')) {
      return { state: 'ready', plan: parsePlan(request.generatedPrompt), scenes: existing };
    }
    const failed = existing.find((row) => row.state === 'failed' || row.state === 'cancelled');
    if (failed) {
      await this.failVideo(
        request,
        failed.error ?? PROVIDER_MESSAGES.lostTrack,
        lifecycle.workerId,
      );
      return { state: 'waiting' };
    }
    // A scene still `submitting` was being handed over when its worker died: the provider may
    // have it, and asking again could pay twice. The video fails, refunded.
    if (existing.some((row) => row.state === 'submitting')) {
      this.deps.log.warn(`video ${request.id}: a scene's submission was cut off; not resubmitted`);
      await this.failVideo(request, PROVIDER_MESSAGES.lostTrack, lifecycle.workerId);
      return { state: 'waiting' };
    }
    await this.handBack(request);
    return { state: 'waiting' };
  }

  /** One poll of one scene (a `poll-video-scene` job). */
  async poll(job: { jobId: number; turn: number }): Promise<void> {
    const scene = await this.polledScene(job);
    if (!scene) return;
    const { row, request, provider } = scene;
    const handle = row.handle ?? { externalId: row.externalId ?? '' };

    const elapsedSeconds = (Date.now() - (row.submittedAt ?? row.createdAt).getTime()) / 1000;
    if (elapsedSeconds > this.deps.settings.timeoutSeconds) {
      await provider.cancel(handle).catch(() => undefined);
      await this.failScene(scene, PROVIDER_MESSAGES.timeout, job.turn);
      return;
    }

    let result: PollResult;
    try {
      result = await provider.poll(handle);
    } catch (error) {
      if (error instanceof ProviderError && error.transient) {
        const wait = error.details.retryAfterMs;
        await this.nextPoll(row, job.turn, {
          attempts: row.attempts + 1,
          delaySeconds: wait === undefined ? undefined : wait / 1000,
        });
        return;
      }
      await this.failScene(scene, providerMessage(error), job.turn);
      return;
    }

    if (result.state === 'queued' || result.state === 'running') {
      const progress = result.state === 'running' ? result.progress : undefined;
      await this.nextPoll(row, job.turn, { progress });
      await this.reportProgress(request, row, progress);
      return;
    }
    if (result.state === 'failed') {
      // The provider's own words are for us; the member reads our sentence.
      if (result.detail) {
        this.deps.log.warn(`video ${request.id} scene ${row.sceneNumber}: ${result.detail}`);
      }
      const message = `${result.reason.replace(/\s*$/, '')} Your credit has been refunded.`;
      await this.failScene(scene, message, job.turn);
      return;
    }
    await this.storeOutput(scene, result.outputUrl, job.turn);
  }

  /** Starts again the poll chains that went missing (a job lost with its worker). */
  async restartLostPolls(): Promise<number> {
    const overdue = await this.deps.jobs.overdue(this.deps.settings.lostPollSeconds);
    for (const row of overdue) {
      await this.deps.queue.send('poll-video-scene', { jobId: row.id, turn: row.pollTurn });
    }
    if (overdue.length > 0) this.deps.log.warn(`restarted ${overdue.length} lost provider polls`);
    return overdue.length;
  }

  /** The model a member's video is made with: their plan's own, else the configured one. */
  private async modelFor(userId: string): Promise<string | null> {
    const { modelByPlan, model } = this.deps.settings;
    if (Object.keys(modelByPlan).length === 0) return model;
    return modelByPlan[await this.deps.memberLevel(userId)] ?? model;
  }

  private async submitScenes(request: RenderRequest, plan: ScenePlan, image: SourceImage | null) {
    const { jobs, log } = this.deps;
    const provider = this.deps.providerFor(await this.modelFor(request.userId));
    await this.deps.lifecycle.savePlan(request, JSON.stringify(plan));
    const rows = await jobs.insertScenes(
      request.id,
      request.attempts,
      plan.scenes.map((scene) => ({
        sceneNumber: scene.number,
        provider: provider.name,
        model: provider.model,
      })),
    );
    for (const row of rows) {
      const scene = plan.scenes.find((candidate) => candidate.number === row.sceneNumber);
      if (!scene) continue;
      const { handle, attempts } = await submitWithRetries(provider, {
        prompt: scene.prompt,
        image,
        aspectRatio: request.aspectRatio as AspectRatio,
        durationSeconds: scene.durationSeconds,
      });
      await jobs.markSubmitted(row.id, handle, attempts);
      log.info(
        `video ${request.id} scene ${row.sceneNumber}: submitted to ${provider.name} ` +
          `(${provider.model}) as ${handle.externalId}`,
      );
    }
  }

  /**
   * Hands the claimed video back unheld (still processing, so no sweep takes it) and queues a
   * poll per scene in flight, in one transaction: either the polls exist, or the claim stays.
   */
  private async handBack(request: RenderRequest) {
    const { jobs, lifecycle, queue } = this.deps;
    await inTransaction(this.deps.pool, async (tx) => {
      await lifecycle.repository.release(tx.db, request.id, lifecycle.workerId);
      for (const row of await jobs.forAttempt(request.id, request.attempts, tx.db)) {
        if (row.state !== 'running') continue;
        // A new turn: any older chain of this scene stops at its next poll.
        const turn = await jobs.restartChain(tx.db, row.id, this.dueIn(this.firstWait()));
        await queue.sendInTransaction(
          tx,
          'poll-video-scene',
          { jobId: row.id, turn },
          { startAfter: this.firstWait() },
        );
      }
    });
    queue.wake('poll-video-scene');
  }

  /** The scene behind a poll job, if the job still holds the scene's turn and the video waits. */
  private async polledScene(job: { jobId: number; turn: number }): Promise<PolledScene | null> {
    const row = await this.deps.jobs.find(job.jobId);
    if (row?.state !== 'running' || row.pollTurn !== job.turn) return null;
    const request = await this.deps.jobs.findRequest(row.requestId);
    if (
      !request ||
      request.attempts !== row.attempt ||
      request.status !== 'processing' ||
      request.leaseOwner !== null
    ) {
      // The video was deleted, failed or retried meanwhile: the provider's work is not needed.
      // (A video being finished holds a claim, but by then no scene is running.)
      const ended = await this.deps.jobs.endAttempt(row.requestId, row.attempt, null);
      if (ended.length > 0 && row.handle) {
        await this.deps
          .providerFor(row.model)
          .cancel(row.handle)
          .catch(() => undefined);
      }
      return null;
    }
    return { row, request, provider: this.deps.providerFor(row.model) };
  }

  private firstWait(): number {
    return this.deps.settings.pollSeconds;
  }

  /** The wait before poll n+1: growing by half each time, up to five times the first. */
  private waitAfter(polls: number): number {
    const first = this.deps.settings.pollSeconds;
    return Math.min(first * 1.5 ** polls, first * POLL_BACKOFF_CAP);
  }

  private dueIn(seconds: number): Date {
    return new Date(Date.now() + seconds * 1000);
  }

  /** Queues the scene's next poll with the next turn, if this poll still holds the turn. */
  private async nextPoll(
    row: ProviderJobRow,
    turn: number,
    options: { progress?: number; attempts?: number; delaySeconds?: number },
  ) {
    const { jobs, queue } = this.deps;
    const delay = options.delaySeconds ?? this.waitAfter(row.polls);
    await inTransaction(this.deps.pool, async (tx) => {
      const held = await jobs.takeTurn(row.id, turn, tx.db);
      if (!held) return;
      await jobs.savePoll(
        row.id,
        { progress: options.progress, attempts: options.attempts, nextPollAt: this.dueIn(delay) },
        tx.db,
      );
      await queue.sendInTransaction(
        tx,
        'poll-video-scene',
        { jobId: row.id, turn: turn + 1 },
        { startAfter: Math.max(0.05, delay) },
      );
    });
  }

  /**
   * Copies the finished clip into our storage at once (the provider's link expires), checks it is
   * a video of the expected length, and marks the scene stored; the last scene stored queues the
   * render job that finishes the video.
   */
  private async storeOutput(scene: PolledScene, outputUrl: string, turn: number) {
    const { row, request, provider } = scene;
    const { storage, jobs, queue, log } = this.deps;
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-provider-'));
    try {
      const file = path.join(workDir, 'clip.mp4');
      try {
        const response = await provider.fetchOutput(outputUrl);
        if (!response.ok || !response.body) {
          throw new ProviderError(`HTTP ${response.status}`, {
            status: response.status,
            transient: response.status === 429 || response.status >= 500,
          });
        }
        await pipeline(
          Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
          createWriteStream(file),
        );
      } catch (error) {
        if (error instanceof ProviderError && !error.transient) throw error;
        // A download cut off or refused for a moment: the next poll fetches it again.
        log.warn({ err: error }, `video ${request.id} scene ${row.sceneNumber}: download failed`);
        await this.nextPoll(row, turn, { attempts: row.attempts + 1 });
        return;
      }
      const asked = parsePlan(request.generatedPrompt).scenes.find(
        (candidate) => candidate.number === row.sceneNumber,
      )?.durationSeconds;
      const expected = asked === undefined ? undefined : provider.clipSeconds(asked);
      const info = await probeMedia(file).catch(() => null);
      if (
        !info ||
        info.durationSeconds <= 0 ||
        (expected !== undefined &&
          Math.abs(info.durationSeconds - expected) > LENGTH_TOLERANCE_SECONDS)
      ) {
        log.warn(
          `video ${request.id} scene ${row.sceneNumber}: ${provider.name} sent a file that is not ` +
            `a ${expected ?? '?'} s video (${info ? `${info.durationSeconds} s` : 'unreadable'})`,
        );
        await this.failScene(scene, PROVIDER_MESSAGES.notVideo, turn);
        return;
      }
      const key = sourceClipKey(request, row.sceneNumber);
      await storage.putFile(key, file);
      const seconds = info.durationSeconds;
      const costUsd = seconds * this.pricePerSecond(row.model);
      const allStored = await inTransaction(this.deps.pool, async (tx) => {
        if (!(await jobs.takeTurn(row.id, turn, tx.db))) return false;
        await jobs.lockRequest(tx.db, request.id);
        await jobs.markStored(tx.db, row.id, {
          outputKey: key,
          durationSeconds: seconds,
          secondsGenerated: seconds,
          costUsd,
        });
        const scenes = await jobs.forAttempt(request.id, request.attempts, tx.db);
        const done = scenes.every((candidate) => candidate.state === 'stored');
        if (done) await this.deps.lifecycle.queueFirstInLine(tx, request);
        return done;
      });
      if (allStored) queue.wake('render-video');
      else await this.reportProgress(request, row, 1);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private pricePerSecond(model: string): number {
    return this.deps.settings.costPerSecond ?? LIST_PRICES[model] ?? 0;
  }

  /** Saves and publishes the video's progress: planning 5 %, generation up to 90 %. */
  private async reportProgress(request: RenderRequest, row: ProviderJobRow, progress?: number) {
    const scenes = await this.deps.jobs.forAttempt(request.id, request.attempts);
    const fractions = scenes.map((scene) =>
      scene.state === 'stored'
        ? 1
        : scene.id === row.id
          ? (progress ?? scene.progress)
          : scene.progress,
    );
    const done = fractions.reduce((sum, value) => sum + value, 0) / Math.max(1, fractions.length);
    await this.deps.lifecycle.progressReporter(request, { heldBy: null, from: request.progress })(
      5 + done * 85,
    );
  }

  /** Fails the scene's video (held by nobody while it is polled), refunded, and stops the rest. */
  private async failScene(scene: PolledScene, message: string, turn: number) {
    const { row, request } = scene;
    const held = await inTransaction(this.deps.pool, (tx) =>
      this.deps.jobs.takeTurn(row.id, turn, tx.db),
    );
    if (!held) return;
    this.deps.log.warn(`video ${request.id} scene ${row.sceneNumber} failed: ${message}`);
    await this.failVideo(request, message, null, { id: row.id, error: message });
  }

  private async failVideo(
    request: RenderRequest,
    message: string,
    heldBy: string | null,
    failed: { id: number; error: string } | null = null,
  ) {
    const ended = await this.deps.jobs.endAttempt(request.id, request.attempts, failed);
    for (const row of ended) {
      if (row.id === failed?.id || !row.handle) continue;
      await this.deps
        .providerFor(row.model)
        .cancel(row.handle)
        .catch(() => undefined);
    }
    await this.deps.lifecycle.fail(request, message, { heldBy });
    await this.deps.storage.deletePrefix(sourceClipPrefix(request)).catch(() => undefined);
  }
}

export type SourceImage = { data: Buffer; mimeType: string };

/** Where a scene's clip, as the provider made it, is kept until the video is finished. */
export function sourceClipPrefix(request: RenderRequest): string {
  return `users/${request.userId}/videos/${request.id}-${request.attempts}-generated/`;
}

function sourceClipKey(request: RenderRequest, sceneNumber: number): string {
  return `${sourceClipPrefix(request)}scene-${sceneNumber}.mp4`;
}

function parsePlan(generatedPrompt: string | null): ScenePlan {
  return JSON.parse(generatedPrompt ?? '{"title":"","scenes":[]}') as ScenePlan;
}

/** Submits, trying again after a 429 or 5xx (honouring Retry-After, within reason). */
async function submitWithRetries(
  provider: VideoProvider,
  job: Parameters<VideoProvider['submit']>[0],
): Promise<{ handle: Awaited<ReturnType<VideoProvider['submit']>>; attempts: number }> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { handle: await provider.submit(job), attempts: attempt };
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.transient || attempt >= SUBMIT_RETRIES) {
        throw error;
      }
      const wait = Math.min(error.details.retryAfterMs ?? 1000 * 2 ** attempt, 30_000);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** A provider error in words a member may read, with the refund. */
function providerMessage(error: unknown): string {
  if (error instanceof ProviderError) {
    return `${error.message.replace(/\s*$/, '')} Your credit has been refunded.`;
  }
  return PROVIDER_MESSAGES.unreachable;
}
