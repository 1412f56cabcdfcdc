// A storyboard as stored: the render's settings and the planner's scenes, each shot with a stable
// id, the visual the member chose (or null: the renderer chooses) and the candidates the picker
// offers. Pure: presenting it, and applying a member's new list of scenes.
import type { AspectRatio, SceneSource } from '../../../shared/catalogue';
import type {
  Music,
  StoryboardScenePatch,
  StoryboardView,
  VisualCandidate,
} from '../../../shared/schemas/storyboards';
import type {
  ShotVisual,
  StockShotAsset,
  Storyboard,
  StoryboardScene,
  StoryboardShot,
} from '../../../shared/schemas/videos';
import type { CaptionStyle } from '../../../shared/schemas/voices';
import { fitScene } from '../../generation/planner/scene-fit';

/** What the render is asked for (the fields of a video request), plus music. */
export type BoardSettings = {
  title: string;
  description: string;
  aspectRatio: AspectRatio;
  sceneSource: SceneSource;
  sourceImageUrl: string | null;
  sceneImageUrls: string[] | null;
  watermark: boolean;
  voiceId: string | null;
  voiceSpeed: number;
  captionStyle: CaptionStyle;
  music: Music;
};

/** A candidate as stored: a stock asset keeps what the render needs, which the API never shows. */
export type BoardCandidate = VisualCandidate & { asset?: StockShotAsset };
export type BoardShot = StoryboardShot & { id: string; candidates: BoardCandidate[] };
export type BoardScene = Omit<StoryboardScene, 'shots'> & { shots: BoardShot[] };
export type StoredBoard = {
  title: string;
  scenes: BoardScene[];
  omitted?: string[];
  /** The next shot id to hand out (`s{n}`): ids are never reused within a storyboard. */
  nextShotId: number;
};

/** A storyboard row's parts that presenting needs. */
export type BoardRecord = {
  id: number;
  settings: BoardSettings;
  board: StoredBoard;
  contentId: number | null;
  requestId: number | null;
  renderedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Whether a voice speaks the video (scenes then last as long as their speech). */
export function isVoiced(settings: Pick<BoardSettings, 'voiceId'>): boolean {
  return settings.voiceId !== null;
}

/**
 * Gives each shot of a plan its id and candidates; a fresh plan's shots show what the renderer
 * chooses, a remixed video's (`keepVisuals`) what they showed.
 */
export function boardOf(
  plan: Storyboard,
  candidates: BoardCandidate[][][],
  { keepVisuals = false } = {},
): StoredBoard {
  let next = 1;
  const scenes = plan.scenes.map((scene, sceneIndex) => ({
    ...scene,
    shots: (scene.shots ?? []).map((shot, shotIndex) => ({
      ...shot,
      visual: keepVisuals ? shot.visual : null,
      id: `s${next++}`,
      candidates: candidates[sceneIndex]?.[shotIndex] ?? [],
    })),
  }));
  return { title: plan.title, scenes, omitted: plan.omitted, nextShotId: next };
}

/**
 * The member's new list of scenes applied to the board: each scene found by its number (or its
 * shots' ids), its narration measured and cut into shots again, the chosen visuals kept by
 * position unless the patch names new ones. A scene the board did not have borrows its look
 * (prompt, camera, mood) from the scene before it. Shots whose text changed are returned for new
 * candidates.
 */
export function applyScenes(
  board: StoredBoard,
  patch: readonly StoryboardScenePatch[],
  settings: Pick<BoardSettings, 'voiceId' | 'voiceSpeed'>,
  /** The stock assets the patch chooses, by visual id (checked by the service). */
  stockAssets: ReadonlyMap<string, StockShotAsset> = new Map(),
): { board: StoredBoard; changedShots: BoardShot[] } {
  let nextShotId = board.nextShotId;
  const ownerOf = new Map<string, BoardScene>();
  for (const scene of board.scenes) for (const shot of scene.shots) ownerOf.set(shot.id, scene);
  const changedShots: BoardShot[] = [];
  const count = patch.length;
  const scenes = patch.map((entry, index): BoardScene => {
    const source =
      (entry.number !== undefined
        ? board.scenes.find((scene) => scene.number === entry.number)
        : undefined) ??
      entry.shots.map((shot) => (shot.id ? ownerOf.get(shot.id) : undefined)).find(Boolean) ??
      null;
    const look = source ?? board.scenes[Math.max(0, Math.min(index - 1, board.scenes.length - 1))];
    const fit = fitScene(entry.narration, index, count, {
      voiceSpeed: settings.voiceSpeed,
      voiced: isVoiced(settings),
    });
    // What each position shows: the scene's visuals as stored, then the patch's choices.
    const oldShots = source?.shots ?? [];
    const visuals: Array<ShotVisual | null> = oldShots.map((shot) => shot.visual);
    entry.shots.forEach((shot, position) => {
      if (shot.visual === undefined) return;
      const at = shot.id ? oldShots.findIndex((old) => old.id === shot.id) : -1;
      const place = at >= 0 ? at : position;
      const current = visuals[place];
      // Sent back as it was read: kept as it is (a remixed video's stock shot stays the
      // renderer's to place).
      if (shot.visual && current && sameVisual(current, shot.visual)) return;
      visuals[place] = shot.visual ? chosenVisual(shot.visual, stockAssets) : null;
    });
    // Unchanged words keep their shots as they are (a remix's scenes as the voice timed them), so
    // an unchanged scene renders the same and its segment is reused.
    const cut = source && source.narration === entry.narration ? oldShots : fit.shots;
    const shots = cut.map((shot, position): BoardShot => {
      const old = oldShots[position];
      const id = old?.id ?? `s${nextShotId++}`;
      const made: BoardShot = {
        ...shot,
        id,
        visual: visuals[position] ?? null,
        candidates: old && old.text === shot.text ? old.candidates : [],
      };
      if (!old || old.text !== shot.text) changedShots.push(made);
      return made;
    });
    return {
      ...(look as BoardScene),
      number: index + 1,
      narration: entry.narration,
      caption: entry.narration,
      ...(source && source.narration === entry.narration
        ? {}
        : { durationSeconds: fit.durationSeconds, speed: fit.speed }),
      startSeconds: undefined,
      // A call to action written on screen belongs to the scene it was planned for, unedited.
      overlay: source && source.narration === entry.narration ? (source.overlay ?? null) : null,
      shots,
    };
  });
  return { board: { ...board, scenes, nextShotId }, changedShots };
}

/** Whether a visual sent is the one a shot shows (its source, id, offset and prompt). */
export function sameVisual(
  current: { source: string; id: string; offset?: number; prompt?: string },
  sent: { source: string; id: string; offset?: number; prompt?: string },
): boolean {
  return (
    current.source === sent.source &&
    current.id === sent.id &&
    (current.offset ?? null) === (sent.offset ?? null) &&
    (current.prompt ?? null) === (sent.prompt ?? null)
  );
}

/** A visual as the member sent it, marked chosen (its label and words are filled in on show). */
function chosenVisual(
  input: NonNullable<StoryboardScenePatch['shots'][number]['visual']>,
  stockAssets: ReadonlyMap<string, StockShotAsset>,
) {
  const visual: ShotVisual = { source: input.source, id: input.id, words: [], chosen: true };
  if (input.offset !== undefined) visual.offset = input.offset;
  if (input.prompt !== undefined) visual.prompt = input.prompt;
  const asset = input.source === 'stock' ? stockAssets.get(input.id) : undefined;
  if (asset) visual.asset = asset;
  return visual;
}

/** A candidate as the API shows it (a stock asset's download details stay with us). */
export function publicCandidate({ asset: _asset, ...candidate }: BoardCandidate): VisualCandidate {
  return candidate;
}

/** Links a stock thumbnail through our origin (the service's host is not in our CSP). */
export type ThumbnailLink = (url: string) => string;

/** The plan a render follows: the board without ids and candidates. */
export function planOf(board: StoredBoard): Storyboard {
  return {
    title: board.title,
    omitted: board.omitted,
    scenes: board.scenes.map(({ shots, ...scene }) => ({
      ...scene,
      shots: shots.map(({ id: _id, candidates: _candidates, ...shot }) => shot),
    })),
  };
}

/** Scenes whose speech does not fit its 8 s, by number. */
export function scenesTooLong(
  board: StoredBoard,
  settings: Pick<BoardSettings, 'voiceId' | 'voiceSpeed'>,
): number[] {
  return board.scenes.flatMap((scene, index) =>
    measure(scene, index, board.scenes.length, settings).fits ? [] : [scene.number],
  );
}

function measure(
  scene: BoardScene,
  index: number,
  count: number,
  settings: Pick<BoardSettings, 'voiceId' | 'voiceSpeed'>,
) {
  return fitScene(scene.narration, index, count, {
    voiceSpeed: settings.voiceSpeed,
    voiced: isVoiced(settings),
  });
}

/** A picture's label from its icon name: `hot-beverage` → "Hot beverage". */
export function pictureLabel(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a chosen visual is called and shows in the editor. */
function visualView(
  visual: ShotVisual,
  candidates: readonly VisualCandidate[],
  link: ThumbnailLink,
) {
  const offered = candidates.find(
    (candidate) => candidate.source === visual.source && candidate.id === visual.id,
  );
  const fallback =
    visual.source === 'picture'
      ? { label: pictureLabel(visual.id), thumbnailUrl: scenePictureUrl(visual.id) }
      : visual.source === 'typographic'
        ? { label: visual.id.replace(/^type:/, ''), thumbnailUrl: null }
        : visual.source === 'image'
          ? { label: 'Your image', thumbnailUrl: visual.id }
          : visual.source === 'clip'
            ? { label: 'Your clip', thumbnailUrl: null }
            : visual.source === 'ai'
              ? { label: 'AI visual', thumbnailUrl: null }
              : visual.asset
                ? {
                    label: visual.asset.label,
                    thumbnailUrl: visual.asset.thumbnailUrl
                      ? link(visual.asset.thumbnailUrl)
                      : null,
                  }
                : { label: visual.id, thumbnailUrl: null };
  return {
    source: visual.source,
    id: visual.id,
    label: offered?.label ?? fallback.label,
    thumbnailUrl: offered?.thumbnailUrl ?? fallback.thumbnailUrl,
    ...(visual.offset !== undefined ? { offset: visual.offset } : {}),
    ...(visual.prompt !== undefined ? { prompt: visual.prompt } : {}),
  };
}

/** What a shot looks like in a list: its chosen visual's picture, else its first candidate's. */
export function shotThumbnail(shot: BoardShot, link: ThumbnailLink): string | null {
  const chosen = shot.visual ? visualView(shot.visual, shot.candidates, link).thumbnailUrl : null;
  return (
    chosen ?? shot.candidates.find((candidate) => candidate.thumbnailUrl)?.thumbnailUrl ?? null
  );
}

/** Where the editor loads an offline picture from. */
export function scenePictureUrl(name: string): string {
  return `/api/scene-pictures/${encodeURIComponent(name)}.svg`;
}

export function presentBoard(
  record: BoardRecord,
  maxScenes: number,
  link: ThumbnailLink,
): StoryboardView {
  const { settings, board } = record;
  return {
    id: record.id,
    updatedAt: record.updatedAt.toISOString(),
    createdAt: record.createdAt.toISOString(),
    status: record.renderedAt ? 'rendered' : 'draft',
    title: settings.title,
    description: settings.description,
    aspectRatio: settings.aspectRatio,
    sceneSource: settings.sceneSource,
    watermark: settings.watermark,
    voiceId: settings.voiceId,
    voiceSpeed: settings.voiceSpeed,
    captionStyle: settings.captionStyle,
    music: settings.music,
    maxScenes,
    videoId: record.contentId,
    requestId: record.requestId,
    scenes: board.scenes.map((scene, index) => {
      const fit = measure(scene, index, board.scenes.length, settings);
      return {
        number: scene.number,
        narration: scene.narration,
        fitSeconds: fit.fitSeconds,
        fits: fit.fits,
        shots: scene.shots.map((shot) => ({
          id: shot.id,
          text: shot.text,
          start: shot.start,
          end: shot.end,
          visual: shot.visual ? visualView(shot.visual, shot.candidates, link) : null,
          candidates: shot.candidates.map(publicCandidate),
        })),
      };
    }),
  };
}
