// The landing page's phone navigation marks the section on screen, the sign-up invitation too.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

let active = 'beta-signup';
vi.mock('../hooks/use-active-section', () => ({ useActiveSection: () => active }));

const { LandingMobileNav } = await import('./landing-mobile-nav');

afterEach(cleanup);

describe('LandingMobileNav', () => {
  it('highlights Create Now while the sign-up section is under the scroll line', () => {
    active = 'beta-signup';
    render(<LandingMobileNav loginUrl="/login" />);
    expect(screen.getByRole('link', { name: 'Create Now' }).getAttribute('aria-current')).toBe(
      'location',
    );
    expect(screen.getByRole('button', { name: 'Pricing' }).getAttribute('aria-current')).toBeNull();
  });

  it('highlights the section on screen, and not Create Now', () => {
    active = 'pricing';
    render(<LandingMobileNav loginUrl="/login" />);
    expect(screen.getByRole('button', { name: 'Pricing' }).getAttribute('aria-current')).toBe(
      'location',
    );
    expect(
      screen.getByRole('link', { name: 'Create Now' }).getAttribute('aria-current'),
    ).toBeNull();
  });
});
