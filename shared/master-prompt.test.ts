import { describe, expect, it } from 'vitest';
import {
  applyPromptChoices,
  buildMasterPrompt,
  nextItemListIndex,
  parseItemLists,
  rotationLength,
} from './master-prompt';

const landscape = { aspectRatio: 'landscape', watermark: true } as const;

describe('parseItemLists', () => {
  it('reads comma-separated items, quoted or not, and takes the declarations out', () => {
    const { lists, text } = parseItemLists(
      'A film about {Drink} in {City}.\n\n{Drink: espresso, "flat white", \'chai latte\'}\n{City: Lisbon, Porto}\n',
    );
    expect(lists).toEqual([
      { name: 'Drink', items: ['espresso', 'flat white', 'chai latte'] },
      { name: 'City', items: ['Lisbon', 'Porto'] },
    ]);
    expect(text).toBe('A film about {Drink} in {City}.');
  });

  it('keeps commas and braces inside quotes, and apostrophes inside words', () => {
    const { lists } = parseItemLists(
      `{Product Line: "red, blue and green sneakers", 'hat {limited}', don't stop, "" }`,
    );
    expect(lists).toEqual([
      {
        name: 'Product Line',
        items: ['red, blue and green sneakers', 'hat {limited}', "don't stop", ''],
      },
    ]);
  });

  it('leaves JSON and unclosed braces alone', () => {
    const prompt = '{"aspect_ratio": "16:9", "scenes": [{"prompt": "waves"}]} and {Broken: a, b';
    expect(parseItemLists(prompt)).toEqual({ lists: [], text: prompt });
  });
});

describe('rotation', () => {
  const { lists } = parseItemLists('{A: 1, 2, 3} {B: x, y} {C: only}');

  it('wraps to 1 after the longest list', () => {
    expect(rotationLength(lists)).toBe(3);
    expect([1, 2, 3].map((index) => nextItemListIndex(index, lists))).toEqual([2, 3, 1]);
    expect(nextItemListIndex(7, lists)).toBe(1);
    expect(nextItemListIndex(1, [])).toBe(1);
  });

  it('fills each placeholder with the item at the index; shorter lists cycle', () => {
    const prompt = '{A}-{B}-{C}\n{A: 1, 2, 3}\n{B: x, y}\n{C: only}';
    expect([1, 2, 3, 4].map((index) => buildMasterPrompt(prompt, index, landscape))).toEqual([
      '1-x-only',
      '2-y-only',
      '3-x-only',
      '1-y-only',
    ]);
  });

  it('matches names in any case and spacing, and leaves unknown placeholders as written', () => {
    const prompt = 'Show { product  line } with {Mood} and {mood}.\n{Product Line: boots}';
    expect(buildMasterPrompt(prompt, 1, landscape)).toBe('Show boots with {Mood} and {mood}.');
  });
});

describe('applyPromptChoices', () => {
  it('writes the form’s aspect ratio and watermark into the prompt, keeping the quoting', () => {
    const prompt = [
      'aspect_ratio: 16:9',
      '"aspect_ratio": "landscape",',
      'watermark = true',
      "'watermark': 'no'",
    ].join('\n');
    expect(applyPromptChoices(prompt, { aspectRatio: 'portrait', watermark: false })).toBe(
      [
        'aspect_ratio: 9:16',
        '"aspect_ratio": "9:16",',
        'watermark = false',
        "'watermark': 'false'",
      ].join('\n'),
    );
  });

  it('is applied to every built prompt', () => {
    const built = buildMasterPrompt('Make {X}. aspect_ratio: 16:9\n{X: waves}', 1, {
      aspectRatio: 'portrait',
      watermark: true,
    });
    expect(built).toBe('Make waves. aspect_ratio: 9:16');
  });
});
