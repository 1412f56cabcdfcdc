import { describe, expect, it } from 'vitest';
import { creditsDisplay, insufficientCreditsMessage } from './credits-display';

describe('creditsDisplay', () => {
  it('shows the balance, low at 2 or fewer', () => {
    const show = (remainingCredits: number) =>
      creditsDisplay({
        memberLevel: 'Free',
        credits: { remainingCredits, unlimited: false },
        failed: false,
      });
    expect(show(3)).toEqual({ text: '3', unlimited: false, low: false });
    expect(show(2)).toEqual({ text: '2', unlimited: false, low: true });
    expect(show(0)).toEqual({ text: '0', unlimited: false, low: true });
  });

  it("shows '--' when the balance could not be loaded", () => {
    expect(creditsDisplay({ memberLevel: 'Pro', credits: undefined, failed: true })).toEqual({
      text: '--',
      unlimited: false,
      low: false,
    });
  });

  it('shows ∞ for Elite, whatever the answer', () => {
    for (const credits of [undefined, { remainingCredits: null, unlimited: true }]) {
      expect(creditsDisplay({ memberLevel: 'Elite', credits, failed: !credits })).toEqual({
        text: '∞',
        unlimited: true,
        low: false,
      });
    }
  });

  it('is null while loading', () => {
    expect(creditsDisplay({ memberLevel: 'Free', credits: undefined, failed: false })).toBeNull();
  });
});

describe('insufficientCreditsMessage', () => {
  it('counts credits in the singular and plural, and unlimited as ∞', () => {
    expect(insufficientCreditsMessage(0)).toBe('You have 0 credits but need 1 to create a video.');
    expect(insufficientCreditsMessage(1)).toBe('You have 1 credit but need 1 to create a video.');
    expect(insufficientCreditsMessage(null)).toBe(
      'You have ∞ credits but need 1 to create a video.',
    );
  });
});
