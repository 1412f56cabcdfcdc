// Storyboard rules: planning a draft (free), the member's edits checked and measured, and rendering
// it through the same charge-and-queue path as Create, once.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import {
  type CreateStoryboard,
  DEFAULT_MUSIC,
  PLANNED_FIELD_MESSAGE,
  STORYBOARD_LIMITS,
  STORYBOARD_RENDERED_MESSAGE,
  STORYBOARD_STALE_MESSAGE,
  type StoryboardPatch,
  type StoryboardScenePatch,
  type StoryboardSummary,
  type StoryboardView,
  sceneTooLongMessage,
  TOO_MANY_DRAFTS_MESSAGE,
  type VisualCandidate,
} from '../../../shared/schemas/storyboards';
import type {
  CreatedVideoRequest,
  StockShotAsset,
  Storyboard,
} from '../../../shared/schemas/videos';
import { captionStyleOf } from '../../../shared/schemas/voices';
import { normalizeTier, TIER_RULES } from '../../../shared/tiers';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { Conflict, NotFound, Unavailable, ValidationFailed } from '../../errors';
import type { Planner } from '../../generation/planner/planner';
import { footageShotOf } from '../../generation/stock/stock-footage';
import { type StockFootage, shotAssetOf, stockCredit } from '../../generation/stock/stock-source';
import type { StockThumbnail, StockThumbnails } from '../../generation/stock/stock-thumbnails';
import type { StockCandidate } from '../../generation/stock/stock-types';
import type { Logger } from '../../logger';
import { resolveLanguage } from '../../media/pictures/words';
import { SCENE_SIZES } from '../../media/renderer';
import { speechSecondsAllowed } from '../../media/scene-timing';
import { runPreparation } from '../../render-threads/preparation-pool';
import { isOwnUpload, type Storage } from '../../storage/storage';
import { VoiceServiceError } from '../../voice/cloud-http';
import type { Voices } from '../../voice/voices';
import type { VideosService } from '../videos';
import {
  applyScenes,
  type BoardCandidate,
  type BoardSettings,
  type BoardShot,
  boardOf,
  isVoiced,
  pictureLabel,
  planOf,
  presentBoard,
  publicCandidate,
  type StoredBoard,
  sameVisual,
  scenePictureUrl,
  scenesTooLong,
  shotThumbnail,
} from './board';
import type { StoryboardRow, StoryboardsRepository } from './repository';

export const STORYBOARD_NOT_FOUND_MESSAGE = 'Storyboard not found';
export const REMIX_NO_PLAN_MESSAGE =
  'This video was made before scenes were kept, so it cannot be remixed. Make a new video instead.';
export const NO_VOICE_MESSAGE = 'This storyboard has no voice. Choose one to hear its scenes.';
export const AI_VISUAL_MESSAGE =
  'AI visuals are made by an AI scene source. Choose AI video or AI image as the scene source, or pick a picture.';
export const UPLOAD_NOT_FOUND_MESSAGE = 'Please upload that image or clip again.';
const PICTURES_PER_SHOT = 6;
const SEARCH_RESULTS = 24;
/** Stock assets offered per shot of a stock storyboard, and per search in the picker. */
const STOCK_PER_SHOT = 3;
const STOCK_SEARCH_RESULTS = 12;
export const STOCK_GONE_MESSAGE =
  'That stock clip is no longer offered. Please search for it again.';
const CLIP_URL = /\.(mp4|mov|webm)$/i;

export type StoryboardsDeps = {
  pool: pg.Pool;
  /** Pexels and Pixabay for the picker (null: no stock key is set). */
  stock: StockFootage | null;
  /** Signs stock thumbnails' links, which the picker loads through our origin. */
  stockThumbnails: StockThumbnails;
  db: Database;
  repository: StoryboardsRepository;
  videos: VideosService;
  planner: Planner;
  /** The language a voice speaks (its pictures' words are read in it), null: not offered. */
  voiceLanguage: (voiceId: string) => string | null;
  /** Speaks a scene for "Hear this scene" (the voices narration is spoken in). */
  speak: Voices['speak'];
  storage: Storage;
  clock: Clock;
  log: Logger;
};

export class StoryboardsService {
  constructor(private readonly deps: StoryboardsDeps) {}

  /** Plans a draft from what Create takes: charges nothing, renders nothing. */
  async create(user: UserRow, input: CreateStoryboard): Promise<StoryboardView> {
    const { repository, videos } = this.deps;
    const { request } = await videos.checkedRequest(user, input);
    // Counted before planning (planning costs model calls), and again as the draft is kept.
    if ((await repository.countOpen(this.deps.db, user.id)) >= STORYBOARD_LIMITS.openDrafts) {
      throw new Conflict('TOO_MANY_DRAFTS', TOO_MANY_DRAFTS_MESSAGE);
    }
    const settings = settingsOf(request, input.music ?? null);
    const plan = await this.plan(settings, request.scenes);
    const board = boardOf(plan, await this.offers(plan, settings));
    const row = await this.keepDraft(user, { settings, board, contentId: null });
    return this.present(user, row);
  }

  /**
   * Opens a storyboard of a finished video's current version (Pro and Elite): its scenes as the
   * voice timed them, each shot showing what it showed. Rendering it makes the video's next
   * version. A video has one open remix at a time: asking again opens the same.
   */
  async remix(user: UserRow, videoId: string): Promise<StoryboardView> {
    const { repository, videos } = this.deps;
    const { video, request } = await videos.remixable(user, videoId);
    const open = await repository.findOpenRemix(user.id, video.id);
    if (open) return this.present(user, open);
    // The video as it is now: its title and shape, made as its request asked.
    const settings = settingsOf(
      {
        ...request,
        title: video.title,
        description: video.description,
        aspectRatio: video.aspectRatio,
      },
      request.music,
    );
    const plan = remixPlanOf(video.generatedPrompt, video.title);
    const board = boardOf(plan, await this.offers(plan, settings), { keepVisuals: true });
    const row = await this.keepDraft(user, { settings, board, contentId: video.id });
    return this.present(user, row);
  }

  /** Keeps a new draft, counted again under the member's row lock: parallel plans never pass 20. */
  private keepDraft(
    user: UserRow,
    draft: { settings: BoardSettings; board: StoredBoard; contentId: number | null },
  ): Promise<StoryboardRow> {
    const { repository } = this.deps;
    return inTransaction(this.deps.pool, async (tx) => {
      if (
        (await repository.countOpen(tx.db, user.id, { lock: true })) >= STORYBOARD_LIMITS.openDrafts
      ) {
        throw new Conflict('TOO_MANY_DRAFTS', TOO_MANY_DRAFTS_MESSAGE);
      }
      return repository.insert(tx.db, { userId: user.id, ...draft });
    });
  }

  async list(user: UserRow): Promise<StoryboardSummary[]> {
    const rows = await this.deps.repository.listOpen(user.id);
    return rows.map((row) => {
      const firstShot = row.board.scenes[0]?.shots[0];
      return {
        id: row.id,
        title: row.settings.title,
        scenes: row.board.scenes.length,
        aspectRatio: row.settings.aspectRatio,
        thumbnailUrl: firstShot
          ? shotThumbnail(firstShot, (url) => this.deps.stockThumbnails.link(url))
          : null,
        videoId: row.contentId,
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  async get(user: UserRow, id: number): Promise<StoryboardView> {
    return this.present(user, await this.owned(user, id));
  }

  /** Replaces the fields the patch names; refused when stale (409) or already rendered. */
  async update(user: UserRow, id: number, patch: StoryboardPatch): Promise<StoryboardView> {
    const row = await this.owned(user, id);
    if (row.renderedAt) throw new Conflict('STORYBOARD_RENDERED', STORYBOARD_RENDERED_MESSAGE);
    if (!sameInstant(row.updatedAt, patch.updatedAt)) {
      throw new Conflict('STORYBOARD_STALE', STORYBOARD_STALE_MESSAGE);
    }
    const planned = row.settings;
    if (
      (patch.description !== undefined && patch.description.trim() !== planned.description) ||
      (patch.aspectRatio !== undefined && patch.aspectRatio !== planned.aspectRatio) ||
      (patch.sceneSource !== undefined && patch.sceneSource !== planned.sceneSource)
    ) {
      throw new ValidationFailed(PLANNED_FIELD_MESSAGE);
    }
    const scenesPatch: StoryboardScenePatch[] =
      patch.scenes ??
      row.board.scenes.map((scene) => ({
        number: scene.number,
        narration: scene.narration,
        shots: [],
      }));
    // The plan's limits, the voice and the watermark are checked as Create checks them.
    const { request } = await this.deps.videos.checkedRequest(user, {
      ...settingsAsInput(row.settings),
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.voiceId !== undefined ? { voiceId: patch.voiceId } : {}),
      ...(patch.voiceSpeed !== undefined ? { voiceSpeed: patch.voiceSpeed } : {}),
      ...(patch.captionStyle !== undefined ? { captionStyle: patch.captionStyle } : {}),
      ...(patch.watermark !== undefined ? { watermark: patch.watermark } : {}),
      scenes: scenesPatch.length,
    });
    const settings: BoardSettings = {
      ...row.settings,
      title: request.title,
      watermark: request.watermark,
      voiceId: request.voiceId,
      voiceSpeed: request.voiceSpeed,
      captionStyle: captionStyleOf(request.captionStyle),
      music: patch.music ?? row.settings.music,
    };
    const stockAssets = await this.checkVisuals(user, row.board, scenesPatch, settings);
    const { board, changedShots } = applyScenes(row.board, scenesPatch, settings, stockAssets);
    board.title = settings.title;
    await this.offerAgain(board, changedShots, settings);
    const updated = await this.deps.repository.update(user.id, id, patch.updatedAt, {
      settings,
      board,
    });
    if (!updated) {
      const now = await this.owned(user, id);
      if (now.renderedAt) throw new Conflict('STORYBOARD_RENDERED', STORYBOARD_RENDERED_MESSAGE);
      throw new Conflict('STORYBOARD_STALE', STORYBOARD_STALE_MESSAGE);
    }
    return this.present(user, updated);
  }

  async delete(user: UserRow, id: number): Promise<void> {
    if (!(await this.deps.repository.deleteOwned(user.id, id))) {
      throw new NotFound(STORYBOARD_NOT_FOUND_MESSAGE);
    }
  }

  /**
   * Charges and queues the storyboard as Create does (same credits, errors, priorities and
   * limits), once: a second render, racing or later, gets the first one's answer.
   */
  async render(user: UserRow, id: number): Promise<CreatedVideoRequest> {
    const { videos, repository } = this.deps;
    const row = await this.owned(user, id);
    if (row.requestId !== null) return videos.createdAgain(user, row.requestId);
    const tooLong = scenesTooLong(row.board, row.settings);
    if (tooLong.length > 0) {
      throw new ValidationFailed(sceneTooLongMessage(tooLong[0] ?? 1), 'scenes');
    }
    const remixed =
      row.contentId === null ? null : await videos.remixable(user, String(row.contentId));
    const { request, notice } = await videos.checkedRequest(user, {
      ...settingsAsInput(row.settings),
      scenes: row.board.scenes.length,
    });
    const queued = await inTransaction(this.deps.pool, async (tx) => {
      const locked = await repository.findOwned(user.id, id, tx.db, { lock: true });
      if (!locked) throw new NotFound(STORYBOARD_NOT_FOUND_MESSAGE);
      if (locked.requestId !== null) return { earlier: locked.requestId, made: null };
      const fields = {
        ...request,
        generatedPrompt: JSON.stringify(planOf(locked.board)),
        memberStoryboard: true,
        music: locked.settings.music,
      };
      const made = remixed
        ? await videos.queueRemixInTransaction(tx, user, remixed.video.id, fields, {
            // A remix asking a paid model for footage the video does not have is paid.
            paidFootage: await videos.remixAsksForFootage(user, remixed.request, fields),
            segmentRoot: remixed.request.segmentRoot ?? remixed.request.id,
          })
        : await videos.queueInTransaction(tx, user, fields, { capped: true });
      await repository.markRendered(tx.db, id, made.id);
      return { earlier: null, made };
    });
    if (queued.made === null) return videos.createdAgain(user, queued.earlier);
    await videos.announceQueued(queued.made);
    return videos.created(user, queued.made, notice);
  }

  /**
   * Scene `number` said in the storyboard's voice at its pace, as a WAV: "Hear this scene". Not
   * found without a voice (nothing would be said).
   */
  async sceneSpeech(user: UserRow, id: number, number: number): Promise<Buffer> {
    const row = await this.owned(user, id);
    const index = row.board.scenes.findIndex((scene) => scene.number === number);
    const scene = row.board.scenes[index];
    if (!scene) throw new NotFound('Scene not found');
    if (!row.settings.voiceId) throw new NotFound(NO_VOICE_MESSAGE);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-scene-speech-'));
    try {
      const spoken = await this.deps
        .speak({
          voiceId: row.settings.voiceId,
          text: scene.narration,
          speed: row.settings.voiceSpeed * (scene.speed ?? 1),
          outputFile: path.join(folder, 'scene.wav'),
          maxSeconds: speechSecondsAllowed(index, index === row.board.scenes.length - 1),
        })
        .catch((error: unknown) => {
          if (error instanceof VoiceServiceError) {
            throw new Unavailable('VOICE_UNAVAILABLE', error.message, 502);
          }
          throw error;
        });
      if (!spoken.file) throw new NotFound('This scene has nothing to say yet.');
      return await readFile(spoken.file);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Deletes drafts never rendered and untouched for 30 days; how many went. */
  async purgeUntouched(): Promise<number> {
    const before = new Date(
      this.deps.clock.now().getTime() - STORYBOARD_LIMITS.untouchedDays * 24 * 60 * 60 * 1000,
    );
    return this.deps.repository.purgeUntouched(before);
  }

  /** A stock thumbnail the picker links (null: not a link we made, or the image is not there). */
  stockThumbnail(url: string, signature: string): Promise<StockThumbnail | null> {
    return this.deps.stockThumbnails.fetch(url, signature);
  }

  /** Pictures for the picker's search, in the storyboard's language when one is named. */
  async searchVisuals(
    user: UserRow,
    query: string,
    storyboardId: number | undefined,
  ): Promise<VisualCandidate[]> {
    const row = storyboardId === undefined ? null : await this.owned(user, storyboardId);
    const language = row?.settings.voiceId ? this.deps.voiceLanguage(row.settings.voiceId) : null;
    const [found, stock] = await Promise.all([
      runPreparation(
        'searchPictures',
        { query, language, count: SEARCH_RESULTS },
        { step: 'picture search' },
      ),
      // Stock for a storyboard our renderer draws (a paid model's scenes show its own footage).
      row && this.deps.stock?.offered && !isAiSource(row.settings.sceneSource)
        ? this.deps.stock.search(query, {
            language: resolveLanguage(language, [query]),
            orientation: row.settings.aspectRatio,
            limit: STOCK_SEARCH_RESULTS,
          })
        : [],
    ]);
    return [
      ...found.map((offer) => pictureCandidate(offer.name, offer.matched)),
      ...(row
        ? stock
            .flatMap((candidate) => this.stockCandidate(candidate, row.settings))
            .map(publicCandidate)
        : []),
    ];
  }

  private async owned(user: UserRow, id: number): Promise<StoryboardRow> {
    const row = await this.deps.repository.findOwned(user.id, id);
    if (!row) throw new NotFound(STORYBOARD_NOT_FOUND_MESSAGE);
    return row;
  }

  private present(user: UserRow, row: StoryboardRow): StoryboardView {
    return presentBoard(row, TIER_RULES[normalizeTier(user.memberLevel)].maxScenes, (url) =>
      this.deps.stockThumbnails.link(url),
    );
  }

  /** The planner's scenes for the settings, as a render would plan them. */
  private plan(settings: BoardSettings, scenes: number): Promise<Storyboard> {
    const language = settings.voiceId ? this.deps.voiceLanguage(settings.voiceId) : null;
    return this.deps.planner.plan({
      title: settings.title,
      description: settings.description,
      scenes,
      aspectRatio: settings.aspectRatio,
      hasSourceImage:
        settings.sourceImageUrl !== null || (settings.sceneImageUrls?.length ?? 0) > 0,
      narrationLanguage: language,
      voiced: isVoiced(settings) && language !== null,
      engineRun: false,
    });
  }

  /** What the picker offers each shot of the plan: pictures, key words, the member's images. */
  private async offers(
    plan: {
      title: string;
      scenes: ReadonlyArray<{
        shots?: ReadonlyArray<{ text: string; start: number; end: number }>;
      }>;
    },
    settings: BoardSettings,
  ): Promise<BoardCandidate[][][]> {
    const shots = plan.scenes.flatMap((scene) => scene.shots ?? []);
    const texts = shots.map((shot) => shot.text);
    const language = settings.voiceId ? this.deps.voiceLanguage(settings.voiceId) : null;
    const offers =
      texts.length > 0
        ? await runPreparation(
            'shotPictureOffers',
            { shots: texts, title: plan.title, language, count: PICTURES_PER_SHOT },
            { step: 'picture offers' },
          )
        : [];
    // A stock storyboard's shots are offered what their words find on Pexels and Pixabay first,
    // searched as the renderer would search them.
    const stock =
      settings.sceneSource === 'stock' && this.deps.stock?.offered && shots.length > 0
        ? await this.deps.stock.offersFor(
            shots.map((shot, index) => footageShotOf(shot.end - shot.start, offers[index]?.pick)),
            {
              language: resolveLanguage(language, texts),
              orientation: settings.aspectRatio,
              perShot: STOCK_PER_SHOT,
            },
          )
        : [];
    const images = [settings.sourceImageUrl, ...(settings.sceneImageUrls ?? [])].filter(
      (url): url is string => Boolean(url),
    );
    let at = 0;
    return plan.scenes.map((scene) =>
      (scene.shots ?? []).map(() => {
        const offer = offers[at];
        const candidates: BoardCandidate[] = (stock[at++] ?? []).flatMap((candidate) =>
          this.stockCandidate(candidate, settings),
        );
        candidates.push(
          ...(offer?.pictures ?? []).map((picture) =>
            pictureCandidate(picture.name, picture.matched),
          ),
        );
        if (offer && offer.keyWords.length > 0) {
          const words = offer.keyWords.join(' ');
          candidates.push({
            source: 'typographic',
            id: `type:${words}`,
            thumbnailUrl: null,
            label: words,
            credit: null,
          });
        }
        for (const url of new Set(images)) {
          candidates.push({
            source: 'image',
            id: url,
            thumbnailUrl: url,
            label: 'Your image',
            credit: null,
          });
        }
        return candidates;
      }),
    );
  }

  /** New candidates for shots whose words changed. */
  private async offerAgain(
    board: StoredBoard,
    shots: BoardShot[],
    settings: BoardSettings,
  ): Promise<void> {
    if (shots.length === 0) return;
    const [offered] = await this.offers({ title: board.title, scenes: [{ shots }] }, settings);
    shots.forEach((shot, index) => {
      shot.candidates = offered?.[index] ?? [];
    });
  }

  /**
   * Every visual the patch chooses must be one this member may show. Answers each chosen stock
   * asset's details (by the visual's id), found among the shot's offers or a recent search.
   */
  private async checkVisuals(
    user: UserRow,
    board: StoredBoard,
    scenes: readonly StoryboardScenePatch[],
    settings: BoardSettings,
  ): Promise<Map<string, StockShotAsset>> {
    const stockAssets = new Map<string, StockShotAsset>();
    const shotsById = new Map(
      board.scenes.flatMap((scene) => scene.shots.map((shot) => [shot.id, shot] as const)),
    );
    // A visual sent back as it was read (a storyboard returned whole) is not a new choice.
    const chosen = scenes.flatMap((scene) =>
      scene.shots.flatMap((shot) => {
        if (!shot.visual) return [];
        const current = shot.id ? shotsById.get(shot.id)?.visual : undefined;
        return current && sameVisual(current, shot.visual)
          ? []
          : [{ id: shot.id, visual: shot.visual }];
      }),
    );
    const pictures = chosen.filter((entry) => entry.visual.source === 'picture');
    if (pictures.length > 0) {
      const names = pictures.map((entry) => entry.visual.id);
      const known = new Set(
        await runPreparation('knownPictures', names, { step: 'picture check' }),
      );
      if (names.some((name) => !known.has(name))) {
        throw new ValidationFailed(
          'Please choose one of the pictures offered for this shot.',
          'scenes',
        );
      }
    }
    for (const { id, visual } of chosen) {
      switch (visual.source) {
        case 'typographic':
          if (!/^type:\S/.test(visual.id) || visual.id.length > 80) {
            throw new ValidationFailed('Key words must be 1 to 75 characters.', 'scenes');
          }
          break;
        case 'image':
        case 'clip':
          if (
            !(await isOwnUpload(this.deps.storage, user.id, visual.id)) ||
            (visual.source === 'clip') !== CLIP_URL.test(visual.id)
          ) {
            throw new ValidationFailed(UPLOAD_NOT_FOUND_MESSAGE, 'scenes');
          }
          break;
        case 'stock': {
          const offered = (id ? shotsById.get(id)?.candidates : undefined)?.find(
            (candidate) => candidate.source === 'stock' && candidate.id === visual.id,
          )?.asset;
          const asset = offered ?? (await this.searchedAsset(visual.id, settings));
          if (!asset) throw new ValidationFailed(STOCK_GONE_MESSAGE, 'scenes');
          stockAssets.set(visual.id, asset);
          break;
        }
        case 'ai':
          if (!isAiSource(settings.sceneSource)) {
            throw new ValidationFailed(AI_VISUAL_MESSAGE, 'scenes');
          }
          if (!visual.prompt) {
            throw new ValidationFailed('Please describe what the AI visual should show.', 'scenes');
          }
          break;
        default:
          break;
      }
    }
    return stockAssets;
  }

  /** A stock asset a search in the picker answered within the day, as a shot shows it. */
  private async searchedAsset(
    visualId: string,
    settings: BoardSettings,
  ): Promise<StockShotAsset | null> {
    const [provider, assetId] = visualId.split(':');
    if (!this.deps.stock || !assetId || (provider !== 'pexels' && provider !== 'pixabay')) {
      return null;
    }
    const candidate = await this.deps.stock.offeredAsset(provider, assetId);
    return candidate ? shotAssetOf(candidate, SCENE_SIZES[settings.aspectRatio]) : null;
  }

  /** A stock search result as the picker offers it, its details kept for the render. */
  private stockCandidate(candidate: StockCandidate, settings: BoardSettings): BoardCandidate[] {
    const asset = shotAssetOf(candidate, SCENE_SIZES[settings.aspectRatio]);
    if (!asset) return [];
    return [
      {
        source: 'stock',
        id: `${candidate.provider}:${candidate.assetId}`,
        thumbnailUrl: asset.thumbnailUrl
          ? this.deps.stockThumbnails.link(asset.thumbnailUrl)
          : null,
        label: asset.label,
        credit: stockCredit(candidate),
        asset,
      },
    ];
  }
}

/**
 * A finished video's plan as a remix opens it: its scenes as the voice timed them. The pictures
 * key words and stock assets it showed stay chosen (a stock asset from the video's own copy), so
 * an unchanged scene renders the same; a member's photo stays the renderer's to place.
 */
function remixPlanOf(generatedPrompt: string | null, title: string): Storyboard {
  const plan = JSON.parse(generatedPrompt ?? '{"scenes": []}') as Storyboard;
  if (plan.scenes.length === 0) throw new ValidationFailed(REMIX_NO_PLAN_MESSAGE);
  return {
    title: plan.title ?? title,
    omitted: plan.omitted,
    scenes: plan.scenes.map((scene) => ({
      ...scene,
      shots: (scene.shots ?? []).map((shot) => ({
        ...shot,
        visual:
          shot.visual &&
          (shot.visual.source === 'picture' ||
            shot.visual.source === 'typographic' ||
            (shot.visual.source === 'stock' && shot.visual.asset))
            ? { ...shot.visual, chosen: true }
            : shot.visual,
      })),
    })),
  };
}

/** A picture as the picker offers it. */
function pictureCandidate(name: string, matched: readonly string[]): VisualCandidate {
  return {
    source: 'picture',
    id: name,
    thumbnailUrl: scenePictureUrl(name),
    label:
      matched.length > 0 ? `${pictureLabel(name)} (${matched.join(', ')})` : pictureLabel(name),
    credit: null,
  };
}

/** A storyboard's settings from a request's fields (checked, or the remixed video's) and music. */
function settingsOf(
  fields: {
    title: string;
    description: string;
    aspectRatio: string;
    sceneSource?: string | null;
    sourceImageUrl: string | null;
    sceneImageUrls?: string[] | null;
    watermark: boolean;
    voiceId: string | null;
    voiceSpeed: number;
    captionStyle: string;
  },
  music: BoardSettings['music'] | null,
): BoardSettings {
  return {
    title: fields.title,
    description: fields.description,
    aspectRatio: fields.aspectRatio === 'portrait' ? 'portrait' : 'landscape',
    sceneSource: (fields.sceneSource ?? 'offline') as BoardSettings['sceneSource'],
    sourceImageUrl: fields.sourceImageUrl,
    sceneImageUrls: fields.sceneImageUrls ?? null,
    watermark: fields.watermark,
    voiceId: fields.voiceId,
    voiceSpeed: fields.voiceSpeed,
    captionStyle: captionStyleOf(fields.captionStyle),
    music: music ?? DEFAULT_MUSIC,
  };
}

/** A storyboard's settings as Create's input, for the same checks. */
function settingsAsInput(settings: BoardSettings) {
  return {
    title: settings.title,
    description: settings.description,
    aspectRatio: settings.aspectRatio,
    sceneSource: settings.sceneSource,
    sourceImageUrl: settings.sourceImageUrl,
    sceneImageUrls: settings.sceneImageUrls ?? undefined,
    watermark: settings.watermark,
    voiceId: settings.voiceId,
    voiceSpeed: settings.voiceSpeed,
    captionStyle: settings.captionStyle,
  };
}

/** Whether an ISO time the client echoes names the stored instant (to the millisecond). */
function sameInstant(stored: Date, echoed: string): boolean {
  const time = Date.parse(echoed);
  return Number.isFinite(time) && time === stored.getTime();
}

/** Whether a paid model makes the scenes (they show its footage, not our pictures). */
function isAiSource(source: string): boolean {
  return source === 'ai-video' || source === 'ai-image';
}
