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
  it('gives the same palette for the same mood and seed', () => {
    const first = sceneStyle('calm', 'A lake at dawn');
    const second = sceneStyle('calm', 'A lake at dawn');
    expect(second.palette).toEqual(first.palette);
    expect(sceneStyle('calm', 'A city at night').palette).not.toEqual(first.palette);
  });

  it('reads the mood words for the colour family', () => {
    expect(moodFamily('Calm, peaceful').words).toContain('calm');
    expect(moodFamily('dark and mysterious').words).toContain('dark');
    expect(moodFamily('FRESH').words).toContain('fresh');
    expect(moodFamily('unheard-of').words).toEqual([]);
    expect(moodFamily('neon nights').name).toBe('tech');
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
