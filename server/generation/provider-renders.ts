// Durable generation with a paid video model. A render job plans the video, writes one row per
// scene, submits each scene once, hands the video back unheld and queues a poll per scene; polls
// are queued jobs with a growing wait, never a worker's sleep. A finished clip is copied into our
// storage at once and checked; when the last scene is stored, a render job finishes the video
// (normalise, watermark, join, thumbnail). A restarted worker resumes the polls: a row written
// before the submission means a scene is never paid for twice. Stored clips are kept while the
// video exists, under a key of what the model was asked: a remix asking the same of the model is
// given a copy instead of paying for the scene again.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type pg from 'pg';
import type { AspectRatio } from '../../shared/catalogue';
import type { Storyboard, StoryboardScene } from '../../shared/schemas/videos';
import type { Tier } from '../../shared/tiers';
import { inTransaction } from '../db/transaction';
import type { Logger } from '../logger';
import { checkAndFitImage } from '../media/images';
import { probeMedia } from '../media/renderer';
import type { JobQueue } from '../queue/queue';
import type { Storage } from '../storage/storage';
import { sceneClipKey, sourceClipPrefix } from '../storage/storage-keys';
import type { ProviderTaskRow, ProviderTasksRepository } from './provider-tasks-repository';
import {
  type ImageProvider,
  type PollResult,
  ProviderError,
  type Submitted,
  type VideoProvider,
} from './providers/provider';
import type { RenderLifecycle } from './render-lifecycle';
import type { RenderRequest } from './render-repository';

const REFUNDED = 'Your credit has been refunded; please try again.';
export const PROVIDER_MESSAGES = {
  timeout: `The video provider took too long to make this video. ${REFUNDED}`,
  notVideo: `The video provider sent back a file that is not a video of the expected length. ${REFUNDED}`,
  lostTrack: `We lost track of this video while handing it to the video provider. ${REFUNDED}`,
  unreachable: `The video provider could not be reached. ${REFUNDED}`,
  notImage: `The image model sent back a file that is not a picture. ${REFUNDED}`,
  retired: `The model we make these scenes with has been retired by its provider; new videos use another. ${REFUNDED}`,
  noModel: `This server no longer offers the scene source this video asked for. ${REFUNDED}`,
} as const;

/** Which kind of model makes a video's scenes: clips (ai-video) or stills (ai-image). */
export type ModelKind = 'video' | 'image';

/** How long a clip a video model makes for one scene (every model offered makes 8 s clips). */
export const MODEL_CLIP_SECONDS = 8;
/** Bumped when what a model is sent for a scene changes shape: kept footage then misses. */
const FOOTAGE_KEY_VERSION = '1';

/** A clip may run this much shorter or longer than asked (models round to their frame rate). */
const LENGTH_TOLERANCE_SECONDS = 1;
/** Submissions tried again in place after a 429 or 5xx (the poll chain does its own retries). */
const SUBMIT_RETRIES = 3;
/** The longest wait between polls, in multiples of the first. */
const POLL_BACKOFF_CAP = 5;

/** One kind of model as configured: its client per model, which model a plan gets, its price. */
export type ModelLine<P> = {
  /** The provider client for a model (null: its default model). */
  providerFor: (model: string | null) => P;
  /** The model when the plan has none of its own; null: the provider's default. */
  model: string | null;
  modelByPlan: Partial<Record<Tier, string>>;
  /** Models to switch to, in order, once the one in use is retired. */
  fallbacks: string[];
  /** USD per generated second (video) or per image (image). */
  priceOf: (model: string) => number;
};

/** Where a retired model is reported: an alert in Admin Tools. */
export type AlertSink = {
  raise(alert: { key: string; title: string; message: string }): Promise<void>;
};

export type ProviderRenderSettings = {
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
  tasks: ProviderTasksRepository;
  storage: Storage;
  queue: JobQueue;
  video: ModelLine<VideoProvider> | null;
  image: ModelLine<ImageProvider> | null;
  alerts: AlertSink;
  /** The member's plan, for a plan's own model. */
  memberLevel: (userId: string) => Promise<Tier>;
  settings: ProviderRenderSettings;
  log: Logger;
};

/** A render job's answer: the scenes are being generated (the video was handed back), or ready. */
export type Advance =
  | { state: 'waiting' }
  | { state: 'ready'; plan: Storyboard; scenes: ProviderTaskRow[] };

type AnyProvider = VideoProvider | ImageProvider;

/** The scene a poll job is about, with what the member waits for. */
type PolledScene = { row: ProviderTaskRow; request: RenderRequest; provider: AnyProvider };

export class ProviderRenders {
  /** Models a provider said are retired, as `kind:model`: skipped for the fallbacks. */
  private readonly retired = new Set<string>();

  constructor(private readonly deps: ProviderRenderDeps) {}

  /** Whether this server has a model of the kind. */
  offers(kind: ModelKind): boolean {
    return (kind === 'video' ? this.deps.video : this.deps.image) !== null;
  }

  /**
   * Whether rendering a member's storyboard as the next version of a video (`root`: its first
   * request) asks the model for footage the video does not have: a scene whose ask none of its
   * kept clips answers. A remix that only re-says, re-times or reorders scenes asks nothing new.
   * False when the server has no such model (the video is then drawn offline).
   */
  async asksForNewFootage(remix: {
    userId: string;
    root: number;
    kind: ModelKind;
    aspectRatio: string;
    sourceImageUrl: string | null;
    plan: Storyboard;
  }): Promise<boolean> {
    if (!this.offers(remix.kind)) return false;
    const { kind } = remix;
    const provider = this.line(kind).providerFor(await this.modelFor(kind, remix.userId));
    const keys = modelPlan(remix.plan, kind).scenes.map((scene) =>
      footageKey(askOf(kind, provider, scene, remix)),
    );
    const kept = await this.keptFootage(remix.userId, remix.root, keys);
    return keys.some((key) => !kept.has(key));
  }

  /**
   * A render job's turn at a video the provider makes (the caller holds its claim): the first
   * time, plan and submit every scene, then hand the video back to be polled; when every scene
   * is stored, answer them for finishing; after a worker died midway, start the polls again.
   */
  async advance(
    request: RenderRequest,
    options: {
      kind: ModelKind;
      plan: () => Promise<Storyboard>;
      sourceImage: () => Promise<SourceImage | null>;
    },
  ): Promise<Advance> {
    const { tasks, lifecycle } = this.deps;
    const existing = await tasks.forAttempt(request.id, request.attempts);
    if (existing.length === 0) {
      if (!this.offers(options.kind)) {
        await this.failVideo(request, PROVIDER_MESSAGES.noModel, lifecycle.workerId);
        return { state: 'waiting' };
      }
      const plan = await options.plan();
      try {
        if (options.kind === 'video') {
          await this.submitScenes(request, plan, 'video', await options.sourceImage());
        } else {
          await this.submitScenes(request, plan, 'image', null);
        }
      } catch (error) {
        // Turned down (a 4xx, a refusal) or unreachable after retries: scenes already handed over
        // are cancelled, and the video fails, refunded.
        this.deps.log.warn({ err: error }, `video ${request.id}: submission failed`);
        const message =
          error instanceof ProviderError && error.details.retired
            ? PROVIDER_MESSAGES.retired
            : providerMessage(error);
        await this.failVideo(request, message, lifecycle.workerId);
        return { state: 'waiting' };
      }
      // A model that answered at once (every picture stored already): finish now.
      const submitted = await tasks.forAttempt(request.id, request.attempts);
      if (submitted.length > 0 && submitted.every((row) => row.state === 'stored')) {
        return { state: 'ready', plan, scenes: submitted };
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
      if (error instanceof ProviderError && error.details.retired) {
        await this.retire(row.kind, provider, error);
        await this.failScene(scene, PROVIDER_MESSAGES.retired, job.turn);
        return;
      }
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
    const overdue = await this.deps.tasks.overdue(this.deps.settings.lostPollSeconds);
    for (const row of overdue) {
      await this.deps.queue.send('poll-video-scene', { jobId: row.id, turn: row.pollTurn });
    }
    if (overdue.length > 0) this.deps.log.warn(`restarted ${overdue.length} lost provider polls`);
    return overdue.length;
  }

  /** The kind's configured models. */
  private line(kind: ModelKind): ModelLine<AnyProvider> {
    const line = kind === 'video' ? this.deps.video : this.deps.image;
    if (!line) throw new Error(`No ${kind} model is configured`);
    return line;
  }

  /** The provider client for a stored scene row. */
  private providerOf(row: Pick<ProviderTaskRow, 'kind' | 'model'>): AnyProvider {
    return this.line(row.kind).providerFor(row.model);
  }

  /**
   * The model a member's video is made with: their plan's own, else the configured one, else
   * (once either is retired) the first fallback still serving.
   */
  private async modelFor(kind: ModelKind, userId: string): Promise<string | null> {
    const line = this.line(kind);
    const planModel =
      Object.keys(line.modelByPlan).length === 0
        ? null
        : (line.modelByPlan[await this.deps.memberLevel(userId)] ?? null);
    const chosen = planModel ?? line.model ?? line.providerFor(null).model;
    const candidates = [chosen, ...line.fallbacks];
    return candidates.find((model) => !this.retired.has(`${kind}:${model}`)) ?? chosen;
  }

  /**
   * The provider said the model is gone: later videos use the next fallback, and the operator
   * gets one alert (repeats count on it) saying which setting to change.
   */
  private async retire(kind: ModelKind, provider: AnyProvider, error: ProviderError) {
    this.retired.add(`${kind}:${provider.model}`);
    const line = this.line(kind);
    const next = line.fallbacks.find((model) => !this.retired.has(`${kind}:${model}`)) ?? null;
    const setting = kind === 'video' ? 'VIDEO_MODEL' : 'IMAGE_MODEL';
    const message =
      `${provider.name} answered that ${provider.model} is no longer available ` +
      `("${error.message}"). ` +
      (next
        ? `New videos use ${next} from VIDEO_MODEL_FALLBACKS. Set ${setting} to a model that serves.`
        : `Set ${setting} (or VIDEO_MODEL_FALLBACKS) to a model that serves.`);
    this.deps.log.error(message);
    await this.deps.alerts
      .raise({
        key: `model-retired:${provider.name}:${provider.model}`,
        title: `The ${kind} model ${provider.model} has been retired`,
        message,
      })
      .catch((failure) => this.deps.log.warn({ err: failure }, 'could not raise an alert'));
  }

  private async submitScenes(
    request: RenderRequest,
    plan: Storyboard,
    kind: ModelKind,
    image: SourceImage | null,
  ) {
    const { tasks, log } = this.deps;
    const provider = this.line(kind).providerFor(await this.modelFor(kind, request.userId));
    await this.deps.lifecycle.savePlan(request, JSON.stringify(plan));
    const asked = plan.scenes.map((scene) => {
      const ask = askOf(kind, provider, scene, request);
      return { scene, ask, key: footageKey(ask) };
    });
    const reused = await this.reuseFootage(request, asked);
    const rows = await tasks.insertScenes(
      request.id,
      request.attempts,
      asked.map(({ scene, key }) => ({
        sceneNumber: scene.number,
        kind,
        provider: provider.name,
        model: provider.model,
        footageKey: key,
        reused: reused.get(scene.number) ?? null,
      })),
    );
    if (reused.size > 0) {
      log.info(`video ${request.id}: ${reused.size} of ${asked.length} scenes reuse kept footage`);
    }
    for (const row of rows) {
      if (row.state !== 'submitting') continue;
      const entry = asked.find((candidate) => candidate.scene.number === row.sceneNumber);
      if (!entry) continue;
      const { scene, ask } = entry;
      let submitted: { handle: Submitted; attempts: number };
      try {
        submitted = await submitWithRetries(() =>
          provider.kind === 'image'
            ? provider.submit({ prompt: ask.prompt, aspectRatio: ask.aspectRatio })
            : provider.submit({
                prompt: ask.prompt,
                image,
                aspectRatio: ask.aspectRatio,
                durationSeconds: scene.durationSeconds,
              }),
        );
      } catch (error) {
        if (error instanceof ProviderError && error.details.retired) {
          await this.retire(kind, provider, error);
        }
        throw error;
      }
      const { output, ...handle } = submitted.handle;
      const running = await tasks.markSubmitted(row.id, handle, submitted.attempts);
      log.info(
        `video ${request.id} scene ${row.sceneNumber}: submitted to ${provider.name} ` +
          `(${provider.model}) as ${handle.externalId}`,
      );
      // A model that answered at once: its picture is stored now, and nothing is polled.
      if (output && running) {
        await this.storeFile(
          {
            row: running,
            request: { ...request, generatedPrompt: JSON.stringify(plan) },
            provider,
          },
          async (file) => {
            await writeFile(file, output.data);
            return true;
          },
          running.pollTurn,
          { queueWhenDone: false },
        );
      }
    }
  }

  /**
   * Copies into this attempt's folder the clip the video already has for each scene asking the
   * same of the model (a remix), so the attempt's files are its own as when the model makes them;
   * answers them by scene. A scene whose copy cannot be made is asked of the model instead.
   */
  private async reuseFootage(
    request: RenderRequest,
    asked: { scene: StoryboardScene; key: string }[],
  ): Promise<Map<number, { outputKey: string; durationSeconds: number }>> {
    const { storage, log } = this.deps;
    const reused = new Map<number, { outputKey: string; durationSeconds: number }>();
    const kept = await this.keptFootage(
      request.userId,
      request.segmentRoot ?? request.id,
      asked.map(({ key }) => key),
    );
    if (kept.size === 0) return reused;
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-footage-'));
    try {
      for (const { scene, key } of asked) {
        const source = kept.get(key);
        if (!source?.outputKey) continue;
        const outputKey = sceneClipKey(
          sourceClipPrefix(request.userId, request.id, request.attempts),
          scene.number,
          path.posix.extname(source.outputKey).slice(1),
        );
        const file = path.join(workDir, `scene-${scene.number}`);
        try {
          await storage.getFile(source.outputKey, file);
          await storage.putFile(outputKey, file);
        } catch (error) {
          log.warn({ err: error }, `video ${request.id} scene ${scene.number}: footage not reused`);
          continue;
        }
        // A still lasts as long as its scene; a clip as long as the model made it.
        reused.set(scene.number, {
          outputKey,
          durationSeconds:
            source.kind === 'image'
              ? scene.durationSeconds
              : (source.durationSeconds ?? scene.durationSeconds),
        });
      }
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    return reused;
  }

  /** The video's kept clip for each of `keys` that has one still in storage. */
  private async keptFootage(
    userId: string,
    root: number,
    keys: string[],
  ): Promise<Map<string, ProviderTaskRow>> {
    const kept = new Map<string, ProviderTaskRow>();
    for (const row of await this.deps.tasks.keptFootage(userId, root, [...new Set(keys)])) {
      if (!row.footageKey || !row.outputKey || kept.has(row.footageKey)) continue;
      if (await this.deps.storage.exists(row.outputKey)) kept.set(row.footageKey, row);
    }
    return kept;
  }

  /**
   * Hands the claimed video back unheld (still processing, so no sweep takes it) and queues a
   * poll per scene in flight, in one transaction: either the polls exist, or the claim stays.
   */
  private async handBack(request: RenderRequest) {
    const { tasks, lifecycle, queue } = this.deps;
    await inTransaction(this.deps.pool, async (tx) => {
      await lifecycle.repository.release(tx.db, request.id, lifecycle.workerId);
      for (const row of await tasks.forAttempt(request.id, request.attempts, tx.db)) {
        if (row.state !== 'running') continue;
        // A new turn: any older chain of this scene stops at its next poll.
        const turn = await tasks.restartChain(tx.db, row.id, this.dueIn(this.firstWait()));
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
    const row = await this.deps.tasks.find(job.jobId);
    if (row?.state !== 'running' || row.pollTurn !== job.turn) return null;
    const request = await this.deps.tasks.findRequest(row.requestId);
    if (
      !request ||
      request.attempts !== row.attempt ||
      request.status !== 'processing' ||
      request.leaseOwner !== null
    ) {
      // The video was deleted, failed or retried meanwhile: the provider's work is not needed.
      // (A video being finished holds a claim, but by then no scene is running.)
      const ended = await this.deps.tasks.endAttempt(row.requestId, row.attempt, null);
      if (ended.length > 0 && row.handle) {
        await this.providerOf(row)
          .cancel(row.handle)
          .catch(() => undefined);
      }
      return null;
    }
    return { row, request, provider: this.providerOf(row) };
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
    row: ProviderTaskRow,
    turn: number,
    options: { progress?: number; attempts?: number; delaySeconds?: number },
  ) {
    const { tasks, queue } = this.deps;
    const delay = options.delaySeconds ?? this.waitAfter(row.polls);
    await inTransaction(this.deps.pool, async (tx) => {
      const held = await tasks.takeTurn(row.id, turn, tx.db);
      if (!held) return;
      await tasks.savePoll(
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
   * Copies the finished clip or picture into our storage at once (the provider's link expires)
   * and stores it (storeFile); a download cut off or refused for a moment is tried again at the
   * next poll.
   */
  private async storeOutput(scene: PolledScene, outputUrl: string, turn: number) {
    const { row, request, provider } = scene;
    await this.storeFile(
      scene,
      async (file) => {
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
          return true;
        } catch (error) {
          if (error instanceof ProviderError && !error.transient) throw error;
          this.deps.log.warn(
            { err: error },
            `video ${request.id} scene ${row.sceneNumber}: download failed`,
          );
          await this.nextPoll(row, turn, { attempts: row.attempts + 1 });
          return false;
        }
      },
      turn,
      { queueWhenDone: true },
    );
  }

  /**
   * Writes the output with `write` (false: not this time), checks it is a video of the expected
   * length (or a picture), stores it and marks the scene stored under its turn. `queueWhenDone`:
   * the last scene stored queues the finishing render (a submission that answered at once is
   * finished by the render job in hand instead).
   */
  private async storeFile(
    scene: PolledScene,
    write: (file: string) => Promise<boolean>,
    turn: number,
    { queueWhenDone }: { queueWhenDone: boolean },
  ): Promise<void> {
    const { row, request, provider } = scene;
    const { storage, tasks, queue, log } = this.deps;
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-provider-'));
    try {
      const file = path.join(workDir, 'output');
      if (!(await write(file))) return;
      const planned = parsePlan(request.generatedPrompt).scenes.find(
        (candidate) => candidate.number === row.sceneNumber,
      )?.durationSeconds;
      const checked =
        provider.kind === 'image'
          ? await checkedPicture(file, planned)
          : await checkedClip(file, planned, provider);
      if (!checked.ok) {
        log.warn(
          `video ${request.id} scene ${row.sceneNumber}: ${provider.name} sent ${checked.problem}`,
        );
        await this.failScene(
          scene,
          provider.kind === 'image' ? PROVIDER_MESSAGES.notImage : PROVIDER_MESSAGES.notVideo,
          turn,
        );
        return;
      }
      const key = sceneClipKey(
        sourceClipPrefix(request.userId, request.id, request.attempts),
        row.sceneNumber,
        checked.extension,
      );
      await storage.putFile(key, file);
      const price = this.line(row.kind).priceOf(row.model);
      const allStored = await inTransaction(this.deps.pool, async (tx) => {
        if (!(await tasks.takeTurn(row.id, turn, tx.db))) return false;
        await tasks.lockRequest(tx.db, request.id);
        await tasks.markStored(tx.db, row.id, {
          outputKey: key,
          durationSeconds: checked.seconds,
          secondsGenerated: row.kind === 'image' ? 0 : checked.seconds,
          costUsd: row.kind === 'image' ? price : checked.seconds * price,
        });
        const scenes = await tasks.forAttempt(request.id, request.attempts, tx.db);
        const done = scenes.every((candidate) => candidate.state === 'stored');
        if (done && queueWhenDone) await this.deps.lifecycle.queueFirstInLine(tx, request);
        return done;
      });
      if (allStored && queueWhenDone) queue.wake('render-video');
      else if (!allStored) await this.reportProgress(request, row, 1);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** Saves and publishes the video's progress: planning 5 %, generation up to 90 %. */
  private async reportProgress(request: RenderRequest, row: ProviderTaskRow, progress?: number) {
    const scenes = await this.deps.tasks.forAttempt(request.id, request.attempts);
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
      this.deps.tasks.takeTurn(row.id, turn, tx.db),
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
    const ended = await this.deps.tasks.endAttempt(request.id, request.attempts, failed);
    for (const row of ended) {
      if (row.id === failed?.id || !row.handle) continue;
      await this.providerOf(row)
        .cancel(row.handle)
        .catch(() => undefined);
    }
    await this.deps.lifecycle.fail(request, message, { heldBy });
    await this.deps.storage
      .deletePrefix(sourceClipPrefix(request.userId, request.id, request.attempts))
      .catch(() => undefined);
  }
}

export type SourceImage = { data: Buffer; mimeType: string };

type Checked = { ok: true; seconds: number; extension: string } | { ok: false; problem: string };

/** A model's clip: a video of the length the model makes for the planned seconds. */
async function checkedClip(
  file: string,
  planned: number | undefined,
  provider: VideoProvider,
): Promise<Checked> {
  const expected = planned === undefined ? undefined : provider.clipSeconds(planned);
  const info = await probeMedia(file).catch(() => null);
  if (
    !info ||
    info.durationSeconds <= 0 ||
    (expected !== undefined && Math.abs(info.durationSeconds - expected) > LENGTH_TOLERANCE_SECONDS)
  ) {
    return {
      ok: false,
      problem: `a file that is not a ${expected ?? '?'} s video (${info ? `${info.durationSeconds} s` : 'unreadable'})`,
    };
  }
  return { ok: true, seconds: info.durationSeconds, extension: 'mp4' };
}

/**
 * A model's still: a picture sharp can read, brought inside our stored bounds (as an upload is),
 * kept as long as its planned scene.
 */
async function checkedPicture(file: string, planned: number | undefined): Promise<Checked> {
  const check = await checkAndFitImage(file);
  if (!check.ok)
    return { ok: false, problem: `a file that is not a usable picture (${check.reason})` };
  return { ok: true, seconds: planned ?? 0, extension: check.format };
}

/**
 * A member's storyboard as a model is given it: a scene whose shots carry AI descriptions shows
 * what they describe, in order.
 */
export function withAiVisuals(plan: Storyboard): Storyboard {
  return {
    ...plan,
    scenes: plan.scenes.map((scene) => {
      const described = (scene.shots ?? []).flatMap((shot) =>
        shot.visual?.source === 'ai' && shot.visual.prompt ? [shot.visual.prompt] : [],
      );
      if (described.length === 0) return scene;
      const visual = described.join(' Then: ');
      return {
        ...scene,
        visual,
        prompt: `${visual} ${scene.camera ? `Camera: ${scene.camera}.` : ''}`.trim(),
      };
    }),
  };
}

/** A member's storyboard as the render submits it (the pipeline's plan with a model's lengths). */
function modelPlan(written: Storyboard, kind: ModelKind): Storyboard {
  const plan = withAiVisuals(written);
  if (kind === 'image') return plan;
  return {
    ...plan,
    scenes: plan.scenes.map((scene) => ({ ...scene, durationSeconds: MODEL_CLIP_SECONDS })),
  };
}

/** What a model is asked to make for one scene: the same ask makes the same footage. */
type FootageAsk = {
  kind: ModelKind;
  provider: string;
  model: string;
  prompt: string;
  /** A video model's source image, by its upload's address (an upload never changes). */
  image: string | null;
  /** Seconds asked of a video model (an image model is asked none). */
  seconds: number | null;
  aspectRatio: AspectRatio;
};

function askOf(
  kind: ModelKind,
  provider: AnyProvider,
  scene: StoryboardScene,
  request: { aspectRatio: string; sourceImageUrl: string | null },
): FootageAsk {
  const asked = {
    kind,
    provider: provider.name,
    model: provider.model,
    aspectRatio: request.aspectRatio as AspectRatio,
  };
  return kind === 'image'
    ? { ...asked, prompt: scene.visual || scene.prompt, image: null, seconds: null }
    : {
        ...asked,
        prompt: scene.prompt,
        image: request.sourceImageUrl,
        seconds: scene.durationSeconds,
      };
}

/** The key a scene's footage is kept and found again under: a hash of its ask. */
function footageKey(ask: FootageAsk): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        FOOTAGE_KEY_VERSION,
        ask.kind,
        ask.provider,
        ask.model,
        ask.prompt,
        ask.image,
        ask.seconds,
        ask.aspectRatio,
      ]),
    )
    .digest('hex')
    .slice(0, 40);
}

function parsePlan(generatedPrompt: string | null): Storyboard {
  return JSON.parse(generatedPrompt ?? '{"title":"","scenes":[]}') as Storyboard;
}

/** Submits, trying again after a 429 or 5xx (honouring Retry-After, within reason). */
async function submitWithRetries(
  submit: () => Promise<Submitted>,
): Promise<{ handle: Submitted; attempts: number }> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { handle: await submit(), attempts: attempt };
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
