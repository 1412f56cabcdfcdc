// Storyboard PATCH bodies for tests: every scene as read, with the first shot of each given the
// visual `visualOf` answers for its scene's number.
import type { StoryboardView } from '../shared/schemas/storyboards';

export function firstShotVisuals(
  board: StoryboardView,
  visualOf: (sceneNumber: number) => Record<string, unknown>,
) {
  return {
    updatedAt: board.updatedAt,
    scenes: board.scenes.map((scene) => ({
      number: scene.number,
      narration: scene.narration,
      shots: scene.shots.map((shot, position) =>
        position === 0 ? { id: shot.id, visual: visualOf(scene.number) } : { id: shot.id },
      ),
    })),
  };
}
