// Word-timed captions: how spoken words become cues (breaks, pauses, timing), the ASS events of
// each style (the karaoke highlight lands on each word's start and end), the WebVTT track and its
// parser, and one real libass render that shows the highlight on the word being spoken.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpokenWord } from '../../shared/schemas/voices';
import { escapeFilterValue } from './arguments';
import { type AssEvent, assScript } from './captions';
import { ffmpegPath } from './ffmpeg';
import { fontconfigFile, measureText } from './fonts';
import { frameOf, planClipCaptions } from './scene-layout';
import { composite, contrastRatio, hslToRgb, moodFamilyName, type Rgb } from './scene-style';
import {
  groupWords,
  HIGHLIGHT_CONTRAST,
  HOLD_SECONDS,
  KEYLINE,
  KEYLINE_EM,
  LEAD_SECONDS,
  layoutWordCaptions,
  legibleHighlight,
  parseWebVtt,
  shiftCues,
  shownWord,
  styleLayout,
  type WordCue,
  webVttFile,
  wordCaptionEvents,
} from './word-captions';

const run = promisify(execFile);

/** Words at a steady pace (0.3 s each, 0.05 s apart), with longer pauses where asked. */
function speak(text: string, pauses: Record<number, number> = {}, from = 0.5): SpokenWord[] {
  let time = from;
  return text.split(' ').map((word, index) => {
    const start = time;
    time = Math.round((start + 0.3) * 1000) / 1000;
    const end = time;
    time = Math.round((time + 0.05 + (pauses[index] ?? 0)) * 1000) / 1000;
    return { text: word, start, end };
  });
}

const options = {
  weight: 'semiBold' as const,
  fontSize: 40,
  minFontSize: 32,
  maxWidth: 900,
  maxLines: 2,
};
const texts = (cues: WordCue[]) => cues.map((cue) => cue.words.map((word) => word.text).join(' '));

/** The \t transforms of an event: their times and what they change. */
function transforms(event: AssEvent) {
  return [...event.text.matchAll(/\\t\((\d+),(\d+),([^)]*)\)/g)].map((match) => ({
    from: Number(match[1]),
    to: Number(match[2]),
    tags: match[3] ?? '',
  }));
}
/** Milliseconds of an event's start, as the script writes it (whole centiseconds). */
const eventStartMs = (event: AssEvent) => Math.round(event.start * 100) * 10;
const bodyOf = (event: AssEvent) => event.text.slice(event.text.lastIndexOf('}') + 1);
/** The cue holding the `index`th word of all the cues. */
function cueOfWord(cues: WordCue[], index: number): WordCue | undefined {
  let before = 0;
  for (const cue of cues) {
    if (index < before + cue.words.length) return cue;
    before += cue.words.length;
  }
  return undefined;
}

describe('groupWords', () => {
  it('keeps a short sentence in one cue, shown from just before it until a hold after it', () => {
    const words = speak('Steam rises from the cup.');
    const { fontSize, cues } = groupWords(words, { ...options, window: { from: 0, to: 10 } });
    expect(fontSize).toBe(40);
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({
      start: 0.5 - LEAD_SECONDS,
      end: Math.round(((words.at(-1)?.end ?? 0) + HOLD_SECONDS) * 1000) / 1000,
      lines: ['Steam rises from the cup.'],
    });
    expect(cues[0]?.words).toEqual(words.map((word) => ({ ...word, line: 0 })));
  });

  it('breaks after a sentence or at a pause rather than in the middle of a phrase', () => {
    const sentences = groupWords(
      speak('The roaster turns all morning long. Beans crackle while the room slowly warms up.'),
      { ...options, maxLines: 2, maxWidth: 560 },
    );
    expect(texts(sentences.cues)).toEqual([
      'The roaster turns all morning long.',
      'Beans crackle while the room slowly warms up.',
    ]);
    // A pause (0.5 s after "turns") is where the voice breaks, so the cue does too.
    const paused = groupWords(
      speak('The roaster turns and the beans crackle on and on', { 2: 0.5 }),
      {
        ...options,
        maxLines: 1,
        maxWidth: 700,
      },
    );
    expect(texts(paused.cues)[0]).toBe('The roaster turns');
  });

  it('never ends a cue on a word that leans on the next when a better break is near', () => {
    const { cues } = groupWords(
      speak('steam rises from the cup and the barista smiles at the door'),
      {
        ...options,
        maxWordsPerCue: 3,
      },
    );
    for (const cue of cues.slice(0, -1)) {
      expect(cue.words.at(-1)?.text).not.toMatch(/^(the|from|and|at)$/);
    }
  });

  it('starts a new cue after a long silence, and does not linger through it', () => {
    const words = speak('First thought here. Second one after a silence.', { 2: 3 });
    const { cues } = groupWords(words, options);
    expect(texts(cues)).toEqual(['First thought here.', 'Second one after a silence.']);
    const [first, second] = cues;
    expect(first?.end).toBeLessThanOrEqual((words[2]?.end ?? 0) + 1.5 + 1e-9);
    expect(second?.start).toBeCloseTo((words[3]?.start ?? 0) - LEAD_SECONDS, 6);
  });

  it('runs cues back to back while the voice keeps going, never overlapping', () => {
    const words = speak(
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen',
    );
    const { cues } = groupWords(words, { ...options, maxWordsPerCue: 4 });
    expect(cues.length).toBeGreaterThan(3);
    cues.forEach((cue, index) => {
      const next = cues[index + 1];
      if (next) expect(cue.end).toBe(next.start);
      expect(cue.start).toBeLessThanOrEqual(cue.words[0]?.start ?? 0);
      // A cue never starts before the words of the one before it are over.
      const before = cues[index - 1]?.words.at(-1);
      if (before) expect(cue.start).toBeGreaterThanOrEqual(before.end);
    });
  });

  it('shrinks the font before cutting fast speech into cues too short to read', () => {
    const words = speak(
      'Extraordinarily comprehensive documentation accompanies internationalization considerations',
    ).map((word, index) => ({ ...word, start: index * 0.2, end: index * 0.2 + 0.18 }));
    const { fontSize, cues } = groupWords(words, { ...options, maxLines: 1, maxWidth: 700 });
    expect(fontSize).toBeLessThan(40);
    expect(fontSize).toBeGreaterThanOrEqual(32);
    for (const cue of cues) {
      for (const line of cue.lines) {
        expect(measureText(line, 'semiBold', fontSize)).toBeLessThanOrEqual(700);
      }
    }
  });

  it('splits a word wider than a line between letters, and keeps it one timed word', () => {
    const long = 'W'.repeat(60);
    const { cues, fontSize } = groupWords(speak(`a ${long} b`), { ...options, maxWidth: 400 });
    const cue = cues.find((candidate) => candidate.words.some((word) => word.text === long));
    expect(cue?.lines.length).toBeGreaterThan(1);
    expect(cue?.lines.join('').replace(/[ab ]/g, '')).toBe(long);
    for (const line of cue?.lines ?? []) {
      expect(measureText(line, 'semiBold', fontSize)).toBeLessThanOrEqual(400);
    }
  });

  it('joins Chinese and Japanese words without spaces', () => {
    const { cues } = groupWords(speak('今日は 雨が 降っています。'), options);
    const shown = ['今日は', '雨が', '降っています。'].map((word) => shownWord(word, 'semiBold'));
    expect(cues.flatMap((cue) => cue.lines).join('')).toBe(shown.join(''));
    expect(cues.flatMap((cue) => cue.lines).join('')).not.toContain(' ');
  });

  it('keeps the window: nothing before its start or after its end', () => {
    const words = speak('early words and late words', {}, 0);
    const { cues } = groupWords(words, {
      ...options,
      maxWordsPerCue: 2,
      window: { from: 0.4, to: 1.2 },
    });
    expect(cues.flatMap((cue) => cue.words.map((word) => word.text))).toEqual(
      words.map((word) => word.text),
    );
    for (const cue of cues) {
      expect(cue.start).toBeGreaterThanOrEqual(0.4);
      expect(cue.end).toBeLessThanOrEqual(1.2);
    }
  });

  it('has nothing to show without words', () => {
    expect(groupWords([], options).cues).toEqual([]);
  });
});

describe('shownWord', () => {
  it('puts Latin in capitals when asked and leaves other scripts as written', () => {
    expect(shownWord('café', 'extraBold', true)).toBe('CAFÉ');
    expect(shownWord('привет', 'extraBold', true)).toBe('привет');
    expect(shownWord('New York', 'semiBold')).toBe('New\u00A0York');
  });
});

const landscape = frameOf(1280, 720);
const portrait = frameOf(720, 1280);
const ACCENT = [255, 120, 80] as const;

describe('karaoke events', () => {
  const words = speak(
    'Steam rises from the cup. The barista smiles, and the first customer walks in.',
  );
  const { cues, events, fontSize } = layoutWordCaptions(words, 'karaoke', {
    frame: landscape,
    window: { from: 0.3, to: 8 },
    accent: ACCENT,
  });

  it('writes one event per word, the whole cue on screen for the whole cue', () => {
    expect(events.map(bodyOf)).toEqual(words.map((word) => word.text));
    events.forEach((event, index) => {
      const cue = cueOfWord(cues, index);
      expect(event.start).toBe(Math.floor((cue?.start ?? 0) * 100) / 100);
      expect(event.end).toBe(Math.floor((cue?.end ?? 0) * 100) / 100);
      expect(event.text).toContain('\\an2');
      expect(event.text).toContain('\\fnInter SemiBold');
    });
    expect(fontSize).toBe(Math.round(720 * 0.056));
    // At the lower third: the last line's bottom at 87 % of the height.
    const bottoms = events.map((event) => Number(/\\pos\(\d+,(\d+)\)/.exec(event.text)?.[1]));
    expect(Math.max(...bottoms)).toBe(Math.round(720 * 0.87));
  });

  it('lights each word in the accent and grows it exactly from its start to its end', () => {
    events.forEach((event, index) => {
      const word = words[index];
      const [lightUp, settle] = transforms(event);
      expect(eventStartMs(event) + (lightUp?.from ?? -1)).toBe(
        Math.round((word?.start ?? 0) * 1000),
      );
      // Its soft outline turns into a solid keyline while it is lit, and back after.
      const keyline = Math.max(2, Math.round(fontSize * KEYLINE_EM));
      const soft = Math.max(1, Math.round(fontSize / 22));
      expect(lightUp?.tags).toBe(
        `\\1c&H5078FF&\\3a&H00&\\bord${keyline}\\blur0.5\\fscx108\\fscy108`,
      );
      expect(eventStartMs(event) + (settle?.from ?? -1)).toBe(Math.round((word?.end ?? 0) * 1000));
      expect(settle?.tags).toBe(`\\1c&HFFFFFF&\\3a&HA0&\\bord${soft}\\blur2\\fscx100\\fscy100`);
    });
  });

  it('places the words of each line left to right, apart, and centred in the frame', () => {
    const positions = events.map((event) => ({
      text: bodyOf(event),
      x: Number(/\\pos\((\d+),/.exec(event.text)?.[1]),
      y: Number(/\\pos\(\d+,(\d+)\)/.exec(event.text)?.[1]),
      start: event.start,
    }));
    const half = (text: string) => measureText(text, 'semiBold', fontSize) / 2;
    const lines = new Map<string, typeof positions>();
    for (const position of positions) {
      const key = `${position.start}/${position.y}`;
      lines.set(key, [...(lines.get(key) ?? []), position]);
    }
    expect(lines.size).toBeGreaterThan(1);
    for (const line of lines.values()) {
      line.forEach((word, index) => {
        const before = line[index - 1];
        if (before) expect(word.x - before.x).toBeGreaterThan(half(before.text) + half(word.text));
      });
      const first = line[0];
      const last = line.at(-1);
      if (!first || !last) continue;
      const left = first.x - half(first.text);
      const right = last.x + half(last.text);
      expect(Math.abs(left + right - 1280)).toBeLessThan(fontSize * 0.5);
    }
  });

  it('fades a cue in after silence and cuts straight between back-to-back cues', () => {
    expect(events[0]?.text).toContain('\\fad(120,');
    const twoCues = layoutWordCaptions(speak('one two three four five six seven eight'), 'pop', {
      frame: landscape,
      window: { from: 0, to: 10 },
      accent: ACCENT,
    });
    // The first cue's words leave as the second cue's arrive, without a fade.
    const firstCueEnd = Math.floor((twoCues.cues[0]?.end ?? 0) * 100) / 100;
    const leaving = twoCues.events.filter((event) => event.end === firstCueEnd);
    expect(leaving.length).toBeGreaterThan(0);
    for (const event of leaving) expect(event.text).toContain('\\fad(0,0)');
  });

  it("places words by their own line when a cue's lines were written elsewhere", () => {
    const cue: WordCue = {
      start: 1,
      end: 3,
      lines: ['something else entirely'],
      words: [
        { text: 'top', start: 1.1, end: 1.5, line: 0 },
        { text: 'bottom', start: 1.6, end: 2, line: 1 },
      ],
    };
    const placed = wordCaptionEvents([cue], 'karaoke', {
      frame: landscape,
      fontSize: 40,
      accent: ACCENT,
    });
    expect(placed.map(bodyOf)).toEqual(['top', 'bottom']);
    const ys = placed.map((event) => Number(/\\pos\(\d+,(\d+)\)/.exec(event.text)?.[1]));
    expect(ys[1]).toBe(Math.round(720 * 0.87));
    expect(ys[0]).toBe(Math.round(720 * 0.87 - 40 * 1.3));
  });

  it('escapes braces and backslashes a voice might return', () => {
    const tricky = layoutWordCaptions(speak('a {\\b1} word'), 'karaoke', {
      frame: landscape,
      window: { from: 0, to: 5 },
      accent: ACCENT,
    });
    expect(tricky.events.map((event) => event.text.slice(event.text.indexOf('}') + 1))).toContain(
      '\\{\\b1\\}',
    );
  });
});

/** An event's end in ms, as the script writes it. */
const eventEndMs = (event: AssEvent) => Math.round(event.end * 100) * 10;

/**
 * What an event shows at `time` (ms on the scene's clock), as libass would once its transforms
 * have run: where (\pos, or \move part of the way), in which fill colour, and whether at all.
 */
function shownAt(event: AssEvent, time: number) {
  if (time < eventStartMs(event) || time >= eventEndMs(event)) return null;
  const local = time - eventStartMs(event);
  const tags = event.text.slice(0, event.text.lastIndexOf('}'));
  const head = tags.includes('\\t(') ? tags.slice(0, tags.indexOf('\\t(')) : tags;
  const last = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].at(-1)?.[1];
  let colour = last(head, /\\1c(&H[0-9A-F]{6}&)/g);
  let alpha = last(head, /\\1a&H([0-9A-F]{2})&/g);
  for (const transform of transforms(event)) {
    if (local < transform.to) continue;
    colour = last(transform.tags, /\\1c(&H[0-9A-F]{6}&)/g) ?? colour;
    alpha = last(transform.tags, /\\1a&H([0-9A-F]{2})&/g) ?? alpha;
  }
  const pos = /\\pos\((-?\d+),(-?\d+)\)/.exec(tags);
  const move = /\\move\((-?\d+),(-?\d+),(-?\d+),(-?\d+),(\d+),(\d+)\)/.exec(tags);
  let x = Number(pos?.[1]);
  let y = Number(pos?.[2]);
  if (move) {
    const [x1, y1, x2, y2, t1, t2] = move.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const progress = Math.min(1, Math.max(0, (local - t1) / Math.max(1, t2 - t1)));
    x = x1 + (x2 - x1) * progress;
    y = y1 + (y2 - y1) * progress;
  }
  return { text: bodyOf(event), x, y, colour, visible: alpha !== 'FF' };
}

describe('pop events', () => {
  const words = speak('Steam rises from the cup. The barista smiles at the very first customer.');
  const { cues, events, fontSize } = layoutWordCaptions(words, 'pop', {
    frame: portrait,
    window: { from: 0.3, to: 8 },
    accent: ACCENT,
  });
  /** Each word's first event: the one it pops in with (hidden, at 70 %, until it is spoken). */
  const popping = events.filter((event) => event.text.includes('\\fscx70'));

  it('shows at most three big bold words a cue, in capitals', () => {
    expect(cues.length).toBeGreaterThan(3);
    for (const cue of cues) expect(cue.words.length).toBeLessThanOrEqual(3);
    expect(popping.map(bodyOf)).toEqual(words.map((word) => word.text.toUpperCase()));
    expect(fontSize).toBeGreaterThan(styleLayout('karaoke', portrait).fontSize * 1.2);
    for (const event of events) {
      expect(event.text).toContain('\\fnInter ExtraBold');
      expect(Number(/\\bord(\d+)/.exec(event.text)?.[1])).toBeGreaterThanOrEqual(fontSize * 0.07);
    }
  });

  it('pops each word in at its start from 70 % and keeps the accent until the next word', () => {
    popping.forEach((event, index) => {
      const word = words[index];
      const wordStart = Math.round((word?.start ?? 0) * 1000);
      expect(event.text).toContain('\\1a&HFF&');
      const [appear, grow, settle] = transforms(event);
      expect(eventStartMs(event) + (appear?.from ?? -1)).toBe(wordStart);
      expect(appear?.tags).toContain('\\1c&H5078FF&');
      expect(grow?.tags).toContain('\\1a&H00&');
      expect(settle?.to).toBe((appear?.from ?? 0) + 120);
      expect(settle?.tags).toBe('\\fscx100\\fscy100');

      // Read from what is on screen: the accent from its start until the next word's, then white.
      const cue = cueOfWord(cues, index);
      const position = cue?.words.findIndex((other) => other.start === word?.start) ?? 0;
      const next = cue?.words[position + 1];
      const until = Math.round((next ? next.start : (word?.end ?? 0)) * 1000);
      const colourAt = (time: number) =>
        events
          .map((other) => shownAt(other, time))
          .find((shown) => shown?.visible && shown.text === bodyOf(event))?.colour;
      expect(colourAt(wordStart - 5)).toBeUndefined();
      expect(colourAt(wordStart + 130)).toBe('&H5078FF&');
      expect(colourAt(until - 5)).toBe('&H5078FF&');
      if (until + 5 < Math.round((cue?.end ?? 0) * 1000)) {
        expect(colourAt(until + 5)).toBe('&HFFFFFF&');
      }
    });
  });

  it('centres a line as it grows: each word that pops in moves the ones before it aside', () => {
    const spoken: SpokenWord[] = [
      { text: 'Grind', start: 0.3, end: 0.7 },
      { text: 'them', start: 0.82, end: 1.1 },
      { text: 'medium-fine', start: 1.304, end: 1.9 },
    ];
    const line = layoutWordCaptions(spoken, 'pop', {
      frame: landscape,
      window: { from: 0, to: 3 },
      accent: ACCENT,
    });
    expect(line.cues).toHaveLength(1);
    expect(line.cues[0]?.lines).toHaveLength(1);
    const width = (text: string) => measureText(text, 'extraBold', line.fontSize);
    const starts = spoken.map((word) => Math.round(word.start * 1000));
    const centres: number[] = [];
    const firstWordX: number[] = [];
    // Every 10 ms of the cue, once a pop has settled (its slide and its growth take 120 ms).
    for (let time = 0; time < Math.round((line.cues[0]?.end ?? 0) * 1000); time += 10) {
      const shown = line.events
        .map((event) => shownAt(event, time))
        .filter((item) => item?.visible)
        .sort((a, b) => (a?.x ?? 0) - (b?.x ?? 0));
      const settled = starts.every((start) => time < start || time >= start + 120);
      if (shown.length === 0 || !settled) continue;
      // One event per word at any time: nothing drawn twice.
      expect(new Set(shown.map((item) => item?.text)).size).toBe(shown.length);
      const first = shown[0];
      const last = shown.at(-1);
      const left = (first?.x ?? 0) - width(first?.text ?? '') / 2;
      const right = (last?.x ?? 0) + width(last?.text ?? '') / 2;
      centres.push((left + right) / 2);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThanOrEqual(1280);
      if (first?.text === 'GRIND' && firstWordX.at(-1) !== first.x) firstWordX.push(first.x);
    }
    expect(centres.length).toBeGreaterThan(100);
    for (const centre of centres) expect(Math.abs(centre - 640)).toBeLessThanOrEqual(1.5);
    // "GRIND" alone is centred, then moves left twice, once for each word after it.
    expect(firstWordX).toHaveLength(3);
    expect(firstWordX[0]).toBe(640);
    expect(firstWordX[1]).toBeLessThan(firstWordX[0] ?? 0);
    expect(firstWordX[2]).toBeLessThan(firstWordX[1] ?? 0);
  });

  it('slides to the new centre from the millisecond the next word pops, without a gap', () => {
    const spoken: SpokenWord[] = [
      { text: 'Grind', start: 0.3, end: 0.7 },
      { text: 'them', start: 0.827, end: 1.1 },
    ];
    const line = layoutWordCaptions(spoken, 'pop', {
      frame: landscape,
      window: { from: 0, to: 3 },
      accent: ACCENT,
    });
    const grind = line.events.filter((event) => bodyOf(event) === 'GRIND');
    expect(grind).toHaveLength(2);
    const [alone, aside] = grind;
    // Back to back, on the centisecond before "them" begins.
    expect(alone?.end).toBe(0.82);
    expect(aside?.start).toBe(0.82);
    const move = /\\move\((\d+),(\d+),(\d+),(\d+),(\d+),(\d+)\)/.exec(aside?.text ?? '');
    expect(Number(move?.[1])).toBe(640);
    expect(Number(move?.[3])).toBeLessThan(640);
    expect(Number(move?.[5])).toBe(7);
    // Its accent holds until "them" begins, to the millisecond.
    expect(aside?.text).toContain('\\1c&H5078FF&');
    expect(aside?.text).toContain('\\t(7,8,\\1c&HFFFFFF&)');
    // Only the last stretch of a cue fades out.
    expect(alone?.text).not.toContain('\\fad');
    expect(aside?.text).toContain('\\fad(0,120)');
  });
});

describe('the lit word against its keyline', () => {
  // A word of each mood family in scene-style.ts, and one that matches none.
  const MOODS: Record<string, string> = {
    dark: 'mysterious',
    sad: 'melancholy',
    tech: 'neon',
    energetic: 'energetic',
    warm: 'cozy',
    dreamy: 'dreamy',
    fresh: 'fresh',
    calm: 'calm',
    epic: 'cinematic',
    professional: 'corporate',
    any: 'ordinary',
  };
  const WORST_PICTURE: Rgb = [255, 255, 255];
  const rgbOf = (ass: string): Rgb => {
    const [, blue, green, red] = /&H(..)(..)(..)&/.exec(ass) ?? [];
    return [
      Number.parseInt(red ?? '0', 16),
      Number.parseInt(green ?? '0', 16),
      Number.parseInt(blue ?? '0', 16),
    ];
  };

  /**
   * The word's look while it is lit, once its pop or growth has settled: its fill, and the
   * outline's colour, opacity and width around it. Null when the event never lights its word.
   */
  function litLook(text: string) {
    const tags = text.slice(0, text.lastIndexOf('}'));
    const parts = tags.split('\\t(');
    const state = { fill: '&HFFFFFF&', outline: '&H000000&', outlineAlpha: 0, border: 0 };
    const apply = (part: string) => {
      for (const [, name, value] of part.matchAll(/\\(1c|3c|3a|bord)([^\\)]+)/g)) {
        if (name === '1c') state.fill = value ?? state.fill;
        if (name === '3c') state.outline = value ?? state.outline;
        if (name === '3a') state.outlineAlpha = Number.parseInt(value?.slice(2, 4) ?? '0', 16);
        if (name === 'bord') state.border = Number(value);
      }
    };
    apply(parts[0] ?? '');
    let lit = state.fill !== '&HFFFFFF&' ? { ...state } : null;
    for (const part of parts.slice(1)) {
      apply(part);
      if (state.fill === '&HFFFFFF&') break;
      lit = { ...state };
    }
    return lit;
  }

  /** The lowest contrast of any lit word in a clip's captions, and its keyline's narrowest width. */
  function clipFigures(mood: string, seed: string, style: 'karaoke' | 'pop') {
    const { ass } = planClipCaptions({
      width: 1280,
      height: 720,
      durationSeconds: 4,
      sceneNumber: 1,
      sceneCount: 1,
      mood,
      seed,
      words: speak('Grind them medium-fine'),
      style,
    });
    let contrast = Number.POSITIVE_INFINITY;
    let border = Number.POSITIVE_INFINITY;
    for (const line of ass.split('\n').filter((row) => row.startsWith('Dialogue:'))) {
      const look = litLook(line);
      if (!look) continue;
      const backing = composite(rgbOf(look.outline), 1 - look.outlineAlpha / 255, WORST_PICTURE);
      contrast = Math.min(contrast, contrastRatio(rgbOf(look.fill), backing));
      border = Math.min(border, look.border);
    }
    return { contrast, border };
  }

  it('names a mood of every family', () => {
    for (const [family, mood] of Object.entries(MOODS)) expect(moodFamilyName(mood)).toBe(family);
  });

  it('keeps 4.5:1 on every palette of every family, karaoke and pop, over the brightest picture', () => {
    for (const mood of Object.values(MOODS)) {
      for (const style of ['karaoke', 'pop'] as const) {
        for (let seed = 0; seed < 120; seed++) {
          const { contrast, border } = clipFigures(mood, `seed ${seed}`, style);
          expect(contrast).toBeGreaterThanOrEqual(HIGHLIGHT_CONTRAST);
          // A keyline, not a hairline: at 720p the karaoke font is 40 px.
          expect(border).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('lifts any accent a palette could give just far enough, and keeps one that already reads', () => {
    for (let hue = 0; hue < 360; hue += 5) {
      for (const saturation of [0, 0.5, 0.9, 1]) {
        for (let lightness = 0; lightness <= 1; lightness += 0.05) {
          const accent = hslToRgb(hue, saturation, lightness);
          const lit = legibleHighlight(accent);
          expect(contrastRatio(lit, KEYLINE)).toBeGreaterThanOrEqual(HIGHLIGHT_CONTRAST);
          if (contrastRatio(accent, KEYLINE) >= HIGHLIGHT_CONTRAST) expect(lit).toEqual(accent);
        }
      }
    }
    // A deep blue is lifted towards white, keeping its hue.
    const blue = legibleHighlight([20, 30, 160]);
    expect(blue[2]).toBeGreaterThan(blue[0]);
    expect(contrastRatio(blue, KEYLINE)).toBeLessThan(HIGHLIGHT_CONTRAST + 0.5);
  });
});

describe('minimal events', () => {
  const words = speak('Steam rises from the cup. The barista smiles at the very first customer.');
  const { cues, events, fontSize } = layoutWordCaptions(words, 'minimal', {
    frame: landscape,
    window: { from: 0.3, to: 8 },
    accent: ACCENT,
  });

  it('writes one lower line on a rounded translucent box, with no per-word animation', () => {
    expect(fontSize).toBe(Math.round(720 * 0.056 * 0.85));
    for (const cue of cues) expect(cue.lines).toHaveLength(1);
    const boxes = events.filter((event) => event.text.includes('\\p1'));
    const lines = events.filter((event) => !event.text.includes('\\p1'));
    expect(boxes).toHaveLength(cues.length);
    expect(lines.map(bodyOf)).toEqual(cues.flatMap((cue) => cue.lines));
    for (const event of lines) {
      expect(transforms(event)).toEqual([]);
      expect(event.text).toContain('\\1a&H19&');
      expect(event.layer).toBeGreaterThan(boxes[0]?.layer ?? 0);
    }
    for (const box of boxes) expect(box.text).toMatch(/\\1c&H000000&\\1a&H73&\\p1\}m /);
  });
});

describe('WebVTT', () => {
  const cues = [
    {
      start: 0.4,
      end: 2.2,
      lines: ['Steam rises', 'from the cup.'],
      words: [
        { text: 'Steam', start: 0.5, end: 0.8, line: 0 },
        { text: 'rises', start: 0.85, end: 1.15, line: 0 },
        { text: 'from', start: 1.2, end: 1.4, line: 1 },
        { text: 'the', start: 1.45, end: 1.6, line: 1 },
        { text: 'cup.', start: 1.65, end: 1.8, line: 1 },
      ],
    },
    { start: 2.2, end: 3.5, lines: ['Fish & chips <3'] },
  ];

  it('writes cues with a karaoke timestamp before every word after the first', () => {
    expect(webVttFile(cues)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.400 --> 00:00:02.200',
        'Steam <00:00:00.850>rises',
        '<00:00:01.200>from <00:00:01.450>the <00:00:01.650>cup.',
        '',
        '00:00:02.200 --> 00:00:03.500',
        'Fish &amp; chips &lt;3',
        '',
      ].join('\n'),
    );
  });

  it('reads its own file back: the same times, lines and words', () => {
    const parsed = parseWebVtt(webVttFile(cues));
    expect(parsed).toEqual([
      {
        start: 0.4,
        end: 2.2,
        lines: ['Steam rises', 'from the cup.'],
        words: [
          { text: 'Steam', start: 0.4, end: 0.85, line: 0 },
          { text: 'rises', start: 0.85, end: 1.2, line: 0 },
          { text: 'from', start: 1.2, end: 1.45, line: 1 },
          { text: 'the', start: 1.45, end: 1.65, line: 1 },
          { text: 'cup.', start: 1.65, end: 2.2, line: 1 },
        ],
      },
      {
        start: 2.2,
        end: 3.5,
        lines: ['Fish & chips <3'],
        words: [
          { text: 'Fish', start: 2.2, end: 2.2, line: 0 },
          { text: '&', start: 2.2, end: 2.2, line: 0 },
          { text: 'chips', start: 2.2, end: 2.2, line: 0 },
          { text: '<3', start: 2.2, end: 3.5, line: 0 },
        ],
      },
    ]);
  });

  it('escapes markup in word text and joins Japanese words without spaces', () => {
    const file = webVttFile([
      {
        start: 1,
        end: 2,
        lines: [],
        words: [
          { text: '<b>bold</b>', start: 1, end: 1.2, line: 0 },
          { text: 'A&B', start: 1.3, end: 1.5, line: 0 },
          { text: '今日は', start: 1.5, end: 1.7, line: 1 },
          { text: '雨', start: 1.7, end: 1.9, line: 1 },
        ],
      },
    ]);
    expect(file).toContain(
      '&lt;b&gt;bold&lt;/b&gt; <00:00:01.300>A&amp;B\n<00:00:01.500>今日は<00:00:01.700>雨',
    );
    expect(parseWebVtt(file)[0]?.words.map((word) => word.text)).toEqual([
      '<b>bold</b>',
      'A&B',
      '今日は',
      '雨',
    ]);
  });

  it('keeps cues in order without overlaps, dropping one with no time or no text', () => {
    const file = webVttFile([
      { start: 0, end: 2, lines: ['one'] },
      { start: 1.5, end: 3, lines: ['two'] },
      { start: 3, end: 3, lines: ['empty time'] },
      { start: 3.2, end: 4, lines: ['  '] },
      { start: 4.0004, end: 5.0006, lines: ['rounded'] },
    ]);
    expect(parseWebVtt(file).map(({ start, end, lines }) => ({ start, end, lines }))).toEqual([
      { start: 0, end: 2, lines: ['one'] },
      { start: 2, end: 3, lines: ['two'] },
      { start: 4, end: 5.001, lines: ['rounded'] },
    ]);
  });

  it('deals words without lines to the lines by count', () => {
    const file = webVttFile([
      {
        start: 0,
        end: 2,
        lines: ['one two', 'three'],
        words: [
          { text: 'one', start: 0, end: 0.5 },
          { text: 'two', start: 0.5, end: 1 },
          { text: 'three', start: 1, end: 1.5 },
        ],
      },
    ]);
    expect(file).toContain('one <00:00:00.500>two\n<00:00:01.000>three');
  });

  it('moves cues and their words onto the video timeline', () => {
    const [moved] = shiftCues(cues, 10.1);
    expect(moved?.start).toBe(10.5);
    expect(moved?.end).toBe(12.3);
    expect(moved?.words?.[1]).toEqual({ text: 'rises', start: 10.95, end: 11.25, line: 0 });
    expect(cues[0]?.start).toBe(0.4);
  });

  it('reads hours-less times, identifiers, header lines and notes; rejects what is not WebVTT', () => {
    expect(
      parseWebVtt(
        'WEBVTT - captions\nKind: captions\n\nNOTE made by hand\n\ncue-1\n00:01.000 --> 00:02.500 align:center\nHi &lt;there&gt;\n',
      ),
    ).toEqual([
      {
        start: 1,
        end: 2.5,
        lines: ['Hi <there>'],
        words: [
          { text: 'Hi', start: 1, end: 1, line: 0 },
          { text: '<there>', start: 1, end: 2.5, line: 0 },
        ],
      },
    ]);
    expect(() => parseWebVtt('00:00:01.000 --> 00:00:02.000\nno header')).toThrow(/header/);
    expect(() => parseWebVtt('WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nx')).toThrow(/timing/);
    expect(() => parseWebVtt('WEBVTT\n\n00:00:01.00 --> 00:00:02.000\nx')).toThrow(/timestamp/);
    expect(() => parseWebVtt('WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nx')).toThrow(/before/);
    expect(() => parseWebVtt('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<b>x</b>')).toThrow();
    expect(() => parseWebVtt('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na & b')).toThrow(/stray/);
    expect(() => parseWebVtt('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\na <00:00:04.000>b')).toThrow(
      /out of order/,
    );
  });
});

describe('frames rendered by libass', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-word-captions-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** One RGB frame of a dark 640x360 clip with the script burned in, at `seconds`. */
  async function frameAt(script: string, seconds: number): Promise<Buffer> {
    const file = path.join(folder, 'captions.ass');
    await writeFile(file, script);
    const { stdout } = await run(
      ffmpegPath(),
      [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x20243a:s=640x360:r=25:d=3'],
        ...['-vf', `ass=${escapeFilterValue(file)}`, '-ss', String(seconds), '-frames:v', '1'],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      ],
      {
        encoding: 'buffer',
        maxBuffer: 4 * 1024 * 1024,
        env: { ...process.env, FONTCONFIG_FILE: fontconfigFile() },
      },
    );
    return stdout;
  }

  /** Columns of the pixels near the accent colour. */
  function accentColumns(frame: Buffer, [red, green, blue]: readonly number[]): number[] {
    const columns: number[] = [];
    for (let offset = 0; offset + 2 < frame.length; offset += 3) {
      const close =
        Math.abs((frame[offset] ?? 0) - (red ?? 0)) < 30 &&
        Math.abs((frame[offset + 1] ?? 0) - (green ?? 0)) < 30 &&
        Math.abs((frame[offset + 2] ?? 0) - (blue ?? 0)) < 30;
      if (close) columns.push((offset / 3) % 640);
    }
    return columns;
  }

  it('shows the spoken word, and only it, in the accent colour', async () => {
    const words: SpokenWord[] = [
      { text: 'Morning', start: 0.3, end: 0.8 },
      { text: 'coffee', start: 1, end: 1.6 },
      { text: 'tastes', start: 1.9, end: 2.3 },
      { text: 'good', start: 2.35, end: 2.6 },
    ];
    const accent = [255, 90, 60] as const;
    const { events } = layoutWordCaptions(words, 'karaoke', {
      frame: frameOf(640, 360),
      window: { from: 0.1, to: 3 },
      accent,
    });
    const script = assScript({ width: 640, height: 360 }, events);
    const coffee = events.find((event) => bodyOf(event) === 'coffee');
    const coffeeX = Number(/\\pos\((\d+),/.exec(coffee?.text ?? '')?.[1]);

    const during = accentColumns(await frameAt(script, 1.28), accent);
    expect(during.length).toBeGreaterThan(60);
    const centre = during.reduce((sum, x) => sum + x, 0) / during.length;
    expect(Math.abs(centre - coffeeX)).toBeLessThan(12);
    const width = measureText('coffee', 'semiBold', Math.round(360 * 0.056)) * 1.08;
    expect(Math.min(...during)).toBeGreaterThan(coffeeX - width / 2 - 4);
    expect(Math.max(...during)).toBeLessThan(coffeeX + width / 2 + 4);

    // Between two words nothing is lit.
    expect(accentColumns(await frameAt(script, 0.92), accent)).toHaveLength(0);
  });

  it('keeps a pop line centred while it grows word by word', async () => {
    const words: SpokenWord[] = [
      { text: 'Coffee', start: 0.3, end: 0.7 },
      { text: 'tastes', start: 1, end: 1.4 },
      { text: 'good', start: 1.7, end: 2.1 },
    ];
    const { cues, events } = layoutWordCaptions(words, 'pop', {
      frame: frameOf(640, 360),
      window: { from: 0.1, to: 3 },
      accent: [255, 90, 60],
    });
    expect(cues).toHaveLength(1);
    const script = assScript({ width: 640, height: 360 }, events);
    const spans: number[] = [];
    // Once each word has popped and the line has slid to its new place.
    for (const seconds of [0.6, 1.3, 2]) {
      const frame = await frameAt(script, seconds);
      // The letters' fill (white, or the accent), not the black outline or the dark ground.
      const columns: number[] = [];
      for (let offset = 0; offset + 2 < frame.length; offset += 3) {
        const brightest = Math.max(
          frame[offset] ?? 0,
          frame[offset + 1] ?? 0,
          frame[offset + 2] ?? 0,
        );
        if (brightest > 170) columns.push((offset / 3) % 640);
      }
      const left = Math.min(...columns);
      const right = Math.max(...columns);
      expect(Math.abs((left + right) / 2 - 320)).toBeLessThanOrEqual(3);
      spans.push(right - left);
    }
    expect(spans[0]).toBeLessThan(spans[1] ?? 0);
    expect(spans[1]).toBeLessThan(spans[2] ?? 0);
  });
});
