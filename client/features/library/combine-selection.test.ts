import { describe, expect, it } from 'vitest';
import { chosenSceneCount, chosenScenes, combineSelection, sceneKey } from './combine-selection';

const sources = [
  { id: 41, scenes: 3 },
  { id: 40, scenes: 1 },
];

describe('combine scene selection', () => {
  it('starts with every scene of every video and asks for whole videos', () => {
    const choice = chosenScenes(sources, new Set());
    expect(chosenSceneCount(choice)).toBe(4);
    expect(combineSelection(sources, choice)).toEqual({ videoIds: [41, 40] });
  });

  it('asks for part of a video by its scene numbers, in scene order', () => {
    const choice = chosenScenes(sources, new Set([sceneKey(41, 3)]));
    expect(choice.get(41)).toEqual([1, 2]);
    expect(chosenSceneCount(choice)).toBe(3);
    expect(combineSelection(sources, choice)).toEqual({
      videoIds: [41, 40],
      selectedScenes: [{ videoId: 41, scenes: [1, 2] }],
    });
  });

  it('leaves out a video with no scene chosen', () => {
    const choice = chosenScenes(sources, new Set([sceneKey(40, 1), sceneKey(41, 2)]));
    expect(chosenSceneCount(choice)).toBe(2);
    expect(combineSelection(sources, choice)).toEqual({
      videoIds: [41],
      selectedScenes: [{ videoId: 41, scenes: [1, 3] }],
    });
  });
});
