// Narration: what a scene's voice says (and its word-by-word captions show), kept apart from what
// the scene shows. Pure text rules: which sentences and clauses are directions (camera, light,
// sound, style, render settings), how many words a scene can speak, and how longer text is
// shortened at sentence, then clause, then word boundaries without ever breaking a word.
import { SCENE_TIMING } from '../../media/scene-timing';
import { leadingLabel } from './brief';
import { DANGLING_WORDS, listForm } from './function-words';

/** A natural voice-over pace. */
export const NARRATION_WORDS_PER_SECOND = 2.5;
/** Japanese and Chinese have no spaces: their characters are counted at this pace instead. */
export const NARRATION_CJK_CHARACTERS_PER_SECOND = 6;
/** The most the planner speeds a voice up, when shortening inside sentences was not enough. */
export const NARRATION_MAX_SPEED = 1.25;

/**
 * Where speech sits in a scene, as the renderer times it (server/media/scene-timing.ts, the one
 * place these numbers live): scene 1's voice starts under the fade from black, a later scene's as
 * the wipe clears; a breath follows a scene's last word, and the video's last word is followed by
 * the end card. A narrated scene lasts its speech plus these, 3–8 s.
 */
export const SPEECH_TIMING = {
  firstStart: SCENE_TIMING.firstVoiceStart,
  start: SCENE_TIMING.voiceStart,
  breath: SCENE_TIMING.breath,
  endCard: SCENE_TIMING.endCard,
  minSeconds: SCENE_TIMING.minSeconds,
  maxSeconds: SCENE_TIMING.maxSeconds,
} as const;

/** When the voice starts in scene `index` (0-based). */
export function speechStartOf(index: number): number {
  return index === 0 ? SPEECH_TIMING.firstStart : SPEECH_TIMING.start;
}

/** The time after a scene's last word: a breath, or the end card after the video's last. */
export function speechTailOf(last: boolean): number {
  return last ? SPEECH_TIMING.endCard : SPEECH_TIMING.breath;
}

/**
 * How many words scene `index` of `count` speaks at a natural pace, its start and tail left
 * free: about 18.5, a little fewer in the last scene (its end card is longer than a breath).
 */
export function sceneWordCapacity(index: number, count: number): number {
  const seconds =
    SPEECH_TIMING.maxSeconds - speechStartOf(index) - speechTailOf(index === count - 1);
  return seconds * NARRATION_WORDS_PER_SECOND;
}

/**
 * How many words scene `index` of `count` needs at a natural pace to fill its least length (3 s)
 * with speech: fewer leave its picture held in silence.
 */
export function sceneLeastWords(index: number, count: number): number {
  const seconds =
    SPEECH_TIMING.minSeconds - speechStartOf(index) - speechTailOf(index === count - 1);
  return Math.max(0, seconds) * NARRATION_WORDS_PER_SECOND;
}

/** A narrated scene's estimated length: its speech (at `speed`) plus start and tail, 3–8 s. */
export function sceneSecondsFor(words: number, speed: number, index: number, count: number) {
  const speech = words / (NARRATION_WORDS_PER_SECOND * speed);
  const seconds = speechStartOf(index) + speech + speechTailOf(index === count - 1);
  const clamped = Math.min(SPEECH_TIMING.maxSeconds, Math.max(SPEECH_TIMING.minSeconds, seconds));
  return Math.round(clamped * 100) / 100;
}

// --- Counting ----------------------------------------------------------------------------------

const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });
const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** One CJK character is this many words: both paces then fill the same seconds. */
const CJK_CHARACTER_WEIGHT = NARRATION_WORDS_PER_SECOND / NARRATION_CJK_CHARACTERS_PER_SECOND;

/** The spoken length of one word-like segment, in words. */
function wordWeight(segment: string): number {
  let cjk = 0;
  for (const character of segment) if (CJK_CHARACTER.test(character)) cjk += 1;
  return cjk > 0 ? cjk * CJK_CHARACTER_WEIGHT : 1;
}

/**
 * Spoken words in `text`: each word counts 1 (Intl.Segmenter finds them in any script, Thai
 * included), each Han, Hiragana or Katakana character 2.5/6 of a word. Punctuation and emoji are
 * not spoken and count nothing.
 */
export function narrationWordCount(text: string): number {
  let count = 0;
  for (const { segment, isWordLike } of wordSegmenter.segment(text)) {
    if (isWordLike) count += wordWeight(segment);
  }
  // Rounded, so sums of thirds of words compare cleanly with a whole budget.
  return Math.round(count * 1e6) / 1e6;
}

// --- Shortening --------------------------------------------------------------------------------

/** Whitespace and control characters collapsed to single spaces, NFC. */
export function cleanNarration(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

const SENTENCE_END = /[.!?…]+["'”’»)\]]*(?=\s|$)|[。！？]+["'”’」』)\]]*/gu;
const CLAUSE_END = /[,;:](?=\s|$)|\s+[-–—](?=\s)|[—–]|[，；：、]/gu;
/**
 * `text` cut to at most `maxWords` spoken words (see narrationWordCount). Text that fits comes
 * back whole (whitespace tidied). Otherwise the cut is at the last sentence end that fits; when
 * that keeps less than half the budget, the last clause end (, ; : dashes); when that too keeps
 * less than half, the last whole word. A cut phrase drops a trailing separator and dangling
 * words ("and", "the"…) and ends with a full stop. A word is never split: Japanese or Chinese is
 * cut between the words Intl.Segmenter finds, and only a single "word" longer than the whole
 * budget is cut between its characters.
 */
export function shortenNarration(text: string, maxWords: number): string {
  const clean = cleanNarration(text);
  if (narrationWordCount(clean) <= maxWords) return clean;
  if (!(maxWords > 0)) return '';

  // Weight spoken before each segment boundary; only boundaries are cut points.
  const weightAt = new Map<number, number>([[0, 0]]);
  const wordEnds: number[] = [];
  const cjkEnds: number[] = [];
  let weight = 0;
  for (const { segment, index, isWordLike } of wordSegmenter.segment(clean)) {
    if (isWordLike) {
      // A word longer than the whole budget may be cut between its CJK characters (last resort).
      let inner = index;
      for (const character of segment) {
        inner += character.length;
        if (CJK_CHARACTER.test(character)) {
          weight += CJK_CHARACTER_WEIGHT;
          if (inner < index + segment.length) cjkEnds.push(inner);
        }
        weightAt.set(inner, weight);
      }
      if (!CJK_CHARACTER.test(segment)) weight += 1;
      wordEnds.push(index + segment.length);
    }
    weightAt.set(index + segment.length, weight);
  }
  const fits = (at: number) => {
    const spoken = weightAt.get(at);
    return spoken !== undefined && spoken > 0 && spoken <= maxWords + 1e-9;
  };
  const lastFitting = (positions: number[]) => positions.filter(fits).at(-1) ?? null;
  const sentence = lastFitting([...clean.matchAll(SENTENCE_END)].map(endOf));
  const clause = lastFitting([...clean.matchAll(CLAUSE_END)].map((match) => match.index ?? 0));
  const word = lastFitting(wordEnds) ?? lastFitting(cjkEnds);

  const options = [
    { at: sentence, whole: true },
    { at: clause, whole: false },
    { at: word, whole: false },
  ].filter((option): option is { at: number; whole: boolean } => option.at !== null);
  const spokenAt = (at: number) => weightAt.get(at) ?? 0;
  const chosen =
    options.find((option) => spokenAt(option.at) >= maxWords / 2) ??
    options.reduce<(typeof options)[number] | null>(
      (best, option) => (!best || spokenAt(option.at) > spokenAt(best.at) ? option : best),
      null,
    );
  if (!chosen) return '';
  const cut = clean.slice(0, chosen.at).trimEnd();
  return chosen.whole ? cut + closingQuotes(cut) : endCleanly(cut);
}

function endOf(match: RegExpMatchArray): number {
  return (match.index ?? 0) + match[0].length;
}

/** A phrase cut from a longer one, made to end like a sentence. */
export function endCleanly(phrase: string): string {
  let text = phrase.replace(TRAILING_SEPARATORS, '');
  // Dangling words go one by one (three at most: "very very very" is not all dangling), while a
  // word would remain.
  for (let dropped = 0; dropped < 3; dropped += 1) {
    const last = /(?:^|\s)([\p{L}’']+)$/u.exec(text);
    if (!last || !DANGLING_WORDS.has(listForm(last[1] ?? ''))) break;
    const before = text.slice(0, last.index);
    if (!/[\p{L}\p{N}]/u.test(before)) break;
    text = before.replace(TRAILING_SEPARATORS, '');
  }
  if (/[\p{L}\p{N}\p{M}]$/u.test(text)) {
    text += CJK_CHARACTER.test(text.at(-1) ?? '') ? '。' : '.';
  }
  return text + closingQuotes(text);
}

const TRAILING_SEPARATORS = /[\s,;:\-–—、，；：(]+$/u;

/** Closing marks for quotes the cut left open, so a caption never shows a lone “. */
function closingQuotes(text: string): string {
  let closing = '';
  for (const [open, close] of [
    ['“', '”'],
    ['«', '»'],
    ['「', '」'],
    ['『', '』'],
    ['(', ')'],
  ] as const) {
    const missing = text.split(open).length - text.split(close).length;
    if (missing > 0) closing += close.repeat(missing);
  }
  if ((text.match(/"/gu)?.length ?? 0) % 2 === 1) closing += '"';
  return closing;
}

// --- Directions --------------------------------------------------------------------------------

/** Lights named by a direction: "soft light", "golden-hour glow", "rim lighting"… */
const LIGHT_ADJECTIVES =
  'soft|hard|harsh|warm|cool|cold|golden|gold|morning|evening|afternoon|dawn|dusk|sunrise|sunset|window|natural|studio|ambient|diffused|diffuse|dappled|moody|dramatic|cinematic|low-key|high-key|pastel|amber|neon|tungsten|led|rim|key|fill|edge|side|top|back|practical|candle|lamp|winter|summer|autumn|spring|blue|pink|purple|red|orange|teal|magenta|white|flat|gentle|bright|dim|low|raking|volumetric|indoor|outdoor|overhead|stage|flickering|pulsing|coloured|colored|daylight|film|grey|gray';

/**
 * Light a story can tell as well as a director can ask for: "soft morning light" alone directs the
 * picture, but "Morning light spills across the harbour" is the member's sentence.
 */
const SCENE_LIGHT_TERMS = [
  String.raw`(?:${LIGHT_ADJECTIVES})(?:[- ][\p{L}]+)?[- ](?:lights?|glow)`,
  '(?:bright|soft|natural|warm|cool|crisp|winter|afternoon|morning) daylight',
  '(?:sun|sunlight|light) raking',
  '(?:long|soft|hard|deep|blue|crisp|dramatic) shadows',
  'golden[- ]hour',
  'blue hour',
  'neon(?:[- ]lit)?',
];

/**
 * Words and phrases that direct the camera, the light, the sound, the edit or the look. Matched
 * whole-word and case-insensitively; chosen to leave ordinary narration alone ("a frying pan",
 * "the beat of my heart", "a shot of espresso", "live music tonight" are not directions).
 */
const DIRECTION_TERMS = [
  // Camera moves and framing
  'dolly(?:[- ]?(?:ins?|outs?|zoom|shots?))?',
  'dollies',
  '(?:slow|whip|quick|sweeping|smooth|camera)[- ]pans?',
  'pans? (?:left|right|across|over|up|down|to)',
  'panning',
  'panned',
  'tilts? (?:up|down)',
  'tilting',
  'slow tilt',
  'zoom(?:s|ing|ed)?(?![- ](?:calls?|meetings?))',
  'push[- ]?ins?',
  'push(?:es)? into',
  'pull[- ]?(?:backs?|outs?)',
  'pulls? back',
  'tracking',
  'cranes?(?:[- ](?:shots?|up|down))?',
  'aerials?',
  'drones?',
  "bird['’]?s[- ]eye",
  'top[- ]down',
  '(?:extreme[- ])?close[- ]?ups?',
  '(?:wide|medium|long|full|establishing|hero|final|opening|closing|static|slider|reaction|insert|beauty|product|swim|detail|documentary|underwater|group|sunset|overhead|low-angle|high-angle|pov|two)[- ]shots?',
  'shots(?! of (?:espresso|coffee|tequila|vodka|whiske?y|rum|gin))',
  'shot (?:on|like|in slow)',
  'wide[- ]angle',
  '(?:low|high|dutch|camera)[- ]angles?',
  'eye[- ]level',
  'pov',
  'point[- ]of[- ]view',
  'first[- ]person view',
  'hand[- ]?held',
  'gimbal',
  'steadicam',
  'slider',
  'orbit(?:s|ing)?',
  '(?:slow|aerial|gentle|smooth) drift',
  'rack[- ]focus',
  'focus pull',
  '(?:soft|shallow|deep) focus',
  'depth of field',
  'macro',
  'slow[- ]?motion',
  'slo[- ]?mo',
  'time[- ]?lapses?',
  'hyper[- ]?lapses?',
  'camera',
  'long[- ]lens',
  'lens(?:es)?',
  'telephoto',
  'anamorphic',
  // The edit
  '(?:hard|jump|match|smash|quick|fast|punchy|rapid|quick-fire|rapid-fire|clean|minimalist|cheerful|friendly|rhythmic|brisk|comedic|crisp|snappy|upbeat|playful|gentle|smooth|slow)[- ]cuts?',
  'cuts (?:timed|to|between|on|with)',
  'cut to',
  'split[- ]screens?',
  'freeze[- ]frame',
  'b[- ]roll',
  'in frame',
  'framing',
  'transitions?',
  'fade (?:in|out|to)',
  'montage',
  'edits',
  'editing',
  'pacing',
  'paced',
  'rhythm',
  'tempo',
  'timing',
  '(?:comedic|comic|story|emotional) beats',
  '(?:comic|comedic|dramatic) pauses',
  'between beats',
  '(?:wide|big|final|slow|one) reveal',
  'on the reveal',
  String.raw`long (?:[\p{L}-]+ )?hold`,
  'problem-then-solution',
  // Light and look
  ...SCENE_LIGHT_TERMS,
  'daylight studio',
  'lighting',
  'back[- ]?lit',
  'back[- ]?light(?:ing)?',
  'lens flares?',
  'bokeh',
  String.raw`\d+\s?mm`,
  '[48]k',
  'hdr',
  'film (?:grain|look|stock)',
  'colou?r[- ]grad(?:e|ed|ing)',
  'colou?r palette',
  'palette',
  'teal and orange',
  'high[- ]contrast',
  'low[- ]key',
  'high[- ]key',
  'volumetric',
  'god rays',
  'vignette',
  'cinematic(?:ally)?',
  'photo[- ]?real(?:istic)?',
  '(?:hyper|ultra)[- ]?realistic',
  '3d render',
  'unreal engine',
  'aesthetic',
  String.raw`[\p{L}]+-style`,
  'documentary style',
  // Sound
  String.raw`(?:acoustic|ambient|background|soft|upbeat|cinematic|epic|lo-?fi|chill|calm|gentle|orchestral|electronic|piano|jazz|synth|dramatic|uplifting|cozy|cosy|warm|energetic|happy|sad|moody|tense|emotional|inspiring|motivational|driving|pulsing|royalty[- ]free)\s+(?:music|soundtrack|score|beats?|tunes?|tracks?|mood)`,
  'soundtrack',
  'music[- ](?:driven|synced|video)',
  'beat[- ](?:synced|driven|matched|drops?)',
  '(?:punchy|heavy|driving|steady) beats?',
  '(?:on|to) the beat',
  'bpm',
  'ambient',
  'acoustic',
  'lo-?fi',
  String.raw`synth\w*`,
  'bass[- ]driven',
  'heavy bass',
  'orchestral',
  'sound design',
  'sound effects?',
  'sfx',
  'asmr',
  'voice[- ]?overs?',
  // On-screen text and render settings
  'aspect[_ ]ratio',
  'watermarks?',
  '16:9',
  '9:16',
  'fps',
  'vertical[- ]friendly',
  String.raw`\d+\s*[×x]\s*\d+\s*seconds?`,
  'on[- ]screen',
  'lower third',
  'title card',
  'text overlays?',
  'subtitles',
  'captions?',
];
const DIRECTION = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${DIRECTION_TERMS.join('|')})(?![\p{L}\p{N}])`,
  'giu',
);

/** Words that only say how a scene feels: a clause of nothing else is a mood direction. */
const MOOD_WORDS = new Set(
  `warm warmth cosy cozy calm serene moody electric playful joyful tender hopeful gritty determined
  triumphant nostalgic dreamy breezy upbeat energetic bold vibrant clean fresh luminous crisp sleek
  futuristic majestic eerie vast suspenseful confident modern optimistic aspirational airy local
  charming editorial curious bright clear clever intimate uplifting creative proud emotional
  appetising appetizing homey homely hungry real encouraging grounded euphoric awe-filled chaotic
  deadpan hushed cheerful gentle soft punchy smooth minimal minimalist elegant luxurious
  refined atmospheric brooding dramatic epic whimsical quirky romantic mysterious dark
  lighthearted funny relaxed relaxing peaceful tranquil inspiring inspirational motivating
  motivational rustic organic natural raw authentic polished premium sophisticated friendly
  welcoming inviting wholesome heartfelt heartwarming sentimental melancholic bittersweet tense
  thrilling exciting dynamic lively bouncy comedic satisfying lingering unhurried patient steady
  intense powerful sharp vivid colourful colorful pastel muted saturated
  fast slow quick rapid brisk slow-burn tension productive
  wanderlust cinematic grand spooky classy chic edgy retro vintage trendy stylish
  dreamlike ethereal magical cool chill laid-back and but yet very so slightly super with
  mood tone tones feel vibe vibes energy atmosphere look style feeling`.split(/\s+/u),
);
/**
 * A short clause naming a feeling: "soft jazz mood", "community feel", "warm amber tones" (not
 * "feel the energy", an invitation).
 */
const MOOD_PHRASE =
  /^(?!(?:feel|find|the|your|our|my|good|new)\s)[\p{L}-]+(?:\s[\p{L}-]+){0,2}\s(?:mood|tones?|feel|vibes?|energy|atmosphere|aesthetic)$/iu;

/**
 * Imperatives addressed to the director, not to the audience. "Open with", "start with", "end
 * on" direct only when what follows is a picture ("Open with the logo", "End on a wide view"):
 * "Start with freshly roasted beans" is a recipe's first step, said to the viewer.
 */
const INSTRUCTION =
  /^(?:(?:open|start|begin|end|close|finish)(?:s|ing)?\s+(?:with|on)\s+(?:[\p{L}'’-]+\s+){0,4}?(?:shots?|scenes?|frames?|images?|pictures?|views?|logos?|reveals?|titles?|cards?|clips?|montage|sequence|hook|moment|beat|captions?|text|tagline|slogan|subject|close-?ups?|silhouettes?|glimpses?|zoom|pan|hold|wide)|build(?:s|ing)?\s+(?:slowly|up|to)|peak(?:s|ing)?\s+on|(?:cut|transition|fade|dissolve)\s+(?:to|into|out|in)|show(?:case)?(?!\s+up)|(?:focus|linger|hold)\s+on|feature|highlight|capture|film|shoot|frame|depict)(?![\p{L}])/iu;

/** "A short promotional video for …", "Create a video about …": the brief, not the story. */
const VIDEO_REQUEST =
  /^(?:please\s+)?(?:(?:create|make|generate|produce|write|film|shoot|design|build|render)\s+(?:me\s+|us\s+)?(?:a|an|one|the)?\s*(?:[\p{L}\p{N}-]+\s+){0,4}(?:video|reel|clip|ad|advert|commercial|promo|short|tiktok|story|film|spot|montage|teaser|trailer|vlog)|(?:a|an)\s+(?:[\p{L}\p{N}-]+\s+){0,4}(?:video|reel|clip|advert|commercial|promo|tiktok))(?![\p{L}])/iu;

/** A heading before a colon that names the format: "Comedy skit:", "Explainer:", "B2B SaaS ad:". */
const FORMAT_WORD =
  /(?<![\p{L}])(?:skit|explainer|documentary|reel|vlog|walk-?through|unboxing|tutorial|ad|advert|commercial|promo|teaser|trailer|montage|parody|video|clip|tiktok|sci-fi|comedy|horror)(?![\p{L}])/iu;

/** Where a sentence divides into clauses; the separators are kept to put it back together. */
const CLAUSE_SPLIT =
  /(\s*[,;:]\s+|[，；：、]\s*|\s+[-–—]\s+|\s*—\s*|\s+(?=(?:and then|then|while)\s))/u;

function hasDirectionTerm(text: string): boolean {
  DIRECTION.lastIndex = 0;
  return DIRECTION.test(text);
}

const SCENE_LIGHT = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${SCENE_LIGHT_TERMS.join('|')})(?![\p{L}\p{N}])`,
  'giu',
);
/**
 * Light as the subject of a sentence: the word after it is a verb ("light spills", "light
 * poured", "signs flicker" after neon), not a preposition or a participle ("light across the
 * water", "light warming to amber"); "neon-lit" describes what follows it.
 */
const LIGHT_AS_SUBJECT = new RegExp(
  String.raw`(?:${SCENE_LIGHT_TERMS.map((term) => term.replace('(?:[- ]lit)?', '')).join('|')})\s+(?!(?:across|as|is|its|this|plus|towards|upwards|downwards|afterwards|us)\b)[\p{L}]+(?:s|ed)(?![\p{L}])`,
  'iu',
);

/** Whether a clause directs the picture by its words (camera, edit, look, sound, settings). */
function directsPicture(clause: string): boolean {
  if (!hasDirectionTerm(clause)) return false;
  if (hasDirectionTerm(clause.replace(SCENE_LIGHT, ' '))) return true;
  return !LIGHT_AS_SUBJECT.test(clause);
}

/** A clause without its punctuation, for whole-clause patterns. */
function bare(clause: string): string {
  return clause
    .replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

function isMoodOnly(clause: string): boolean {
  const words = clause
    .toLowerCase()
    .replace(/[^\p{L}\s-]+/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean);
  return words.length > 0 && words.length <= 5 && words.every((word) => MOOD_WORDS.has(word));
}

type Part = { spoken: string; shown: string };

/** One sentence divided into what is spoken and what only directs the picture. */
function partsOfSentence(sentence: string): Part {
  let text = sentence.trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return { spoken: text, shown: '' };
  const label = leadingLabel(text);
  if (label?.kind === 'visual' || label?.kind === 'settings') return { spoken: '', shown: text };
  if (label) text = unquote(label.rest);
  if (!text) return { spoken: '', shown: sentence };
  if (VIDEO_REQUEST.test(text)) return { spoken: '', shown: sentence };

  const pieces = text.split(CLAUSE_SPLIT);
  const clauses: { text: string; separator: string; direction: boolean; mood: boolean }[] = [];
  for (let index = 0; index < pieces.length; index += 2) {
    const clause = pieces[index] ?? '';
    const separator = pieces[index + 1] ?? '';
    const heading = index === 0 && /^\s*[:：]/u.test(separator) && FORMAT_WORD.test(clause);
    clauses.push({
      text: clause,
      separator,
      direction:
        heading ||
        directsPicture(clause) ||
        INSTRUCTION.test(clause.trim()) ||
        MOOD_PHRASE.test(bare(clause)),
      mood: isMoodOnly(clause),
    });
  }
  const worded = clauses.filter((clause) => /[\p{L}\p{N}]/u.test(clause.text));
  // A sentence of nothing but directions and mood words ("Warm, hopeful.") directs the picture;
  // a lone "Fresh." is the member's word and is spoken.
  const allDirection = worded.every((clause) => clause.direction || clause.mood);
  if (allDirection && (worded.length > 1 || worded.some((clause) => clause.direction))) {
    return { spoken: '', shown: sentence };
  }
  if (!clauses.some((clause) => clause.direction)) return { spoken: text, shown: '' };

  const kept = clauses.filter((clause) => !clause.direction);
  const dropped = clauses.filter((clause) => clause.direction);
  let spoken = kept
    .map((clause, index) => clause.text + (index < kept.length - 1 ? clause.separator : ''))
    .join('')
    .replace(/[\s,;:\-–—、，；：]+$/u, '')
    .trim();
  const end = /[.!?…。！？]+["'”’»」』)\]]*$/u.exec(text)?.[0] ?? '';
  const stop = end.replace(/[^.!?…。！？]/gu, '');
  if (stop && !/[.!?…。！？]["'”’»」』)\]]*$/u.test(spoken)) spoken += stop;
  return {
    spoken: /[\p{L}\p{N}]/u.test(spoken) ? spoken : '',
    shown: dropped.map((clause) => clause.text.trim()).join(', '),
  };
}

/** Text inside one pair of quotes loses them: a hook's "…" is spoken as it is. */
function unquote(text: string): string {
  const match = /^["“„«'‘「『]([^"“”«»「」『』]*)["”»'’」』]([.!?…。！？]*)$/u.exec(text.trim());
  return match ? `${match[1] ?? ''}${match[2] ?? ''}`.trim() : text.trim();
}

/** Whether a whole sentence (or clause) only directs the picture and nothing of it is spoken. */
export function isDirection(sentence: string): boolean {
  return /[\p{L}\p{N}]/u.test(sentence) && partsOfSentence(sentence).spoken === '';
}

const SENTENCE_BREAK = /(?<=[.!?…]["'”’)\]]?)\s+(?=\S)|(?<=[。！？])\s*/u;

/**
 * Divides text into narration (the member's sentences, in their words and order, with directing
 * clauses, template labels and brief lines taken out) and visual (what was taken out).
 */
export function splitNarrationAndVisual(text: string): { narration: string; visual: string } {
  const spoken: string[] = [];
  const shown: string[] = [];
  for (const line of text.split(/\r\n|[\r\n\u2028\u2029]/u)) {
    for (const sentence of cleanNarration(line).split(SENTENCE_BREAK)) {
      if (!sentence.trim()) continue;
      const part = partsOfSentence(sentence);
      if (part.spoken) spoken.push(part.spoken);
      if (part.shown) shown.push(part.shown);
    }
  }
  return { narration: spoken.join(' '), visual: shown.join(' ') };
}

/** The text with direction words taken out ("Cinematic sunrise over Lisbon" → "sunrise over Lisbon"). */
export function withoutDirections(text: string): string {
  const stripped = cleanNarration(text.replace(DIRECTION, ' '))
    .replace(/\s+([,;:.!?])/gu, '$1')
    .replace(/^[\s,;:\-–—]+|[\s,;:\-–—]+$/gu, '');
  return /[\p{L}\p{N}]/u.test(stripped) ? stripped : '';
}

/**
 * The caption shown for a narration: the same words without the closing full stop, as subtitles
 * are written (a question or exclamation mark, or an ellipsis, stays), and without the comma or
 * dash of a scene that ends at a clause and goes on in the next.
 */
export function captionOfNarration(narration: string): string {
  return narration
    .replace(/(?<!\.)[.。](?=["'”’)\]]*\s*$)/u, '')
    .replace(/\s*[,;:、，；：–—-]+\s*$/u, '')
    .trimEnd();
}
