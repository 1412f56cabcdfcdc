// The offline scene planner (default): turns a title and a description into N storyboard scenes
// with no network and no randomness, so the same input always gives the same plan.
//
// How it works:
// - A description written as 'Scene 1: … Scene 2: …' (what the prompt tips recommend) is cut at
//   those markers: each marked part is one scene's text, never merged with another's, unless the
//   member marked more scenes than the video has (then neighbours share, in order). Text before
//   the first marker sets the scene for every prompt.
// - Otherwise the description is cut into sentences (line breaks, . ! ? … and their CJK forms) and
//   the sentences are dealt out to the scenes in order, in groups of about equal length.
// - With fewer sentences than scenes, sentences are split at clause breaks (commas, dashes,
//   "then", "while"…), the title becomes an opening hook, and finally sentences are split into
//   word groups, so a one-sentence description still gives N distinct beats.
// - Each scene gets a story beat (establishing, detail close-up, action, closing; one scene is a
//   hero shot), a camera move not repeated within the plan, and mood words and lighting matched
//   from keywords of its text (else of the whole text, else picked by a stable hash).
// - Template lines of Creator Engine jobs are read first (brief.ts): film style, "This time",
//   settings and other picture-only lines never become a scene's text; the call to action closes
//   the last scene's narration.
// - Narration (what the voice says, also the caption) is the member's own sentences of the scene,
//   with directing sentences and clauses taken out (narration.ts), each sentence spoken once, cut
//   to what the scene's seconds hold. Scene 1 always speaks: the title when nothing else is left.
// - Visual (for image and video models) is the scene's whole text plus its camera, light, mood,
//   the job's style lines and the frame.
// - The prompt is written for a video model: beat + the member's words + direction + camera +
//   lighting + mood + style + continuity + frame (16:9 or 9:16) + reference image + a style line.
import { PLAN_RULES, SECONDS_PER_SCENE } from '../../../shared/plans';
import type { PlannedScene, ScenePlan } from '../../../shared/schemas/videos';
import { readBrief } from './brief';
import {
  captionOfNarration,
  narrationWordBudget,
  narrationWordCount,
  shortenNarration,
  splitNarrationAndVisual,
  withoutDirections,
} from './narration';
import type { PlanInput } from './planner';

/** What one scene quotes from the description: keeps prompts inside video models' limits. */
const FOCUS_MAX = 1200;
/** A job's style lines, as every scene's prompt and visual repeat them. */
const STYLE_MAX = 600;
/** Words an 8-second scene speaks. */
const SCENE_WORDS = narrationWordBudget(SECONDS_PER_SCENE);
/**
 * How much a direction weighs against spoken text when scenes are balanced: directions still
 * spread the pictures, but the narration is what must be shared evenly between scenes.
 */
const DIRECTION_WEIGHT = 0.3;
const MAX_SCENES = Math.max(...Object.values(PLAN_RULES).map((rules) => rules.maxScenes));
const UNTITLED = 'Untitled video';

/** The scene count a plan holds: a whole number within 1..the largest plan maximum. */
export function sceneCount(requested: number): number {
  if (!Number.isFinite(requested)) return 1;
  return Math.min(MAX_SCENES, Math.max(1, Math.floor(requested)));
}

export function planLocally(input: PlanInput): ScenePlan {
  const n = sceneCount(input.scenes);
  const title = cleanLine(input.title) || UNTITLED;
  const original = input.description.normalize('NFC');
  const brief = readBrief(original);
  const description = brief.body;
  const whole = `${title}\n${original}`;
  const seed = hash(`${whole}\n${input.aspectRatio}\n${input.hasSourceImage}`);

  const marked = markedScenes(description);
  const sentences = sentencesOf(marked ? marked.scenes.join('\n') : description);
  if (sentences.length === 0) sentences.push(title);
  const units = marked ? markedUnits(marked.scenes, title, n) : unitsFor(sentences, title, n);
  const groups = assignUnits(units, n);
  const context = marked?.preamble ? clampText(marked.preamble, 300) : '';
  const style = clampText(brief.style.map(endSentence).join(' '), STYLE_MAX);
  const narrations = narrate(groups, title, brief.closing);
  const beats = BEAT_SEQUENCES[n] ?? fallbackBeats(n);
  const overallMood = moodOf(whole) ?? pick(FALLBACK_MOODS, seed);
  const firstSentence = sentences[0] ?? title;

  const usedCameras = new Set<string>();
  const scenes: PlannedScene[] = groups.map((group, index) => {
    const beat = beats[index] ?? BEATS.action;
    const subject = cleanLine(unique(group.map((unit) => unit.sentence)).join(' ')) || title;
    const focus = clampText(subject, FOCUS_MAX);
    const only = group.length === 1 ? group[0] : undefined;
    const emphasis = only && !only.hook && only.text !== only.sentence ? only.text : null;
    const mood = moodOf(`${focus} ${emphasis ?? ''}`) ?? overallMood;
    const camera = pickUnused(beat.cameras, seed + index, usedCameras);
    const prompt = [
      `${beat.lead}: ${endSentence(focus)}`,
      context ? `Setting: ${endSentence(context)}` : '',
      emphasis ? `Emphasis on: ${endSentence(emphasis)}` : '',
      beat.direction,
      `Camera: ${camera}.`,
      `Lighting: ${mood.lighting}.`,
      `Mood: ${mood.mood}.`,
      style,
      n === 1
        ? `Story: ${endSentence(title)}`
        : `Scene ${index + 1} of ${n} of ${endSentence(title)} Keep the same main subject, look and colour palette throughout.`,
      focus.includes(firstSentence) || firstSentence === title
        ? ''
        : `Main subject as introduced: ${endSentence(clampText(firstSentence, 200))}`,
      ASPECT_HINTS[input.aspectRatio],
      input.hasSourceImage ? SOURCE_IMAGE_HINT : '',
      STYLE_HINT,
    ]
      .filter(Boolean)
      .join(' ');
    // The whole subject, not the prompt's clamped quote: a description is at most 1500 characters.
    const visual = [
      endSentence(subject),
      context ? `Setting: ${endSentence(context)}` : '',
      style,
      `Camera: ${camera}.`,
      `Lighting: ${mood.lighting}.`,
      `Mood: ${mood.mood}.`,
      ASPECT_HINTS[input.aspectRatio],
    ]
      .filter(Boolean)
      .join(' ');
    const narration = narrations[index] ?? '';
    return {
      number: index + 1,
      prompt,
      narration,
      visual,
      caption: captionOfNarration(narration),
      camera,
      mood: mood.mood,
      durationSeconds: SECONDS_PER_SCENE,
    };
  });
  return { title, scenes };
}

/**
 * Shortens text to at most `max` UTF-16 units, cutting at a word boundary when one is near and
 * never inside an emoji or accented letter, and ends a cut with an ellipsis.
 */
export function clampText(text: string, max: number): string {
  const clean = cleanLine(text);
  if (clean.length <= max) return clean;
  let cut = '';
  for (const { segment } of graphemes.segment(clean)) {
    if (cut.length + segment.length > max - 1) break;
    cut += segment;
  }
  const nextIsSpace = /\s/u.test(clean.charAt(cut.length));
  const lastSpace = cut.lastIndexOf(' ');
  // Without a space in the back half (a long word, or CJK text) a mid-word cut reads better.
  if (!nextIsSpace && lastSpace >= max / 2) cut = cut.slice(0, lastSpace);
  const trimmed = cut.replace(/[\s,;:.\-–—…]+$/u, '');
  return `${trimmed || cut}…`;
}

// --- Text into units -------------------------------------------------------------------------

/**
 * What a unit gives the voice. Units cut from one clause word by word share one Speech, so the
 * clause is spoken once, whole, in the first scene showing any of it.
 */
type Speech = { text: string };

/** A piece of the description that can carry one scene: a sentence or part of one. */
type Unit = {
  text: string;
  speech: Speech;
  /** The whole sentence the piece came from: prompts quote it so the subject is never lost. */
  sentence: string;
  startsSentence: boolean;
  endsSentence: boolean;
  /** The title used as the opening hook. */
  hook: boolean;
};

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const WORDY = /[\p{L}\p{N}]/u;
const BULLET = /^(?:[-*•·–—]+|\d{1,2}[.)])\s+/u;
const SENTENCE_BREAK = /(?<=[.!?…]["'”’)\]]?)\s+(?=\S)|(?<=[。！？])\s*/u;
const CLAUSE_BREAK = /[,;:]\s+|[，；：、]\s*|\s+[-–—]\s+|\s*—\s*/gu;
const CONJUNCTION_BREAK =
  /\s+(?=(?:and then|then|while|but|so|until|before|after|when|as|and|with|where)\s)/giu;
const FUNCTION_WORDS = new Set(
  'a an the to in on at of for with from into onto through across over under by and or but then while as'.split(
    ' ',
  ),
);

function cleanLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

function sentencesOf(description: string): string[] {
  const sentences: string[] = [];
  for (const rawLine of description.split(/\r\n|[\r\n\u2028\u2029]/u)) {
    const line = cleanLine(rawLine).replace(BULLET, '');
    for (const piece of line.split(SENTENCE_BREAK)) {
      const sentence = piece.trim();
      if (!sentence) continue;
      const previous = sentences.at(-1);
      // Emoji or punctuation alone is not a scene: it stays with its neighbour.
      if (previous !== undefined && (!WORDY.test(sentence) || !WORDY.test(previous))) {
        sentences[sentences.length - 1] = `${previous} ${sentence}`;
      } else {
        sentences.push(sentence);
      }
    }
  }
  return sentences;
}

function unitsFor(sentences: string[], title: string, n: number): Unit[] {
  const units: Unit[] = sentences.map((sentence) => ({
    text: sentence,
    speech: { text: sentence },
    sentence,
    startsSentence: true,
    endsSentence: true,
    hook: false,
  }));
  splitUntil(units, n, splitAtClause, false);
  const first = units[0];
  if (
    first &&
    units.length < n &&
    WORDY.test(title) &&
    // Whole words only: a title "Art" is still a hook for "Start the day right".
    !` ${comparable(sentences.join(' '))} `.includes(` ${comparable(title)} `)
  ) {
    units.unshift({
      text: title,
      speech: { text: title },
      sentence: first.sentence,
      startsSentence: true,
      endsSentence: true,
      hook: true,
    });
  }
  splitUntil(units, n, splitAtWord, true);
  return units;
}

type Splitter = (text: string) => [string, string] | null;

/**
 * Splits the longest splittable unit until there are `n` units or nothing more splits. Word
 * groups (`fragments`) keep the speech of the clause they came from: a voice saying "to
 * skateboard" alone is no sentence; pieces split at a clause are spoken on their own.
 */
function splitUntil(units: Unit[], n: number, split: Splitter, fragments: boolean): void {
  while (units.length < n) {
    const order = units
      .map((unit, index) => ({ unit, index }))
      .filter(({ unit }) => !unit.hook)
      .sort((a, b) => b.unit.text.length - a.unit.text.length || a.index - b.index);
    const found = order
      .map(({ unit, index }) => ({ unit, index, parts: split(unit.text) }))
      .find(({ parts }) => parts !== null);
    if (!found?.parts) return;
    const { unit, index, parts } = found;
    const speech = (text: string) => (fragments ? unit.speech : { text });
    units.splice(
      index,
      1,
      { ...unit, text: parts[0], speech: speech(parts[0]), endsSentence: false },
      { ...unit, text: parts[1], speech: speech(parts[1]), startsSentence: false },
    );
  }
}

function splitAtClause(text: string): [string, string] | null {
  return (
    mostBalanced(text, [...text.matchAll(CLAUSE_BREAK)], isSubstantial) ??
    mostBalanced(text, [...text.matchAll(CONJUNCTION_BREAK)], isSubstantial)
  );
}

function isSubstantial(part: string): boolean {
  return WORDY.test(part) && (wordCount(part) >= 2 || part.length >= 4);
}

function mostBalanced(
  text: string,
  breaks: RegExpMatchArray[],
  valid: (part: string) => boolean,
): [string, string] | null {
  let best: { parts: [string, string]; score: number } | null = null;
  for (const match of breaks) {
    const at = match.index ?? 0;
    const parts: [string, string] = [
      text.slice(0, at).trim(),
      text.slice(at + match[0].length).trim(),
    ];
    if (!valid(parts[0]) || !valid(parts[1])) continue;
    const score = Math.abs(parts[0].length - parts[1].length);
    if (!best || score < best.score) best = { parts, score };
  }
  return best?.parts ?? null;
}

/** Last resort: two word groups of at least two words, preferring a break before "to", "in"… */
function splitAtWord(text: string): [string, string] | null {
  const words = text.split(' ').filter(Boolean);
  let best: { parts: [string, string]; score: number } | null = null;
  for (let at = 2; at <= words.length - 2; at += 1) {
    const left = words.slice(0, at).join(' ');
    const right = words.slice(at).join(' ');
    if (!WORDY.test(left) || !WORDY.test(right)) continue;
    let score = Math.abs(left.length - right.length) / text.length;
    if (FUNCTION_WORDS.has(words[at]?.toLowerCase() ?? '')) score -= 0.25;
    if (FUNCTION_WORDS.has(words[at - 1]?.toLowerCase() ?? '')) score += 0.25;
    if (!best || score < best.score) best = { parts: [left, right], score };
  }
  return best?.parts ?? null;
}

/**
 * Deals units to scenes in order: contiguous groups of about equal length (the longest group as
 * short as it can be), or repeated units when there are fewer units than scenes.
 */
function assignUnits(units: Unit[], n: number): Unit[][] {
  if (units.length < n) {
    return Array.from({ length: n }, (_, scene) => {
      const unit = units[Math.floor((scene * units.length) / n)];
      return unit ? [unit] : [];
    });
  }
  const cuts = balancedCuts(units.map(unitWeight), n);
  return cuts.map(([from, to]) => units.slice(from, to));
}

/** A unit's share of a scene: its spoken text in full, its directions at a discount. */
function unitWeight(unit: Unit): number {
  const spoken = splitNarrationAndVisual(unit.text).narration.length;
  return 1 + spoken + DIRECTION_WEIGHT * Math.max(0, unit.text.length - spoken);
}

/**
 * Splits `weights` into `parts` contiguous, non-empty runs whose largest sum is the smallest
 * possible (ties: the earlier runs take more). Small inputs (≤ 4 parts), so a plain DP.
 */
export function balancedCuts(weights: readonly number[], parts: number): Array<[number, number]> {
  const count = weights.length;
  const prefix = [0];
  for (const weight of weights) prefix.push((prefix.at(-1) ?? 0) + weight);
  const sum = (from: number, to: number) => (prefix[to] ?? 0) - (prefix[from] ?? 0);
  // best[k][i]: the smallest largest run when the first i weights form k runs.
  const best: number[][] = Array.from({ length: parts + 1 }, () =>
    new Array<number>(count + 1).fill(Number.POSITIVE_INFINITY),
  );
  const from: number[][] = Array.from({ length: parts + 1 }, () =>
    new Array<number>(count + 1).fill(0),
  );
  (best[0] as number[])[0] = 0;
  for (let k = 1; k <= parts; k += 1) {
    for (let i = k; i <= count - (parts - k); i += 1) {
      for (let j = i - 1; j >= k - 1; j -= 1) {
        const value = Math.max(best[k - 1]?.[j] ?? Number.POSITIVE_INFINITY, sum(j, i));
        if (value < (best[k]?.[i] ?? Number.POSITIVE_INFINITY)) {
          (best[k] as number[])[i] = value;
          (from[k] as number[])[i] = j;
        }
      }
    }
  }
  const cuts: Array<[number, number]> = [];
  let end = count;
  for (let k = parts; k >= 1; k -= 1) {
    const start = from[k]?.[end] ?? 0;
    cuts.unshift([start, end]);
    end = start;
  }
  return cuts;
}

// --- Scene markers ---------------------------------------------------------------------------

/**
 * 'Scene 1:', 'Scene 2 -', 'SCENE 3.', 'Shot 4)': a marker starts the text or follows a space or
 * punctuation, and ends with punctuation, so 'the scene 2 friends saw' is no marker.
 */
const SCENE_MARKER =
  /(?<![\p{L}\p{N}])(?:scene|shot)\s*#?\s*\d{1,2}\s*(?:[:.)\]]|\s[-–—])[*_\s]*/giu;

/** The member's own scene texts, in the order written, and any text before the first marker. */
export function markedScenes(description: string): { preamble: string; scenes: string[] } | null {
  const text = description.normalize('NFC');
  const markers = [...text.matchAll(SCENE_MARKER)];
  if (markers.length === 0) return null;
  const scenes = markers
    .map((marker, index) => {
      const start = (marker.index ?? 0) + marker[0].length;
      const end = markers[index + 1]?.index ?? text.length;
      return cleanLine(text.slice(start, end).replace(/^[*_#\s]+|[*_#\s]+$/gu, ''));
    })
    .filter((scene) => WORDY.test(scene));
  if (scenes.length === 0) return null;
  const preamble = cleanLine(text.slice(0, markers[0]?.index ?? 0).replace(/[*_#]+/gu, ''));
  return { preamble: WORDY.test(preamble) ? preamble : '', scenes };
}

/**
 * One unit per marked scene. Fewer marked scenes than the video holds: the longest is split at a
 * sentence, then a clause, then the title opens, then at a word, until every scene has its own.
 */
function markedUnits(scenes: string[], title: string, n: number): Unit[] {
  const whole = (text: string): Unit => ({
    text,
    speech: { text },
    sentence: text,
    startsSentence: true,
    endsSentence: true,
    hook: false,
  });
  const units = scenes.map(whole);
  splitUntil(units, n, splitAtSentence, false);
  // A marked scene split at a sentence is two whole texts: each prompt quotes only its own.
  const split = units.map((unit) => whole(unit.text));
  if (split.length >= n) return split;
  const sentences = split.map((unit) => unit.text);
  return unitsFor(sentences, title, n);
}

function splitAtSentence(text: string): [string, string] | null {
  const sentences = sentencesOf(text);
  if (sentences.length < 2) return null;
  const [first, second] = balancedCuts(
    sentences.map((sentence) => sentence.length + 1),
    2,
  );
  if (!first || !second) return null;
  return [
    sentences.slice(first[0], first[1]).join(' '),
    sentences.slice(second[0], second[1]).join(' '),
  ];
}

// --- Narration ---------------------------------------------------------------------------------

/**
 * Each scene's narration: the spoken part of its units' speech, each speech once (a unit shown
 * again in a later scene is not said again), cut to the scene's words. The call to action closes
 * the last scene and keeps its room; scene 1 falls back to the title, so a video always speaks.
 */
function narrate(groups: Unit[][], title: string, closing: string): string[] {
  const spoken = new Set<Speech>();
  const texts = groups.map((group) => {
    const fresh = [...new Set(group.map((unit) => unit.speech))].filter((speech) => {
      if (spoken.has(speech)) return false;
      spoken.add(speech);
      return true;
    });
    const text = fresh
      .map((speech) => splitNarrationAndVisual(speech.text).narration)
      .filter(Boolean)
      .join(' ');
    // Punctuation or emoji alone gives the voice nothing to say.
    return narrationWordCount(text) > 0 ? text : '';
  });
  if (!texts[0]) {
    const subject = groups[0]?.map((unit) => unit.sentence).join(' ') ?? '';
    texts[0] = fallbackNarration(title, subject);
  }
  const callToAction = shortenNarration(splitNarrationAndVisual(closing).narration, SCENE_WORDS);
  const last = texts.length - 1;
  return texts.map((text, index) => {
    if (index !== last || !callToAction) return shortenNarration(text, SCENE_WORDS);
    const room = SCENE_WORDS - narrationWordCount(callToAction);
    return [shortenNarration(text, room), callToAction].filter(Boolean).join(' ');
  });
}

/** What scene 1 says when the text holds only directions: the title, else the subject's words. */
function fallbackNarration(title: string, subject: string): string {
  // A job run's title ends with its run number ("Daily coffee moments #3"): not for the voice.
  const name = title.replace(/\s*#\d+$/u, '') || title;
  return (
    splitNarrationAndVisual(name).narration ||
    withoutDirections(name) ||
    withoutDirections(subject) ||
    name
  );
}

function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// --- Beats, cameras, moods ---------------------------------------------------------------------

type Beat = {
  lead: string;
  direction: string;
  cameras: readonly string[];
};

const BEATS = {
  hero: {
    lead: 'Cinematic hero shot',
    direction: 'Open on the subject and build to its most striking moment within eight seconds.',
    cameras: ['slow push-in', 'orbit', 'tracking shot', 'aerial drift', 'crane up'],
  },
  establishing: {
    lead: 'Wide establishing shot',
    direction: 'Introduce the place and the subject before the story begins, with room to breathe.',
    cameras: ['aerial drift', 'slow crane down', 'wide dolly-in', 'sweeping pan', 'slow push-in'],
  },
  detail: {
    lead: 'Intimate close-up',
    direction: 'Linger on textures, hands, faces and the small details that make it feel real.',
    cameras: ['rack focus', 'macro slide', 'slow push-in', 'handheld close-up', 'slow tilt up'],
  },
  action: {
    lead: 'Dynamic action shot',
    direction: 'Show the peak moment with energetic movement and momentum.',
    cameras: ['tracking shot', 'orbit', 'whip pan', 'low-angle follow', 'handheld follow'],
  },
  closing: {
    lead: 'Closing shot',
    direction: 'Resolve the story and hold on a memorable final image.',
    cameras: ['slow pull-back', 'crane up and away', 'orbit', 'slow push-in', 'aerial rise'],
  },
} satisfies Record<string, Beat>;

const BEAT_SEQUENCES: Record<number, readonly Beat[]> = {
  1: [BEATS.hero],
  2: [BEATS.establishing, BEATS.closing],
  3: [BEATS.establishing, BEATS.action, BEATS.closing],
  4: [BEATS.establishing, BEATS.detail, BEATS.action, BEATS.closing],
};

function fallbackBeats(n: number): Beat[] {
  const middle = Array.from({ length: n - 2 }, (_, index) =>
    index % 2 === 0 ? BEATS.detail : BEATS.action,
  );
  return [BEATS.establishing, ...middle, BEATS.closing];
}

function pickUnused(options: readonly string[], seed: number, used: Set<string>): string {
  for (let offset = 0; offset < options.length; offset += 1) {
    const option = options[(seed + offset) % options.length];
    if (option !== undefined && !used.has(option)) {
      used.add(option);
      return option;
    }
  }
  return options[seed % options.length] ?? 'slow push-in';
}

type Mood = { mood: string; lighting: string };
type MoodRule = Mood & { pattern: RegExp };

// Emoji are matched without their variation selector, so '🏖' and '🏖️' both count.
const MOOD_RULES: readonly MoodRule[] = [
  {
    mood: 'moody, electric',
    lighting: 'neon signs reflected on wet streets, deep blues and magentas',
    pattern: /\b(?:neon|night|nights|nighttime|midnight|cyberpunk|nightlife|city lights)\b|🌃|🌙/gu,
  },
  {
    mood: 'warm, hopeful',
    lighting: 'soft golden sunrise light through a gentle haze',
    pattern: /\b(?:sunrise|dawn|morning|daybreak|fresh start|new beginning)\b|🌅|🌄/gu,
  },
  {
    mood: 'golden, nostalgic',
    lighting: 'low golden-hour sun with long soft shadows',
    pattern: /\b(?:sunset|golden hour|dusk|twilight|nostalgi\w*|memories|retro|vintage)\b|🌇/gu,
  },
  {
    mood: 'brooding, atmospheric',
    lighting: 'overcast diffused light, rain streaks and drifting fog',
    pattern: /\b(?:rain|rainy|raining|storm|stormy|thunder|fog|foggy|mist|misty|cloudy)\b|🌧|⛈/gu,
  },
  {
    mood: 'crisp, serene',
    lighting: 'cool winter daylight bouncing off fresh snow',
    pattern: /\b(?:snow|snowy|winter|ice|icy|frost|frosty|christmas|skiing)\b|❄|⛄/gu,
  },
  {
    mood: 'bright, breezy',
    lighting: 'high summer sun, sparkling water and a clear blue sky',
    pattern:
      /\b(?:beach|beaches|ocean|sea|surf|surfing|tropical|summer|island|waves|pool)\b|🏖|🌴|🌊/gu,
  },
  {
    mood: 'majestic, earthy',
    lighting: 'natural daylight filtering through trees and over ridgelines',
    pattern:
      /\b(?:forest|mountain|mountains|nature|hike|hiking|wild|wildlife|jungle|river|lake|valley|trail|canyon|desert)\b|🏔|🌲/gu,
  },
  {
    mood: 'cosy, intimate',
    lighting: 'warm lamplight mixed with soft window light',
    pattern:
      /\b(?:cosy|cozy|candle|candles|home|book|books|tea|blanket|fireplace|autumn|cafe|coffee)\b|café|☕|🕯/gu,
  },
  {
    mood: 'appetising, vibrant',
    lighting: 'bright soft key light with glistening highlights',
    pattern:
      /\b(?:food|recipe|recipes|cook|cooking|kitchen|chef|bake|baking|bakery|pizza|burger|tacos?|dessert|ramen|sushi|delicious|tasty|meal|dinner|breakfast|lunch)\b|🍕|🍔|🌮|🍜|🍣|🍰/gu,
  },
  {
    mood: 'energetic, determined',
    lighting: 'hard contrasty light with a sweat-catching rim light',
    pattern:
      /\b(?:gym|workout|fitness|training|running|runner|sprint|sport|sports|athlete|sweat|marathon|boxing|yoga)\b|💪|🏋/gu,
  },
  {
    mood: 'sleek, futuristic',
    lighting: 'cool blue key light with clean specular highlights',
    pattern:
      /\b(?:tech|technology|ai|software|app|apps|code|coding|robot|robots|future|futuristic|space|sci-fi|galaxy|digital|gadget|smartphone)\b|🚀|🤖/gu,
  },
  {
    mood: 'luxurious, refined',
    lighting: 'soft studio light with elegant gold accents',
    pattern:
      /\b(?:luxury|luxurious|gold|golden|elegant|fashion|perfume|jewellery|jewelry|couture|premium)\b|💎/gu,
  },
  {
    mood: 'euphoric, vibrant',
    lighting: 'pulsing coloured stage lights and confetti sparkle',
    pattern:
      /\b(?:party|dance|dancing|festival|music|concert|celebrate|celebration|birthday|dj)\b|🎉|🎶|🎵/gu,
  },
  {
    mood: 'playful, lighthearted',
    lighting: 'bright cheerful daylight with saturated colours',
    pattern:
      /\b(?:funny|comedy|prank|silly|cat|cats|kitten|kittens|dog|dogs|puppy|puppies|pet|pets|laugh|laughing|meme)\b|😂|🐶|🐱/gu,
  },
  {
    mood: 'eerie, suspenseful',
    lighting: 'low-key light with deep shadows and a cold edge light',
    pattern: /\b(?:horror|haunted|ghost|ghosts|creepy|scary|spooky|halloween|mystery)\b|👻|🎃/gu,
  },
  {
    mood: 'tender, romantic',
    lighting: 'soft backlight with warm bokeh',
    pattern: /\b(?:love|wedding|romance|romantic|couple|valentine)\b|❤|💕/gu,
  },
  {
    mood: 'uplifting, triumphant',
    lighting: 'rising backlight with a gentle lens flare',
    pattern:
      /\b(?:motivation|motivational|dream|dreams|success|achieve|inspire|inspiring|goal|goals|victory|champion)\b|🏆/gu,
  },
  {
    mood: 'confident, modern',
    lighting: 'clean bright daylight in a modern workspace',
    pattern:
      /\b(?:business|saas|team|teams|office|productivity|workflow|dashboard|client|clients|b2b|enterprise|startup)\b|📈/gu,
  },
];

const FALLBACK_MOODS: readonly Mood[] = [
  { mood: 'cinematic, vivid', lighting: 'soft directional key light with gentle contrast' },
  { mood: 'calm, dreamy', lighting: 'diffused pastel light with a soft glow' },
  { mood: 'bold, energetic', lighting: 'punchy high-contrast light with saturated colour' },
  { mood: 'warm, inviting', lighting: 'warm natural light with soft shadows' },
  { mood: 'mysterious, atmospheric', lighting: 'low-key light cutting through a light haze' },
  { mood: 'fresh, optimistic', lighting: 'clean bright daylight with airy highlights' },
];

/** The rule with the most keyword hits (the earlier rule on a tie), or null when none match. */
function moodOf(text: string): Mood | null {
  const lower = text.toLowerCase();
  let best: { rule: MoodRule; hits: number } | null = null;
  for (const rule of MOOD_RULES) {
    const hits = lower.match(rule.pattern)?.length ?? 0;
    if (hits > 0 && (!best || hits > best.hits)) best = { rule, hits };
  }
  return best ? { mood: best.rule.mood, lighting: best.rule.lighting } : null;
}

const ASPECT_HINTS: Record<PlanInput['aspectRatio'], string> = {
  landscape: 'Horizontal 16:9 widescreen frame.',
  portrait: 'Vertical 9:16 frame for phones: subject centred, lower third kept clear for captions.',
};
const SOURCE_IMAGE_HINT =
  "Start from the member's reference image: keep its subject, colours and composition recognisable.";
const STYLE_HINT =
  'Cinematic and photorealistic, rich detail, natural motion, shallow depth of field; no text, logos or watermarks in frame.';

// --- Small helpers -----------------------------------------------------------------------------

/** Adds a full stop unless the text already ends one (emoji after the stop count as its end). */
function endSentence(text: string): string {
  return /[.!?…。！？]["'”’)\]]?(?:\s*[^\p{L}\p{N}\s])*$/u.test(text) ? text : `${text}.`;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function wordCount(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}

function pick<T>(options: readonly T[], seed: number): T {
  const option = options[seed % options.length];
  if (option === undefined) throw new Error('pick() needs at least one option');
  return option;
}

/** FNV-1a: a small stable hash, so "random" choices repeat for the same input. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}
