// remix_scene: a new version of a finished video with one scene's narration and/or picture changed
// (Pro and Elite), the way the web editor makes one: open the video's remix storyboard
// (POST /api/videos/{id}/remix), change the scene (PATCH /api/storyboards/{id}), render it
// (POST /api/storyboards/{id}/render).
import { z } from 'zod';
import {
  type ShotVisualInput,
  type StoryboardScenePatch,
  type StoryboardView,
  shotVisualInputSchema,
  storyboardScenePatchSchema,
} from '../../../../shared/schemas/storyboards';
import { ValidationFailed } from '../../../errors';
import type { Caller } from '../../../http/session';
import type { StoryboardsService } from '../../storyboards';
import { defineTool, type McpTool, scopeOfRoutes } from '../tool';
import { videoIdArgument } from './arguments';

const SCENE_MESSAGE = 'scene must be the number of one of the video’s scenes, counting from 1.';
const NOTHING_TO_CHANGE_MESSAGE = 'Please give the scene a new narration, a new picture, or both.';

function sceneNotFoundMessage(count: number): string {
  return `This video has ${count} scene${count === 1 ? '' : 's'}: choose a scene from 1 to ${count}.`;
}

type SceneChange = { narration?: string; picture?: ShotVisualInput };

/**
 * The storyboard's scenes as a PATCH sends them, the one scene changed. The other scenes keep
 * their words and shots as they are (no visual is sent for them), so they render as before.
 */
function scenesWith(
  board: StoryboardView,
  number: number,
  change: SceneChange,
): StoryboardScenePatch[] {
  return board.scenes.map((scene) => {
    const changed = scene.number === number;
    return {
      number: scene.number,
      narration: changed && change.narration !== undefined ? change.narration : scene.narration,
      shots:
        changed && change.picture
          ? scene.shots.map((shot) => ({ id: shot.id, visual: change.picture }))
          : [],
    };
  });
}

export function remixTools({ storyboards }: { storyboards: StoryboardsService }): McpTool[] {
  /** Saves one change of the scene into the storyboard, as the editor's save does. */
  const change = (caller: Caller, board: StoryboardView, number: number, what: SceneChange) =>
    storyboards.update(caller, board.id, {
      updatedAt: board.updatedAt,
      scenes: scenesWith(board, number, what),
    });

  return [
    defineTool({
      name: 'remix_scene',
      title: 'Remix a scene',
      description:
        "Makes a finished video's next version with one scene changed (Pro and Elite): its " +
        'narration, the picture its shots show, or both; the other scenes stay as they are. The ' +
        "change goes into the video's one open remix storyboard, the one the web editor opens " +
        '(edits waiting there are rendered too), which is then rendered: answers the new render ' +
        'as create_video does. Read it with get_video; the video keeps its id and gets the new version.',
      scope: scopeOfRoutes(
        'POST /api/videos/:id/remix',
        'PATCH /api/storyboards/:id',
        'POST /api/storyboards/:id/render',
      ),
      rateLimits: ['storyboard', 'create'],
      input: {
        videoId: videoIdArgument,
        scene: z
          .number({ error: SCENE_MESSAGE })
          .int(SCENE_MESSAGE)
          .min(1, SCENE_MESSAGE)
          .max(64, SCENE_MESSAGE)
          .describe('The scene to change, counting from 1.'),
        narration: storyboardScenePatchSchema.shape.narration
          .optional()
          .describe('What the scene now says (it must fit the scene’s 8 seconds).'),
        picture: shotVisualInputSchema
          .optional()
          .describe(
            'What the scene now shows: {"source": "image", "id": url} for one of your uploads ' +
              '(upload_image), {"source": "picture", "id": name} for one of our offline pictures, ' +
              'or {"source": "typographic", "id": "type:Key words"} for words on screen.',
          ),
      },
      run: async ({ videoId, scene, narration, picture }, caller) => {
        if (narration === undefined && picture === undefined) {
          throw new ValidationFailed(NOTHING_TO_CHANGE_MESSAGE, 'narration');
        }
        let board = await storyboards.remix(caller, videoId);
        const target = board.scenes.find((entry) => entry.number === scene);
        if (!target) throw new ValidationFailed(sceneNotFoundMessage(board.scenes.length), 'scene');
        // New words cut the scene into new shots: they are saved first, so that the picture then
        // goes on every shot the new words have.
        if (narration !== undefined && narration !== target.narration) {
          board = await change(caller, board, scene, { narration });
        }
        if (picture) board = await change(caller, board, scene, { picture });
        return storyboards.render(caller, board.id);
      },
    }),
  ];
}
