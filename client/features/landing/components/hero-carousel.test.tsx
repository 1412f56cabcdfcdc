import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { landingKeys } from '../api/landing-keys';
import { HeroCarousel } from './hero-carousel';

afterEach(cleanup);

function renderCarousel(clips: Array<{ id: string; videoSrc: string; thumbnailSrc: string }>) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(landingKeys.demoClips(), { clips });
  render(
    <QueryClientProvider client={queryClient}>
      <HeroCarousel />
    </QueryClientProvider>,
  );
}

describe('HeroCarousel', () => {
  it("backs a card's words when a rendered poster (with its own captions) is behind them", () => {
    renderCarousel([
      {
        id: 'neon-city',
        videoSrc: '/media/demo/neon-city.mp4',
        thumbnailSrc: '/media/demo/neon-city.jpg',
      },
    ]);
    const [withPoster] = document.querySelectorAll<HTMLElement>('[data-demo-id="neon-city"]');
    const [gradientOnly] = document.querySelectorAll<HTMLElement>('[data-demo-id="espresso"]');
    const text = (card: HTMLElement | undefined) =>
      within(card as HTMLElement).getByTestId('demo-card-text');
    expect(text(withPoster).dataset.backed).toBe('true');
    expect(text(withPoster).className).toContain('data-[backed=true]:bg-black/85');
    expect(text(gradientOnly).dataset.backed).toBe('false');
    expect(screen.getAllByRole('heading', { level: 2, name: 'Demo videos' })).toHaveLength(1);
  });
});
