// A language model's narration checked against the rules the offline planner keeps: every line
// the offline plan says (the hook, each sentence or its shortened form, each list item, the call
// to action) is said, in order; no direction is spoken; no scene runs past 8 s at 1.25×; no
// scene stops on "the" or "with", and the video ends on a sentence's end; with a voice, no scene
// is silent that the offline plan has speaking. An answer that passes gives the scenes' speech
// (narration, speed, length, shots, overlay); one that fails gives the reason, for the log.
import type { Storyboard, StoryboardShot } from '../../../shared/schemas/videos';
import { DANGLING_WORDS, listForm } from './function-words';
import { primaryLanguage } from './language';
import { type ScriptLines, shotsFor } from './local-planner';
import {
  cleanNarration,
  NARRATION_MAX_SPEED,
  NARRATION_WORDS_PER_SECOND,
  narrationWordCount,
  sceneSecondsFor,
  sceneWordCapacity,
  speechStartOf,
  splitNarrationAndVisual,
} from './narration';
import { tokensOf } from './phrases';
import { comparable } from './sentences';
import { SHOT_MAX_SECONDS, SHOT_MIN_SECONDS } from './shots';
import { speakLinks } from './spoken-links';

/** What a model wrote for one scene's voice. */
export type ModelSpeech = { narration: string; shots?: string[] };

/** The speech fields of one planned scene. */
export type SceneSpeech = {
  narration: string;
  speed: number;
  durationSeconds: number;
  shots: StoryboardShot[];
  overlay: string | null;
};

export type SpeechCheck =
  | { ok: true; scenes: SceneSpeech[]; omitted: string[] }
  | { ok: false; reason: string };

const ENDS_SENTENCE =
  /[.!?…。！？]["'”’»」』)\]]*(?:\s|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F|\u200D)*$/u;
const ENDS_PHRASE = /[.!?…。！？,;:、，；：—–]["'”’»」』)\]]*\s*$/u;
const SECONDS_WITHOUT_VOICE = 8;
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;

/**
 * Checks `model` (one entry per scene, null for one it did not write) against the offline plan's
 * lines. `local` is the offline plan for the same input: its silent scenes may stay silent.
 */
export function checkModelSpeech(
  model: ReadonlyArray<ModelSpeech | null | undefined>,
  script: ScriptLines,
  local: Storyboard,
  options: { voiced: boolean; narrationLanguage?: string | null },
): SpeechCheck {
  const count = local.scenes.length;
  const written = model.slice(0, count);
  const usable = written.filter(Boolean).length;
  if (usable < count) return fail(`it wrote ${usable} of ${count} scenes`);
  const spokenLanguage = primaryLanguage(options.narrationLanguage) ?? script.language;
  const vocabulary = script.lines.map((line) => line.source).join('\n');
  const said = written.map((scene) =>
    speakLinks(cleanNarration(scene?.narration ?? ''), spokenLanguage, vocabulary),
  );
  const narrations = said.map((scene) => scene.spoken);

  for (const [index, narration] of narrations.entries()) {
    const where = `scene ${index + 1}`;
    const kept = splitNarrationAndVisual(narration).narration;
    if (comparable(kept) !== comparable(narration)) {
      return fail(`${where} speaks a direction or a label (“${clip(narration)}”)`);
    }
    const weight = narrationWordCount(narration);
    const room = sceneWordCapacity(index, count) * NARRATION_MAX_SPEED;
    if (weight > room + 1e-6) {
      return fail(`${where} says ${weight} words, more than 8 s holds (${Math.floor(room)})`);
    }
    const silentHere = !comparable(narration);
    const speaksOffline = Boolean(local.scenes[index]?.narration.trim());
    if (silentHere && (index === 0 || (options.voiced && speaksOffline))) {
      return fail(`${where} says nothing`);
    }
    // Where a stop or a comma ends it, the phrase is whole ("…bei mittlerer Hitze an.");
    // elsewhere "…with the" was cut off.
    const last = tokensOf(narration).at(-1)?.word ?? '';
    if (last && !ENDS_PHRASE.test(narration) && DANGLING_WORDS.has(listForm(last))) {
      return fail(`${where} ends mid-phrase (“…${clip(narration.slice(-30))}”)`);
    }
  }
  // A model may leave out the video's closing full stop: the voice needs it, the words are whole.
  const lastAt = narrations.findLastIndex((narration) => comparable(narration));
  const lastSpoken = narrations[lastAt] ?? '';
  if (lastAt >= 0 && /[\p{L}\p{N}\p{M}]$/u.test(lastSpoken)) {
    narrations[lastAt] = `${lastSpoken}${CJK.test(lastSpoken.at(-1) ?? '') ? '。' : '.'}`;
  } else if (lastAt >= 0 && !ENDS_SENTENCE.test(lastSpoken)) {
    return fail(`the narration ends mid-phrase (“…${clip(lastSpoken.slice(-30))}”)`);
  }

  // A narration in another language than the member's (the voice's) cannot be compared word for
  // word: the offline plan's left-out lines stand.
  const translated =
    spokenLanguage !== null && script.language !== null && spokenLanguage !== script.language;
  const omitted: string[] = [];
  if (translated) {
    for (const line of script.lines) if (!line.said) omitted.push(line.source);
  } else {
    const joined = ` ${comparable(narrations.join(' '))} `;
    let from = 0;
    for (const line of script.lines) {
      const found = [line.full, line.short]
        .map((form) => comparable(form))
        .filter(Boolean)
        .map((form) => ({ at: joined.indexOf(` ${form} `, from), length: form.length + 1 }))
        .filter((match) => match.at >= 0)
        .sort((a, b) => a.at - b.at)[0];
      if (found) {
        from = found.at + found.length;
      } else if (line.said) {
        return fail(`it leaves out or reorders “${clip(line.source)}”`);
      } else {
        omitted.push(line.source);
      }
    }
  }

  const links = script.lines.flatMap((line) => line.links);
  const scenes = narrations.map((narration, index): SceneSpeech => {
    const weight = narrationWordCount(narration);
    const capacity = sceneWordCapacity(index, count);
    const speed =
      options.voiced && weight > capacity ? Math.ceil((weight / capacity) * 100) / 100 : 1;
    const durationSeconds = options.voiced
      ? sceneSecondsFor(weight, Math.min(speed, NARRATION_MAX_SPEED), index, count)
      : SECONDS_WITHOUT_VOICE;
    const shown = [...(said[index]?.links ?? []), ...links]
      .filter((link) => comparable(narration).includes(comparable(link.spoken)))
      .map((link) => link.written);
    const shots =
      modelShots(written[index]?.shots, narration, {
        durationSeconds,
        index,
        speed,
        voiced: options.voiced,
        language: spokenLanguage,
        vocabulary,
      }) ?? shotsFor(narration, durationSeconds, index, speed, options.voiced);
    return {
      narration,
      speed: Math.min(speed, NARRATION_MAX_SPEED),
      durationSeconds,
      shots,
      overlay: shown.length > 0 ? [...new Set(shown)].join(' · ') : null,
    };
  });
  return { ok: true, scenes, omitted };
}

/**
 * The model's own shots, when they are the narration cut into phrases and each lasts 1.5–4 s at
 * the scene's pace; else null (the offline cut is used).
 */
function modelShots(
  shots: readonly string[] | undefined,
  narration: string,
  scene: {
    durationSeconds: number;
    index: number;
    speed: number;
    voiced: boolean;
    language: string | null;
    vocabulary: string;
  },
): StoryboardShot[] | null {
  if (!shots || shots.length === 0 || shots.length > 12) return null;
  const texts = shots.map(
    (shot) => speakLinks(cleanNarration(shot), scene.language, scene.vocabulary).spoken,
  );
  if (texts.some((text) => !comparable(text))) return null;
  if (comparable(texts.join(' ')) !== comparable(narration)) return null;
  const weights = texts.map((text) => narrationWordCount(text));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const start = scene.voiced ? speechStartOf(scene.index) : 0;
  const rate = scene.voiced
    ? NARRATION_WORDS_PER_SECOND * scene.speed
    : total / scene.durationSeconds || 1;
  let words = 0;
  let previous = 0;
  const out: StoryboardShot[] = [];
  for (const [index, text] of texts.entries()) {
    words += weights[index] ?? 0;
    const end = index === texts.length - 1 ? scene.durationSeconds : round(start + words / rate);
    const length = end - previous;
    if (length < SHOT_MIN_SECONDS - 1e-9 || length > SHOT_MAX_SECONDS + 1e-9) return null;
    out.push({ text, start: round(previous), end: round(end), visual: null });
    previous = end;
  }
  return out;
}

function fail(reason: string): SpeechCheck {
  return { ok: false, reason };
}

function clip(text: string): string {
  const clean = text.replace(/\s+/gu, ' ').trim();
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
