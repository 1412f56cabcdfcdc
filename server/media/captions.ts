// Paces a scene's caption and writes every piece of a scene's text as an ASS script for libass:
// the caption in timed cues that appear word by word, the title card, the scene number, the
// watermark. Nothing is cut: a long caption gets more cues, each shown for a time in proportion to
// its length, and the font shrinks (to a floor that stays readable on a phone) before cues get short.
import {
  devanagariVisualOrder,
  type FontWeight,
  fontMetrics,
  fontRuns,
  measureText,
} from './fonts';
import type { Rgb } from './scene-style';
import { balancedWrap, drawableText, MAX_SHRINK_STEPS, nextSmallerSize } from './text-layout';

export type Cue = {
  /** Seconds from the start of the scene. */
  start: number;
  end: number;
  lines: string[];
};

export type CaptionLayout = { fontSize: number; cues: Cue[] };

/** A cue on screen for less than this is hard to read; more cues make the font smaller first. */
export const MIN_CUE_SECONDS = 1.6;
/** Between one cue leaving and the next arriving. */
const CUE_GAP_SECONDS = 0.12;

/**
 * Splits the caption into cues of at most `maxLines` lines that fill the window in order, each
 * for a share of it that follows its length. Every word of the text is in exactly one cue.
 */
export function paceCaption(
  caption: string,
  options: {
    window: { from: number; to: number };
    weight: FontWeight;
    fontSize: number;
    minFontSize: number;
    maxWidth: number;
    maxLines: number;
    /** Hears of characters no font can draw (shown as a box), for the caller to log. */
    onMissing?: (missing: readonly string[]) => void;
  },
): CaptionLayout {
  const text = drawableText(caption, options.weight, options.onMissing);
  const { from, to } = options.window;
  if (!text || to <= from) return { fontSize: Math.round(options.fontSize), cues: [] };
  const seconds = to - from;
  const fits = Math.max(
    1,
    Math.floor((seconds + CUE_GAP_SECONDS) / (MIN_CUE_SECONDS + CUE_GAP_SECONDS)),
  );

  const floor = Math.max(1, Math.ceil(options.minFontSize));
  let fontSize = Math.max(floor, Math.round(options.fontSize));
  let groups = cueLines(text, options.weight, fontSize, options.maxWidth, options.maxLines);
  for (let step = 0; step < MAX_SHRINK_STEPS && groups.length > fits && fontSize > floor; step++) {
    fontSize = nextSmallerSize(fontSize, floor);
    groups = cueLines(text, options.weight, fontSize, options.maxWidth, options.maxLines);
  }

  // Time in proportion to length, plus a little per cue for the eye to find it.
  const weights = groups.map((lines) => lines.join(' ').length + 12);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const available = seconds - CUE_GAP_SECONDS * (groups.length - 1);
  const cues: Cue[] = [];
  let start = from;
  groups.forEach((lines, index) => {
    const length = (available * (weights[index] ?? 0)) / total;
    const end = index === groups.length - 1 ? to : start + length;
    cues.push({ start: round3(start), end: round3(end), lines });
    start = end + CUE_GAP_SECONDS;
  });
  return { fontSize, cues };
}

/** Wraps the text and deals its lines into cues, the lines of each cue as even as possible. */
function cueLines(
  text: string,
  weight: FontWeight,
  fontSize: number,
  maxWidth: number,
  maxLines: number,
): string[][] {
  const lines = balancedWrap(text, weight, fontSize, maxWidth);
  const count = Math.ceil(lines.length / maxLines);
  const groups: string[][] = [];
  let next = 0;
  for (let index = 0; index < count; index++) {
    const size = Math.ceil((lines.length - next) / (count - index));
    const words = lines.slice(next, next + size).join(' ');
    // Re-wrapped on its own, so a cue's lines are balanced within the cue.
    groups.push(balancedWrap(words, weight, fontSize, maxWidth));
    next += size;
  }
  return groups;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

// --- ASS -----------------------------------------------------------------------------------------

/** libass sizes a font by its Windows ascent plus descent, not its em: Inter's is 1.43 em. */
export function assFontSize(emSize: number, weight: FontWeight): number {
  return Math.round(emSize * fontMetrics(weight).lineHeightRatio * 100) / 100;
}

/**
 * The full names of Inter's files, which libass selects them by. Not the family 'Inter', which
 * every weight declares and libass 0.14 (weights seen as light, medium or bold only) resolves to
 * whichever weight it lists first: SemiBold.
 */
export const ASS_FONT: Record<FontWeight, string> = {
  semiBold: 'Inter SemiBold',
  bold: 'Inter Bold',
  extraBold: 'Inter ExtraBold',
};

const hex = (value: number) =>
  Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .toUpperCase()
    .padStart(2, '0');

/** `&HBBGGRR&`: ASS colours are written blue-green-red. */
export function assColour([red, green, blue]: Rgb): string {
  return `&H${hex(blue)}${hex(green)}${hex(red)}&`;
}

/** `&HAA&`: ASS alpha counts transparency, 0 opaque to FF invisible. */
export function assAlpha(opacity: number): string {
  return `&H${hex(255 * (1 - opacity))}&`;
}

/**
 * Member text as literal ASS text: braces would open override blocks, and a backslash before N, n
 * or h would break the line, so those get a zero-width space between. Given the weight it is drawn
 * in (set by `fontTags`), characters Inter lacks are written in runs naming the fallback font of
 * that weight, which is what `measureText` measured; without, libass picks a fallback itself (the
 * right script, but any weight). Devanagari's short i is moved to where it is drawn either way.
 */
export function assText(text: string, weight?: FontWeight): string {
  const literal = (part: string, blockFollows: boolean) => {
    const escaped = part
      .replace(/\\(?=[Nnh])/g, '\\\u200B')
      .replace(/[{}]/g, (brace) => `\\${brace}`)
      .replace(/\r?\n/g, ' ');
    // A backslash just before an override block would escape its brace.
    return blockFollows && escaped.endsWith('\\') ? `${escaped}\u200B` : escaped;
  };
  if (!weight) return literal(devanagariVisualOrder(text), false);
  const runs = fontRuns(text, weight);
  // Inter comes back after every fallback run, even the last: a caller may write more after it.
  return runs
    .map(({ text: part, font }, index) =>
      font === null
        ? literal(part, index < runs.length - 1)
        : `{\\fn${font}}${literal(part, true)}{\\fn${ASS_FONT[weight]}}`,
    )
    .join('');
}

export function assTime(seconds: number): string {
  const centiseconds = Math.max(0, Math.round(seconds * 100));
  const hours = Math.floor(centiseconds / 360_000);
  const minutes = Math.floor((centiseconds % 360_000) / 6000);
  const secs = Math.floor((centiseconds % 6000) / 100);
  const rest = centiseconds % 100;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${hours}:${two(minutes)}:${two(secs)}.${two(rest)}`;
}

export type AssEvent = {
  start: number;
  end: number;
  /** Override tags and text, already escaped. */
  text: string;
  layer?: number;
};

/** One ASS script: styles are set per event with override tags, so one plain style is enough. */
export function assScript(size: { width: number; height: number }, events: AssEvent[]): string {
  const header = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${size.width}`,
    `PlayResY: ${size.height}`,
    // Lines are broken by us (measured), never by libass.
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Default,${ASS_FONT.semiBold},40,&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,0,0,5,0,0,0,-1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const lines = events.map(
    (event) =>
      `Dialogue: ${event.layer ?? 0},${assTime(event.start)},${assTime(event.end)},Default,,0,0,0,,${event.text}`,
  );
  return `${[...header, ...lines].join('\n')}\n`;
}

/** Tags that set a font, size and colour for what follows. */
export function fontTags(
  weight: FontWeight,
  emSize: number,
  colour: Rgb,
  opacity = 1,
  extra = '',
): string {
  return `\\fn${ASS_FONT[weight]}\\b0\\fs${assFontSize(emSize, weight)}\\1c${assColour(colour)}\\1a${assAlpha(opacity)}${extra}`;
}

/**
 * A cue's words arrive one after another: each fades in over 0.2 s in the accent colour and
 * settles to white, while the cue rises a few pixels into place; it fades out as it leaves.
 */
export function kineticCue(
  cue: Cue,
  options: {
    x: number;
    /** Bottom of the cue's last line. */
    bottom: number;
    fontSize: number;
    lineHeight: number;
    accent: Rgb;
    shadow: number;
  },
): AssEvent {
  const words = cue.lines.map((line) => line.split(' ').filter(Boolean));
  const wordCount = words.flat().length;
  const milliseconds = (cue.end - cue.start) * 1000;
  // Every word is in within the first third of the cue, at most 110 ms apart.
  const stagger = Math.min(110, (milliseconds * 0.33) / Math.max(1, wordCount));
  const rise = Math.round(options.fontSize * 0.35);
  const white: Rgb = [255, 255, 255];
  let index = 0;
  const body = words
    .map((line) =>
      line
        .map((word) => {
          const at = Math.round(index * stagger);
          index++;
          return `{\\alpha&HFF&\\1c${assColour(options.accent)}\\t(${at},${at + 200},\\alpha&H00&)\\t(${at + 120},${at + 520},\\1c${assColour(white)})}${assText(word, 'semiBold')}`;
        })
        .join(' '),
    )
    .join('\\N');
  const { x, bottom } = options;
  const head = [
    '{\\an2',
    `\\move(${x},${bottom + rise},${x},${bottom},0,320)`,
    '\\fad(0,180)',
    fontTags('semiBold', options.fontSize, white),
    `\\fsp0\\bord0\\shad${options.shadow}\\4c&H000000&\\4a&H60&`,
    '}',
  ].join('');
  return { start: cue.start, end: cue.end, text: `${head}${body}`, layer: 2 };
}

/** Cues as SubRip, for the video's subtitle track: players and tests can read the captions back. */
export function srtFile(cues: readonly Cue[]): string {
  const time = (seconds: number) => {
    const ms = Math.max(0, Math.round(seconds * 1000));
    const two = (value: number) => String(value).padStart(2, '0');
    return `${two(Math.floor(ms / 3_600_000))}:${two(Math.floor((ms % 3_600_000) / 60_000))}:${two(Math.floor((ms % 60_000) / 1000))},${String(ms % 1000).padStart(3, '0')}`;
  };
  return cues
    .map(
      (cue, index) =>
        `${index + 1}\n${time(cue.start)} --> ${time(cue.end)}\n${cue.lines.join('\n')}\n`,
    )
    .join('\n');
}

/** The width of a line as libass draws it at an em size (the same advances drawtext uses). */
export const lineWidth = (line: string, weight: FontWeight, emSize: number) =>
  measureText(line, weight, emSize);
