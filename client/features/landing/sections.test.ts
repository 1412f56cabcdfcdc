import { describe, expect, it } from 'vitest';
import { activeSectionAt } from './sections';

describe('activeSectionAt', () => {
  const at = (tops: number[]) =>
    activeSectionAt(
      tops.map((top, index) => ({ id: `s${index}`, top })),
      150,
    );

  it('highlights the first section at the top of the page', () => {
    expect(at([0, 800, 1600])).toBe('s0');
  });

  it('moves on once a section crosses the 150 px line', () => {
    expect(at([-700, 151, 900])).toBe('s0');
    expect(at([-700, 150, 900])).toBe('s1');
    expect(at([-1600, -800, 20])).toBe('s2');
  });
});
