// The offline scene planner (default): turns a title and a description into N storyboard scenes
// with no network and no randomness, so the same input always gives the same plan.
//
// How it works:
// - The script (sentences.ts, fit-script.ts): the title is the hook, spoken first (a Creator
//   Engine run's title is not: its brief's first line is); then every sentence and list item of
//   the description, in order, directions and template lines left out; a job's call to action
//   last, its address said as words and shown as written (`overlay`). Text longer than the video
//   speaks is shortened inside sentences, then spoken up to 1.25× faster, and only then loses
//   whole sentences from the end (`omitted`). The lines are dealt to the scenes in order, each
//   scene ending at a sentence, clause or phrase; a short text is spread over the scenes.
// - With a voice a scene lasts its speech plus a breath (3–8 s); without one, 8 s as before.
// - Each scene is cut into shots, one phrase each, with estimated times (shots.ts).
// - A description written as 'Scene 1: … Scene 2: …' keeps each marked part in its own scenes.
// - Each scene gets a story beat (establishing, detail close-up, action, closing; one scene is a
//   hero shot), a camera move not repeated within the plan, and mood words and lighting matched
//   from keywords of its text (else of the whole text, else picked by a stable hash).
// - Visual (for image and video models) is the scene's sentences with their directions plus its
//   camera, light, mood, the job's style lines and the frame; the prompt is written for a video
//   model: beat + the member's words + direction + camera + lighting + mood + style + continuity +
//   frame (16:9 or 9:16) + reference image + a style line.
import { SECONDS_PER_SCENE } from '../../../shared/limits';
import type { Storyboard, StoryboardScene, StoryboardShot } from '../../../shared/schemas/videos';
import { TIER_RULES } from '../../../shared/tiers';
import { type Brief, readBrief } from './brief';
import { type FittedScript, fitScript } from './fit-script';
import { guessLanguage, primaryLanguage } from './language';
import {
  captionOfNarration,
  narrationWordCount,
  sceneSecondsFor,
  speechStartOf,
  splitNarrationAndVisual,
  withoutDirections,
} from './narration';
import type { PlanInput } from './planner';
import { holdsSomething, type Piece, readScript, type Script } from './sentences';
import { captionShots, voicedShots } from './shots';

export { balancedCuts } from './fit-script';
export { markedScenes } from './markers';

/** What one scene quotes from the description: keeps prompts inside video models' limits. */
const FOCUS_MAX = 1200;
/** A job's style lines, as every scene's prompt and visual repeat them. */
const STYLE_MAX = 600;
const MAX_SCENES = Math.max(...Object.values(TIER_RULES).map((rules) => rules.maxScenes));
const UNTITLED = 'Untitled video';
/** A Creator Engine run's title ends with its run number ("Daily coffee moments #3"). */
const RUN_NUMBER = /\s#\d+$/u;

/** The scene count a plan holds: a whole number within 1..the largest plan maximum. */
export function sceneCount(requested: number): number {
  if (!Number.isFinite(requested)) return 1;
  return Math.min(MAX_SCENES, Math.max(1, Math.floor(requested)));
}

/** Whether a plan is for a voice: `voiced` when given, else whether a voice language was. */
export function isVoiced(input: Pick<PlanInput, 'voiced' | 'narrationLanguage'>): boolean {
  return input.voiced ?? Boolean(input.narrationLanguage?.trim());
}

/**
 * The member's text read and fitted to `n` scenes: what each scene says, at what speed, and what
 * was left out. Shared with the OpenAI-compatible planner, which checks a model's answer against it.
 */
export function scriptFor(input: PlanInput, n = sceneCount(input.scenes)) {
  const title = cleanLine(input.title) || UNTITLED;
  const original = input.description.normalize('NFC');
  const brief = readBrief(original);
  const engineRun = input.engineRun ?? RUN_NUMBER.test(title);
  const written = guessLanguage(`${title}\n${brief.body}`);
  const language = primaryLanguage(input.narrationLanguage) ?? written;
  const script = readScript({
    hook: engineRun ? null : title,
    body: brief.body,
    closing: brief.closing,
    language,
    vocabulary: `${title}\n${original}`,
    fallback: fallbackNarration(title, brief.body),
  });
  return {
    title,
    brief,
    script,
    fitted: fitScript(script, n, isVoiced(input)),
    language: written,
  };
}

/** What a model's narration is checked against (openai-planner.ts): the offline plan's lines. */
export type ScriptLines = {
  /** Every line the text holds, in order, and whether the offline plan says it. */
  lines: Array<Pick<Piece, 'kind' | 'source' | 'full' | 'short' | 'links'> & { said: boolean }>;
  /** The description's language as guessed (null: unsure). */
  language: string | null;
};

export function planLocally(input: PlanInput): Storyboard {
  return planWithScript(input).plan;
}

/** The offline plan and its lines (one pass, in the preparation thread). */
export function planWithScript(input: PlanInput): { plan: Storyboard; script: ScriptLines } {
  const n = sceneCount(input.scenes);
  const { title, brief, script, fitted, language } = scriptFor(input, n);
  const omitted = new Set(fitted.omittedPieces);
  const said = new Set(fitted.scenes.flatMap((scene) => scene.pieces));
  const lines = script.pieces.map(({ kind, source, full, short, links }, index) => ({
    kind,
    source,
    full,
    short,
    links,
    said: said.has(index) && !omitted.has(index),
  }));
  return {
    plan: planScenes(input, n, title, brief, script, fitted),
    script: { lines, language },
  };
}

function planScenes(
  input: PlanInput,
  n: number,
  title: string,
  brief: Brief,
  script: Script,
  fitted: FittedScript,
): Storyboard {
  const voiced = isVoiced(input);
  const whole = `${title}\n${input.description.normalize('NFC')}`;
  const seed = hash(`${whole}\n${input.aspectRatio}\n${input.hasSourceImage}`);
  const sources = sceneSources(script, fitted, n);
  const context = script.preamble ? clampText(script.preamble, 300) : '';
  const style = clampText(brief.style.map(endSentence).join(' '), STYLE_MAX);
  const beats = BEAT_SEQUENCES[n] ?? fallbackBeats(n);
  // Moods are read from what a scene is about, not from its examples: "grind them medium-fine,
  // like sea salt" is no beach. Directions and style lines say a mood too.
  const gist = (pieces: number[]) =>
    pieces.map((index) => script.pieces[index]?.short ?? '').join(' ');
  const directions = script.lines.filter((line) => line.piece === null).map((line) => line.source);
  const overallMood =
    moodOf(
      [title, gist(script.pieces.map((_, index) => index)), ...directions, ...brief.style].join(
        '\n',
      ),
    ) ?? pick(FALLBACK_MOODS, seed);
  const firstSentence = script.lines[0]?.source ?? title;

  const usedCameras = new Set<string>();
  const scenes: StoryboardScene[] = fitted.scenes.map((fit, index) => {
    const beat = beats[index] ?? BEATS.action;
    const subject = cleanLine(unique(sources[index] ?? []).join(' ')) || title;
    const focus = clampText(subject, FOCUS_MAX);
    const narration = fit.narration;
    // A scene saying part of a sentence shows the whole sentence, with its own words stressed.
    const emphasis = fit.partial && narration ? narration : null;
    const mood = moodOf(fit.pieces.length > 0 ? gist(fit.pieces) : focus) ?? overallMood;
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
    const durationSeconds = voiced
      ? sceneSecondsFor(fit.weight, fit.speed, index, n)
      : SECONDS_PER_SCENE;
    return {
      number: index + 1,
      prompt,
      narration,
      visual,
      caption: captionOfNarration(narration),
      camera,
      mood: mood.mood,
      durationSeconds,
      speed: voiced ? fit.speed : 1,
      shots: shotsFor(narration, durationSeconds, index, voiced ? fit.speed : 1, voiced),
      overlay: fit.overlay,
    };
  });
  return { title, scenes, omitted: fitted.omitted };
}

/** A scene's shots: phrases timed at the voice's pace, or the caption's phrases over 8 s. */
export function shotsFor(
  narration: string,
  durationSeconds: number,
  index: number,
  speed: number,
  voiced: boolean,
): StoryboardShot[] {
  return voiced
    ? voicedShots(narration, durationSeconds, speechStartOf(index), speed)
    : captionShots(narration, durationSeconds);
}

/**
 * The description's sentences each scene shows: those it speaks (a sentence spread over scenes
 * is shown whole in each), a direction or a left-out sentence with the scene of the sentence
 * before it, and a scene without words shows its neighbour's.
 */
function sceneSources(script: Script, fitted: FittedScript, n: number): string[][] {
  const sources: string[][] = Array.from({ length: n }, () => []);
  const scenesOf = new Map<number, number[]>();
  fitted.scenes.forEach((scene, index) => {
    for (const piece of scene.pieces) scenesOf.set(piece, [...(scenesOf.get(piece) ?? []), index]);
  });
  const placed = script.lines.map((line) =>
    line.piece === null ? [] : (scenesOf.get(line.piece) ?? []),
  );
  script.lines.forEach((line, index) => {
    let scenes = placed[index] ?? [];
    if (scenes.length === 0) {
      const before = placed.slice(0, index).findLast((list) => list.length > 0);
      const after = placed.slice(index + 1).find((list) => list.length > 0);
      const near = before?.at(-1) ?? after?.[0] ?? 0;
      scenes = [near];
    }
    for (const scene of scenes) sources[scene]?.push(line.source);
  });
  for (let index = 0; index < n; index += 1) {
    if ((sources[index] ?? []).length > 0) continue;
    const before = sources.slice(0, index).findLast((list) => list.length > 0);
    const after = sources.slice(index + 1).find((list) => list.length > 0);
    sources[index] = [...(before ?? after ?? [])];
  }
  return sources;
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

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function cleanLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/**
 * What scene 1 says when the text holds only directions: the title, else the subject's words; with
 * no words anywhere, the emoji or flag the member wrote (shown as the caption) rather than nothing.
 */
function fallbackNarration(title: string, subject: string): string {
  // A job run's title ends with its run number ("Daily coffee moments #3"): not for the voice.
  const name = title.replace(RUN_NUMBER, '') || title;
  const candidates = [
    splitNarrationAndVisual(name).narration,
    withoutDirections(name),
    withoutDirections(cleanLine(subject)),
    name,
  ];
  return (
    candidates.find((candidate) => narrationWordCount(candidate) > 0) ??
    [...candidates, cleanLine(subject)].find(holdsSomething) ??
    name
  );
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
