// Which scenes a combination takes (spec/product.md §3 "Selected scenes"): choosing a whole video
// takes scenes 1 to N, a list of scene numbers takes part of it. Pure rules, so the dialog only
// wires them to toggles and the tests pin them down without rendering.
import type { CombineVideosInput } from '@shared/schemas/library';

export type CombineSource = { id: number; scenes: number };

/** Chosen scene numbers per video id, in scene order. */
export type SceneChoice = ReadonlyMap<number, readonly number[]>;

/** The key of one scene of one video in the set of scenes left out. */
export function sceneKey(videoId: number, scene: number): string {
  return `${videoId}:${scene}`;
}

/**
 * Every scene of every video except those left out: Combine starts with whole videos, and the
 * member unticks what they do not want (kept as what is left out, so a changed selection of
 * videos needs no reset).
 */
export function chosenScenes(
  sources: readonly CombineSource[],
  leftOut: ReadonlySet<string>,
): SceneChoice {
  return new Map(
    sources.map((source) => [
      source.id,
      Array.from({ length: source.scenes }, (_, index) => index + 1).filter(
        (scene) => !leftOut.has(sceneKey(source.id, scene)),
      ),
    ]),
  );
}

export function chosenSceneCount(choice: SceneChoice): number {
  let count = 0;
  for (const scenes of choice.values()) count += scenes.length;
  return count;
}

/**
 * The request's videoIds and selectedScenes, in the sources' order: a video left with no scene
 * is left out, one with all its scenes needs no entry of its own.
 */
export function combineSelection(
  sources: readonly CombineSource[],
  choice: SceneChoice,
): Pick<CombineVideosInput, 'videoIds' | 'selectedScenes'> {
  const chosen = sources.filter((source) => (choice.get(source.id) ?? []).length > 0);
  const partial = chosen.flatMap((source) => {
    const scenes = choice.get(source.id) ?? [];
    return scenes.length === source.scenes ? [] : [{ videoId: source.id, scenes: [...scenes] }];
  });
  return {
    videoIds: chosen.map((source) => source.id),
    ...(partial.length > 0 ? { selectedScenes: partial } : {}),
  };
}
