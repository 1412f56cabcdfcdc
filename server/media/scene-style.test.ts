import { describe, expect, it } from 'vitest';
import {
  hslToRgb,
  limitLuminance,
  MAX_BLOB_LUMINANCE,
  moodFamily,
  type Rgb,
  sceneStyle,
} from './scene-style';

const luminance = ([red, green, blue]: Rgb) =>
  (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;

describe('sceneStyle', () => {
  it('gives the same palette and chord for the same mood and seed', () => {
    const first = sceneStyle('calm', 'A lake at dawn');
    const second = sceneStyle('calm', 'A lake at dawn');
    expect(second.palette).toEqual(first.palette);
    expect(second.chord).toEqual(first.chord);
    expect(sceneStyle('calm', 'A city at night').palette).not.toEqual(first.palette);
  });

  it('reads the mood words for the colour family and the chord', () => {
    expect(moodFamily('Calm, peaceful').words).toContain('calm');
    expect(moodFamily('dark and mysterious').words).toContain('dark');
    expect(moodFamily('FRESH').words).toContain('fresh');
    expect(moodFamily('unheard-of').words).toEqual([]);
    // Dark moods get a minor seventh: the chord's third note is 10 semitones above the root.
    const { frequencies } = sceneStyle('dark', 'x').chord;
    const [root, , seventh] = frequencies;
    expect(12 * Math.log2((seventh ?? 0) / (root ?? 1))).toBeCloseTo(10, 1);
  });

  it('keeps the gradient dark enough for white text', () => {
    for (const mood of ['calm', 'energetic', 'fresh', 'warm', 'dreamy', '', 'epic']) {
      for (const seed of ['a', 'b', 'c', 'd']) {
        const { palette } = sceneStyle(mood, seed);
        expect(luminance(palette.base)).toBeLessThan(0.15);
        for (const colour of palette.blobs) {
          expect(luminance(colour)).toBeLessThanOrEqual(MAX_BLOB_LUMINANCE + 0.01);
        }
      }
    }
  });

  it('plays a low chord of four notes, quieter going up', () => {
    const { chord } = sceneStyle('upbeat', 'seed');
    expect(chord.frequencies).toHaveLength(4);
    expect(chord.frequencies[0]).toBeGreaterThanOrEqual(110);
    expect(chord.frequencies[0]).toBeLessThan(165);
    expect([...chord.frequencies].sort((a, b) => a - b)).toEqual(chord.frequencies);
    expect([...chord.weights].sort((a, b) => b - a)).toEqual(chord.weights);
  });
});

describe('colour helpers', () => {
  it('converts HSL', () => {
    expect(hslToRgb(0, 1, 0.5)).toEqual([255, 0, 0]);
    expect(hslToRgb(120, 1, 0.5)).toEqual([0, 255, 0]);
    expect(hslToRgb(600, 1, 0.5)).toEqual([0, 0, 255]);
    expect(hslToRgb(0, 0, 1)).toEqual([255, 255, 255]);
  });

  it('darkens only colours brighter than the limit, keeping their hue', () => {
    expect(limitLuminance([20, 30, 90], 0.4)).toEqual([20, 30, 90]);
    const yellow = limitLuminance([255, 255, 0], 0.4);
    expect(luminance(yellow)).toBeCloseTo(0.4, 2);
    expect(yellow[0]).toBe(yellow[1]);
    expect(yellow[2]).toBe(0);
  });
});
