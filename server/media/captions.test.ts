// Caption pacing and the ASS script: no word is lost, cues share the scene by length, text is literal.
import { describe, expect, it } from 'vitest';
import { assColour, assText, assTime, MIN_CUE_SECONDS, paceCaption, srtFile } from './captions';
import { measureText } from './fonts';

const options = {
  window: { from: 0.5, to: 7.5 },
  weight: 'semiBold' as const,
  fontSize: 40,
  minFontSize: 31,
  maxWidth: 920,
  maxLines: 2,
};
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('paceCaption', () => {
  it('shows a short caption as one cue over the whole window', () => {
    expect(paceCaption('Steam rises from a cup', options)).toEqual({
      fontSize: 40,
      cues: [{ start: 0.5, end: 7.5, lines: ['Steam rises from a cup'] }],
    });
  });

  it('never loses a word: a long caption becomes several cues, in order, that fit the width', () => {
    const caption = Array.from(
      { length: 12 },
      (_, index) => `Sentence ${index + 1} tells what the barista does next at the counter.`,
    ).join(' ');
    const layout = paceCaption(caption, options);
    expect(layout.cues.length).toBeGreaterThan(2);
    expect(layout.cues.flatMap((cue) => words(cue.lines.join(' ')))).toEqual(words(caption));
    for (const cue of layout.cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) {
        expect(measureText(line, 'semiBold', layout.fontSize)).toBeLessThanOrEqual(920);
      }
    }
    // The cues fill the window, one after another, never overlapping.
    expect(layout.cues[0]?.start).toBe(0.5);
    expect(layout.cues.at(-1)?.end).toBe(7.5);
    layout.cues.forEach((cue, index) => {
      if (index > 0) expect(cue.start).toBeGreaterThan(layout.cues[index - 1]?.end ?? 0);
    });
  });

  it('shrinks the font before giving a cue less than the time it takes to read', () => {
    const caption = 'The roaster turns while beans crackle and the room warms up slowly. '.repeat(
      6,
    );
    const layout = paceCaption(caption, options);
    expect(layout.fontSize).toBeLessThan(40);
    expect(layout.fontSize).toBeGreaterThanOrEqual(31);
    // On average at least the time a cue takes to read (each gets a share by its length).
    expect(7 / layout.cues.length).toBeGreaterThanOrEqual(MIN_CUE_SECONDS);
  });

  it('gives each cue time in proportion to its length', () => {
    const layout = paceCaption(
      'Short one here. And then a much longer part of the caption that keeps going on and on and on for a while longer than anyone expected',
      { ...options, maxLines: 1, maxWidth: 700 },
    );
    const [first, second] = layout.cues;
    expect(layout.cues.length).toBeGreaterThanOrEqual(2);
    const perCharacter = (cue: typeof first) =>
      cue ? (cue.end - cue.start) / (cue.lines.join(' ').length + 12) : 0;
    expect(perCharacter(first)).toBeCloseTo(perCharacter(second), 1);
  });

  it('has nothing to show without text or time', () => {
    expect(paceCaption('\u0007\u200B', options).cues).toEqual([]);
    expect(paceCaption('Words', { ...options, window: { from: 5, to: 5 } }).cues).toEqual([]);
  });
});

describe('ASS and SubRip text', () => {
  it('escapes what libass would read as tags or line breaks', () => {
    expect(assText('a {b} c')).toBe('a \\{b\\} c');
    expect(assText('C:\\Night\\new\\hat\\x')).toBe('C:\\\u200BNight\\\u200Bnew\\\u200Bhat\\x');
  });

  it('writes times and colours the way ASS reads them', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(67.456)).toBe('0:01:07.46');
    expect(assColour([255, 128, 0])).toBe('&H0080FF&');
  });

  it('writes cues as SubRip', () => {
    expect(
      srtFile([
        { start: 0.5, end: 3.25, lines: ['Steam rises', 'from a cup'] },
        { start: 3.4, end: 7.5, lines: ['The end'] },
      ]),
    ).toBe(
      '1\n00:00:00,500 --> 00:00:03,250\nSteam rises\nfrom a cup\n\n2\n00:00:03,400 --> 00:00:07,500\nThe end\n',
    );
  });
});
