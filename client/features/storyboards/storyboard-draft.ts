// The editor's working copy of a storyboard, as pure rules: the member's edits (narration, order,
// added and removed scenes, chosen pictures, settings) apply at once, and each save takes what
// changed into one PATCH body, then folds the server's answer back in without undoing what the
// member did while it was on its way. The server owns the measures (fit, shots, candidates); the
// member owns the words and choices until they are saved.
import {
  type Music,
  type ShotVisualInput,
  type StoryboardShotView,
  type StoryboardView,
  type StoryboardVisual,
  storyboardPatchSchema,
} from '@shared/schemas/storyboards';
import type { CaptionStyle } from '@shared/schemas/voices';
import type { z } from 'zod';

export type DraftSettings = {
  title: string;
  voiceId: string | null;
  voiceSpeed: number;
  captionStyle: CaptionStyle;
  music: Music;
  watermark: boolean;
};
export type SettingName = keyof DraftSettings;

/** A picture the member chose and has not saved yet: what to send, and what to show meanwhile. */
export type VisualChoice = { input: ShotVisualInput | null; shown: StoryboardVisual | null };

export type DraftScene = {
  /** Stable while the editor is open (React's key, and how answers find their scene). */
  key: string;
  /** The scene's number as last read from the server; null for a scene not saved yet. */
  number: number | null;
  narration: string;
  /** The narration the measure below is of (as the server saved it). */
  measured: string;
  /** As last measured by the server. */
  fitSeconds: number;
  fits: boolean;
  shots: StoryboardShotView[];
};

export type Draft = {
  /** Sent back with each PATCH; the server refuses a stale one. */
  updatedAt: string;
  scenes: DraftScene[];
  settings: DraftSettings;
  /** Unsaved picture choices, by shot id. */
  choices: Record<string, VisualChoice>;
  /** The scene list (order, words or pictures) changed since the last save was sent. */
  scenesChanged: boolean;
  /** The settings changed since the last save was sent. */
  settingsChanged: SettingName[];
};

export type StoryboardPatchBody = z.input<typeof storyboardPatchSchema>;

/** What one save sent, to fold its answer in (and to restore, should it fail). */
export type SentSave = {
  /** The keys of the scenes sent, in order; null when the scenes were not sent. */
  sceneKeys: string[] | null;
  choices: Record<string, VisualChoice>;
  settings: SettingName[];
};

let keys = 0;
function newKey(): string {
  keys += 1;
  return `scene-${keys}`;
}

export function draftOf(view: StoryboardView): Draft {
  return {
    updatedAt: view.updatedAt,
    scenes: view.scenes.map((scene) => ({
      key: newKey(),
      number: scene.number,
      narration: scene.narration,
      measured: scene.narration,
      fitSeconds: scene.fitSeconds,
      fits: scene.fits,
      shots: scene.shots,
    })),
    settings: {
      title: view.title,
      voiceId: view.voiceId,
      voiceSpeed: view.voiceSpeed,
      captionStyle: view.captionStyle,
      music: view.music,
      watermark: view.watermark,
    },
    choices: {},
    scenesChanged: false,
    settingsChanged: [],
  };
}

export function hasUnsavedChanges(draft: Draft): boolean {
  return draft.scenesChanged || draft.settingsChanged.length > 0;
}

function withScenes(draft: Draft, scenes: DraftScene[]): Draft {
  return { ...draft, scenes, scenesChanged: true };
}

export function editNarration(draft: Draft, key: string, narration: string): Draft {
  return withScenes(
    draft,
    draft.scenes.map((scene) => (scene.key === key ? { ...scene, narration } : scene)),
  );
}

/** Moves the scene to `toIndex` (clamped to the list). */
export function moveScene(draft: Draft, key: string, toIndex: number): Draft {
  const from = draft.scenes.findIndex((scene) => scene.key === key);
  const to = Math.max(0, Math.min(draft.scenes.length - 1, toIndex));
  if (from < 0 || from === to) return draft;
  const scenes = [...draft.scenes];
  const [moved] = scenes.splice(from, 1);
  if (!moved) return draft;
  scenes.splice(to, 0, moved);
  return withScenes(draft, scenes);
}

/** A new, empty scene at the end; its key, to focus it. */
export function addScene(draft: Draft): { draft: Draft; key: string } {
  const key = newKey();
  const scene: DraftScene = {
    key,
    number: null,
    narration: '',
    measured: '',
    fitSeconds: 0,
    fits: true,
    shots: [],
  };
  return { draft: withScenes(draft, [...draft.scenes, scene]), key };
}

export function removeScene(draft: Draft, key: string): Draft {
  if (draft.scenes.length <= 1) return draft;
  return withScenes(
    draft,
    draft.scenes.filter((scene) => scene.key !== key),
  );
}

/** The member's pick for a shot: a picture, their upload, an AI description, or null (ours). */
export function chooseVisual(draft: Draft, shotId: string, choice: VisualChoice): Draft {
  return { ...draft, choices: { ...draft.choices, [shotId]: choice }, scenesChanged: true };
}

export function changeSettings(draft: Draft, change: Partial<DraftSettings>): Draft {
  const settings = { ...draft.settings, ...change };
  const changed = new Set(draft.settingsChanged);
  for (const name of Object.keys(change) as SettingName[]) changed.add(name);
  return { ...draft, settings, settingsChanged: [...changed] };
}

/** The words changed since the server measured them: a new measure is on its way. */
export function isMeasuring(scene: DraftScene): boolean {
  return scene.narration.trim() !== scene.measured;
}

/** What a shot shows in the editor: an unsaved choice first, else its saved visual. */
export function shownVisual(draft: Draft, shot: StoryboardShotView): StoryboardVisual | null {
  const choice = draft.choices[shot.id];
  return choice ? choice.shown : shot.visual;
}

/** The PATCH body for what changed, and the draft as it stands once that is on its way. */
export function takeSave(draft: Draft): {
  body: StoryboardPatchBody;
  sent: SentSave;
  draft: Draft;
} {
  const body: StoryboardPatchBody = { updatedAt: draft.updatedAt };
  if (draft.scenesChanged) {
    body.scenes = draft.scenes.map((scene) => ({
      ...(scene.number !== null ? { number: scene.number } : {}),
      narration: scene.narration,
      shots: scene.shots.map((shot) => {
        const choice = draft.choices[shot.id];
        return choice ? { id: shot.id, visual: choice.input } : { id: shot.id };
      }),
    }));
  }
  const settings: Record<string, unknown> = body;
  for (const name of draft.settingsChanged) settings[name] = draft.settings[name];
  return {
    body,
    sent: {
      sceneKeys: draft.scenesChanged ? draft.scenes.map((scene) => scene.key) : null,
      choices: { ...draft.choices },
      settings: draft.settingsChanged,
    },
    draft: { ...draft, scenesChanged: false, settingsChanged: [] },
  };
}

/**
 * The server's answer folded into the draft as it now stands: each scene sent takes its new
 * number, measure and shots (found by the key it was sent with, or by its number when only
 * settings were sent); the words the member typed meanwhile stay, and so do choices made since.
 */
export function savedDraft(draft: Draft, sent: SentSave, answer: StoryboardView): Draft {
  const answerOf = new Map<string, StoryboardView['scenes'][number]>();
  if (sent.sceneKeys) {
    sent.sceneKeys.forEach((key, index) => {
      const scene = answer.scenes[index];
      if (scene) answerOf.set(key, scene);
    });
  } else {
    for (const scene of draft.scenes) {
      const found = answer.scenes.find((each) => each.number === scene.number);
      if (found && scene.number !== null) answerOf.set(scene.key, found);
    }
  }
  const scenes = draft.scenes.map((scene) => {
    const found = answerOf.get(scene.key);
    if (!found) return scene;
    return {
      ...scene,
      number: found.number,
      measured: found.narration,
      fitSeconds: found.fitSeconds,
      fits: found.fits,
      shots: found.shots,
    };
  });
  // Choices sent are now the saved visuals; a choice for a shot that is gone goes with it.
  const shotIds = new Set(scenes.flatMap((scene) => scene.shots.map((shot) => shot.id)));
  const choices: Record<string, VisualChoice> = {};
  for (const [id, choice] of Object.entries(draft.choices)) {
    if (sent.choices[id] !== choice && shotIds.has(id)) choices[id] = choice;
  }
  return { ...draft, updatedAt: answer.updatedAt, scenes, choices };
}

/**
 * A save that failed: what it sent counts as unsaved again. A refused picture is dropped (the
 * shot shows its saved one), so the same refusal does not come back with every later edit.
 */
export function unsavedDraft(draft: Draft, sent: SentSave, dropChoices: boolean): Draft {
  const choices = { ...draft.choices };
  if (dropChoices) {
    for (const [id, choice] of Object.entries(sent.choices)) {
      if (choices[id] === choice) delete choices[id];
    }
  }
  return {
    ...draft,
    choices,
    scenesChanged: draft.scenesChanged || sent.sceneKeys !== null,
    settingsChanged: [...new Set([...draft.settingsChanged, ...sent.settings])],
  };
}

/** Where a body the route would refuse goes wrong: its message, and the scene or field it names. */
export type DraftProblem = { message: string; sceneKey: string | null; field: 'title' | null };

/** Checks the body with the route's own schema, so the member reads the same words sooner. */
export function problemWith(body: StoryboardPatchBody, draft: Draft): DraftProblem | null {
  const checked = storyboardPatchSchema.safeParse(body);
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  const [first, index] = issue?.path ?? [];
  return {
    message: issue?.message ?? 'Please check the storyboard and try again.',
    sceneKey:
      first === 'scenes' && typeof index === 'number' ? (draft.scenes[index]?.key ?? null) : null,
    field: first === 'title' ? 'title' : null,
  };
}
