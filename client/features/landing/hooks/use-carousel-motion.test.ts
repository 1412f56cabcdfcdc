import { describe, expect, it } from 'vitest';
import { wrapPosition } from './use-carousel-motion';

describe('wrapPosition', () => {
  it('keeps a position inside the middle copy', () => {
    expect(wrapPosition(1500, 1000)).toBe(1500);
    expect(wrapPosition(2000, 1000)).toBe(1000);
    expect(wrapPosition(2250.5, 1000)).toBe(1250.5);
    expect(wrapPosition(999, 1000)).toBe(1999);
    expect(wrapPosition(-10, 1000)).toBe(1990);
  });

  it('leaves the position alone before the track has a width', () => {
    expect(wrapPosition(12, 0)).toBe(12);
  });
});
