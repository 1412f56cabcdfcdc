import type { StoryboardSceneView, StoryboardView } from '@shared/schemas/storyboards';
import { describe, expect, it } from 'vitest';
import { makeStoryboard, makeStoryboardScene } from '@/entities/storyboards/test-storyboards';
import {
  addScene,
  changeSettings,
  chooseVisual,
  draftOf,
  editNarration,
  hasUnsavedChanges,
  moveScene,
  problemWith,
  removeScene,
  savedDraft,
  shownVisual,
  takeSave,
  unsavedDraft,
} from './storyboard-draft';

const picture = { source: 'picture' as const, id: 'sailboat' };
const sailboat = {
  source: 'picture' as const,
  id: 'sailboat',
  label: 'Sailboat',
  thumbnailUrl: '/api/scene-pictures/sailboat.svg',
};

/** The server's answer to a PATCH that sent these scenes, numbered in the order sent. */
function answered(
  view: StoryboardView,
  scenes: StoryboardSceneView[],
  updatedAt = '2026-05-01T10:00:05.000Z',
): StoryboardView {
  return {
    ...view,
    updatedAt,
    scenes: scenes.map((scene, index) => ({ ...scene, number: index + 1 })),
  };
}

describe('the storyboard draft', () => {
  it('sends nothing until the member changes something, then the whole scene list in order', () => {
    const view = makeStoryboard();
    let draft = draftOf(view);
    expect(hasUnsavedChanges(draft)).toBe(false);

    draft = editNarration(draft, draft.scenes[1]?.key ?? '', 'Lanterns glow over the boats.');
    const { body, draft: sending } = takeSave(draft);
    expect(body).toEqual({
      updatedAt: view.updatedAt,
      scenes: [
        { number: 1, narration: view.scenes[0]?.narration, shots: [{ id: 's1' }, { id: 's2' }] },
        { number: 2, narration: 'Lanterns glow over the boats.', shots: [{ id: 's3' }] },
      ],
    });
    expect(hasUnsavedChanges(sending)).toBe(false);
  });

  it('reorders by the numbers last read, and sends an added scene without one', () => {
    const view = makeStoryboard({ maxScenes: 4 });
    let draft = draftOf(view);
    const [first, second] = draft.scenes;
    draft = moveScene(draft, second?.key ?? '', 0);
    draft = addScene(draft).draft;
    draft = editNarration(draft, draft.scenes[2]?.key ?? '', 'A third scene.');
    expect(takeSave(draft).body.scenes?.map((scene) => [scene.number, scene.narration])).toEqual([
      [2, second?.narration],
      [1, first?.narration],
      [undefined, 'A third scene.'],
    ]);

    const removed = removeScene(draft, first?.key ?? '');
    expect(takeSave(removed).body.scenes?.map((scene) => scene.number)).toEqual([2, undefined]);
    // Never below one scene.
    const one = removeScene(removeScene(removed, removed.scenes[1]?.key ?? ''), second?.key ?? '');
    expect(one.scenes).toHaveLength(1);
  });

  it('sends a chosen picture with its shot, and shows it until the answer comes', () => {
    const view = makeStoryboard();
    let draft = draftOf(view);
    const shot = draft.scenes[1]?.shots[0];
    if (!shot) throw new Error('no shot');
    draft = chooseVisual(draft, shot.id, { input: picture, shown: sailboat });
    expect(shownVisual(draft, shot)).toEqual(sailboat);
    expect(takeSave(draft).body.scenes?.[1]?.shots).toEqual([{ id: 's3', visual: picture }]);

    // "Let Reelforge choose" sends null.
    const auto = chooseVisual(draft, shot.id, { input: null, shown: null });
    expect(shownVisual(auto, shot)).toBeNull();
    expect(takeSave(auto).body.scenes?.[1]?.shots).toEqual([{ id: 's3', visual: null }]);
  });

  it('sends only the settings that changed, without the scenes', () => {
    const draft = changeSettings(draftOf(makeStoryboard()), {
      voiceSpeed: 1.2,
      music: { enabled: false, mood: 'calm' },
    });
    expect(takeSave(draft).body).toEqual({
      updatedAt: '2026-05-01T10:00:00.000Z',
      voiceSpeed: 1.2,
      music: { enabled: false, mood: 'calm' },
    });
  });

  it('folds the answer in, keeping the words and choices made while it was on its way', () => {
    const view = makeStoryboard();
    let draft = draftOf(view);
    const [one, two] = draft.scenes;
    draft = editNarration(draft, two?.key ?? '', 'Lanterns glow.');
    draft = chooseVisual(draft, 's1', { input: picture, shown: sailboat });
    const save = takeSave(draft);

    // Meanwhile: more words in scene 1, and the scenes swapped.
    let now = editNarration(save.draft, one?.key ?? '', 'Boats at dawn, still typing');
    now = moveScene(now, two?.key ?? '', 0);
    now = chooseVisual(now, 's3', { input: null, shown: null });

    const re = makeStoryboardScene(2, 'Lanterns glow.', [{ id: 's3', text: 'Lanterns glow.' }]);
    const answer = answered(view, [
      { ...(view.scenes[0] as StoryboardSceneView), fitSeconds: 4 },
      { ...re, fitSeconds: 2.1 },
    ]);
    answer.scenes[0] = {
      ...(answer.scenes[0] as StoryboardSceneView),
      shots: (answer.scenes[0]?.shots ?? []).map((shot, index) =>
        index === 0 ? { ...shot, visual: sailboat } : shot,
      ),
    };
    const folded = savedDraft(now, save.sent, answer);

    expect(folded.updatedAt).toBe(answer.updatedAt);
    expect(folded.scenes.map((scene) => [scene.number, scene.narration, scene.fitSeconds])).toEqual(
      [
        [2, 'Lanterns glow.', 2.1],
        [1, 'Boats at dawn, still typing', 4],
      ],
    );
    // The sent choice is saved now; the later one still waits to be sent.
    expect(Object.keys(folded.choices)).toEqual(['s3']);
    expect(hasUnsavedChanges(folded)).toBe(true);
    expect(takeSave(folded).body).toMatchObject({
      updatedAt: answer.updatedAt,
      scenes: [
        { number: 2, narration: 'Lanterns glow.', shots: [{ id: 's3', visual: null }] },
        { number: 1, narration: 'Boats at dawn, still typing' },
      ],
    });
  });

  it('gives a failed save back as unsaved, dropping a refused picture on request', () => {
    let draft = draftOf(makeStoryboard());
    draft = changeSettings(draft, { watermark: false });
    draft = chooseVisual(draft, 's1', { input: picture, shown: sailboat });
    const save = takeSave(draft);
    const kept = unsavedDraft(save.draft, save.sent, false);
    expect(kept.scenesChanged).toBe(true);
    expect(kept.settingsChanged).toEqual(['watermark']);
    expect(Object.keys(kept.choices)).toEqual(['s1']);
    expect(unsavedDraft(save.draft, save.sent, true).choices).toEqual({});
  });

  it("checks a body with the route's schema and names the scene or field at fault", () => {
    let draft = draftOf(makeStoryboard());
    draft = editNarration(draft, draft.scenes[1]?.key ?? '', 'word '.repeat(90));
    expect(problemWith(takeSave(draft).body, draft)).toEqual({
      message: "A scene's narration must be 400 characters or less.",
      sceneKey: draft.scenes[1]?.key,
      field: null,
    });
    const untitled = changeSettings(draftOf(makeStoryboard()), { title: '  ' });
    expect(problemWith(takeSave(untitled).body, untitled)).toMatchObject({ field: 'title' });
  });
});
