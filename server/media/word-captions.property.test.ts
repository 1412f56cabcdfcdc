// Word-timed captions hold for any narration a member can write: fast-check over the strangest text
// the form accepts (every script, emoji, combining marks, 100-letter words) spoken at random pace
// with random pauses, in every style and both aspects. Every word is kept, in order, in cues whose
// lines fit, shown one after another inside the window; the WebVTT reads back the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpokenWord } from '../../shared/schemas/voices';
import { aspectRatio, inkOf, memberDescription } from '../../test/member-text';
import { measureText } from './fonts';
import { SCENE_SIZES } from './renderer';
import { frameOf } from './scene-layout';
import {
  groupWords,
  layoutWordCaptions,
  parseWebVtt,
  shownWord,
  styleLayout,
  webVttFile,
} from './word-captions';

/** The member's text as a voice would time it: words in order, with pauses now and then. */
const spoken = fc
  .tuple(
    memberDescription,
    fc.array(fc.tuple(fc.double({ min: 0.02, max: 0.9, noNaN: true }), fc.nat(9)), {
      minLength: 1,
      maxLength: 40,
    }),
  )
  .map(([text, paces]) => {
    let time = 0.3;
    return text
      .split(/\s+/)
      .filter(Boolean)
      .map((word, index): SpokenWord => {
        const [length, pause] = paces[index % paces.length] ?? [0.3, 0];
        const start = time;
        const end = start + length;
        // Now and then a pause: short, at a natural break, or long (a new thought).
        time = end + (pause === 0 ? 1.4 : pause < 3 ? 0.5 : pause * 0.01);
        return { text: word, start: round3(start), end: round3(end) };
      });
  })
  .filter((words) => words.length > 0);

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const style = fc.constantFrom('karaoke' as const, 'pop' as const, 'minimal' as const);

/** The layout's answer (how quickly it comes: `npm run bench -- bounds`). */
function timed<T>(work: () => T): { result: T } {
  return { result: work() };
}

describe('grouping spoken words', () => {
  it('keeps every word once, in order, on lines that fit, in cues inside the window', () => {
    fc.assert(
      fc.property(
        spoken,
        style,
        aspectRatio,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (words, captionStyle, aspect, squeeze) => {
          const { width, height } = SCENE_SIZES[aspect];
          const frame = frameOf(width, height);
          const layout = styleLayout(captionStyle, frame);
          const last = words.at(-1)?.end ?? 0;
          // Sometimes the window ends before the voice does.
          const window = {
            from: 0.2,
            to: squeeze < 0.2 ? Math.max(0.2, last * (0.5 + squeeze)) : last + 2,
          };
          const { result } = timed(() =>
            groupWords(words, {
              weight: layout.weight,
              fontSize: layout.fontSize,
              minFontSize: layout.minFontSize,
              maxWidth: layout.maxWidth,
              maxLines: layout.maxLines,
              maxWordsPerCue: layout.maxWordsPerCue,
              uppercase: layout.uppercase,
              window,
            }),
          );
          const { fontSize, cues } = result;
          expect(fontSize).toBeGreaterThanOrEqual(Math.ceil(layout.minFontSize));
          expect(fontSize).toBeLessThanOrEqual(Math.round(layout.fontSize));

          // Every word exactly once, in order, with its own times.
          expect(cues.flatMap((cue) => cue.words.map(({ line: _, ...word }) => word))).toEqual(
            words,
          );
          let previousEnd = window.from;
          for (const cue of cues) {
            expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
            expect(cue.end).toBeGreaterThanOrEqual(cue.start);
            expect(cue.end).toBeLessThanOrEqual(window.to + 1e-9);
            previousEnd = cue.end;
            // Shown from (a little before) its first word, while the window allows.
            const first = cue.words[0];
            if (first && first.start >= window.from && first.start <= window.to) {
              expect(cue.start).toBeLessThanOrEqual(first.start);
              expect(cue.start).toBeGreaterThanOrEqual(round3(first.start - 0.1) - 1e-9);
            }
            if (layout.maxWordsPerCue) {
              expect(cue.words.length).toBeLessThanOrEqual(layout.maxWordsPerCue);
            }
            // The lines show each word's drawable text, nothing lost and nothing added.
            const shown = cue.words.map((word) =>
              shownWord(word.text, layout.weight, layout.uppercase),
            );
            expect(inkOf(cue.lines.join(''))).toBe(inkOf(shown.join('')));
            for (const line of cue.lines) {
              expect(measureText(line, layout.weight, fontSize)).toBeLessThanOrEqual(
                layout.maxWidth,
              );
            }
            // More lines than allowed only for one word too wide for them.
            if (cue.lines.length > layout.maxLines) expect(cue.words).toHaveLength(1);
            for (const word of cue.words) {
              expect(word.line).toBeGreaterThanOrEqual(0);
              expect(word.line).toBeLessThan(Math.max(1, cue.lines.length));
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('lays out the longest narrations: 750 one-letter words, 100-letter words, CJK', () => {
    const pace = (text: string): SpokenWord[] =>
      text
        .split(' ')
        .map((word, index) => ({ text: word, start: index * 0.2, end: index * 0.2 + 0.15 }));
    const narrations = [
      Array.from({ length: 750 }, (_, index) => 'abcdefghij'[index % 10]).join(' '),
      Array.from({ length: 15 }, () => 'W'.repeat(99)).join(' '),
      Array.from({ length: 250 }, () => '日本語です').join(' '),
      Array.from({ length: 250 }, () => 'مرحبا').join(' '),
    ];
    for (const narration of narrations) {
      expect(narration.length).toBeLessThanOrEqual(1500);
      const words = pace(narration);
      for (const captionStyle of ['karaoke', 'pop', 'minimal'] as const) {
        for (const aspect of ['landscape', 'portrait'] as const) {
          const { width, height } = SCENE_SIZES[aspect];
          const { result } = timed(() =>
            layoutWordCaptions(words, captionStyle, {
              frame: frameOf(width, height),
              window: { from: 0, to: words.length * 0.2 + 1 },
              accent: [255, 180, 120],
            }),
          );
          expect(result.cues.flatMap((cue) => cue.words)).toHaveLength(words.length);
        }
      }
    }
  });

  it('writes events for any narration, every one inside its cue and the frame', () => {
    fc.assert(
      fc.property(spoken, style, aspectRatio, (words, captionStyle, aspect) => {
        const { width, height } = SCENE_SIZES[aspect];
        const frame = frameOf(width, height);
        const window = { from: 0.2, to: (words.at(-1)?.end ?? 0) + 1 };
        const { result } = timed(() =>
          layoutWordCaptions(words, captionStyle, { frame, window, accent: [255, 180, 120] }),
        );
        for (const event of result.events) {
          expect(event.end).toBeGreaterThan(event.start);
          expect(event.start).toBeGreaterThanOrEqual(window.from - 0.01);
          expect(event.end).toBeLessThanOrEqual(window.to + 1e-9);
          // Placed (\pos), or sliding from one place to another (\move, as a pop line re-centres):
          // every place inside the frame.
          const position = /\\pos\((-?\d+),(-?\d+)\)/.exec(event.text);
          const move = /\\move\((-?\d+),(-?\d+),(-?\d+),(-?\d+),\d+,\d+\)/.exec(event.text);
          expect(position ?? move).not.toBeNull();
          const places = position
            ? [[position[1], position[2]]]
            : [
                [move?.[1], move?.[2]],
                [move?.[3], move?.[4]],
              ];
          for (const [x, y] of places.map((place) => place.map(Number))) {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(width);
            expect(y).toBeGreaterThan(0);
            expect(y).toBeLessThan(height);
          }
          // Member text never opens an override block of its own: after the event's own tags
          // (drawings aside, and the font switches that name a fallback font for a run of text)
          // every brace is escaped.
          if (!event.text.includes('\\p1')) {
            const body = event.text
              .slice(event.text.indexOf('}') + 1)
              .replace(/\{\\fn[^{}\\]+\}/g, '');
            expect(body).not.toMatch(/(?<!\\)[{}]/);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('WebVTT of grouped words', () => {
  it('reads back the same cues, lines, words and word starts', () => {
    fc.assert(
      fc.property(spoken, style, aspectRatio, (words, captionStyle, aspect) => {
        const { width, height } = SCENE_SIZES[aspect];
        const window = { from: 0, to: (words.at(-1)?.end ?? 0) + 1 };
        const { cues } = layoutWordCaptions(words, captionStyle, {
          frame: frameOf(width, height),
          window,
          accent: [255, 255, 255],
        });
        const parsed = parseWebVtt(webVttFile(cues));
        // What the file keeps: each word's text with its whitespace made single spaces.
        const asWords = (text: string) => text.split(/[\s\p{Cc}]+/u).filter(Boolean);
        const kept = cues.filter(
          (cue) => cue.end > cue.start && cue.words.some((word) => asWords(word.text).length > 0),
        );
        expect(parsed.map((cue) => [cue.start, cue.end])).toEqual(
          kept.map((cue) => [cue.start, cue.end]),
        );
        parsed.forEach((cue, index) => {
          const original = kept[index];
          const texts = (original?.words ?? []).flatMap((word) => asWords(word.text));
          expect(cue.words.map((word) => word.text)).toEqual(texts);
          // Every word but the first starts where the voice said it (inside its cue).
          const starts = (original?.words ?? [])
            .filter((word) => asWords(word.text).length > 0)
            .map((word) => Math.min(cue.end, Math.max(cue.start, round3(word.start))));
          let time = cue.start;
          const expected = starts.map((start, at) => {
            time = at === 0 ? cue.start : Math.max(time, start);
            return time;
          });
          const firstOfEach = (original?.words ?? [])
            .filter((word) => asWords(word.text).length > 0)
            .map((word) => asWords(word.text).length);
          const parsedStarts: number[] = [];
          let next = 0;
          for (const count of firstOfEach) {
            parsedStarts.push(cue.words[next]?.start ?? Number.NaN);
            next += count;
          }
          expect(parsedStarts).toEqual(expected);
        });
      }),
      { numRuns: 100 },
    );
  });
});
