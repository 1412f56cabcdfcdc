import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeVideo } from '@/entities/videos/test-videos';
import { createQueryClient } from '@/lib/query-client';
import { serveFetch } from '@/lib/test-fetch';
import { makePublication } from '../test-publishing';
import { PublicationBadges } from './publication-badges';

const harbour = makeVideo({
  id: 41,
  title: 'Harbour at dusk',
  status: 'completed',
  videoUrl: '/media/users/u1/videos/41.mp4',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Publication badges', () => {
  it("shows the video's latest publication per platform: a link to the post, on its way, or failed", async () => {
    serveFetch({
      'GET /api/publications': {
        status: 200,
        body: [
          makePublication({
            id: 9,
            platform: 'instagram',
            status: 'failed',
            error: 'Instagram needs a video of at least 3 seconds.',
          }),
          makePublication({ id: 8, platform: 'tiktok', status: 'uploading', progress: 40 }),
          makePublication({
            id: 7,
            platform: 'youtube',
            status: 'published',
            postUrl: 'https://youtu.be/abc123',
          }),
          // Another video's: not on this card.
          makePublication({ id: 6, videoId: 40, platform: 'youtube', status: 'published' }),
        ],
      },
    });
    const onShowFailure = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PublicationBadges video={harbour} onShowFailure={onShowFailure} />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Publications' });
    const badges = within(list).getAllByTestId('publication-badge');
    // In the platforms' order, whatever order the server listed them in.
    expect(badges.map((badge) => badge.dataset.status)).toEqual([
      'published',
      'uploading',
      'failed',
    ]);

    const post = within(list).getByRole('link', { name: 'YouTube' });
    expect(post.getAttribute('href')).toBe('https://youtu.be/abc123');
    expect(post.getAttribute('target')).toBe('_blank');
    expect(post.getAttribute('rel')).toBe('noopener noreferrer');

    expect(within(list).getByText('Publishing to TikTok…')).toBeTruthy();

    const failed = within(list).getByRole('button', { name: 'Instagram failed' });
    const description = document.getElementById(failed.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Instagram needs a video of at least 3 seconds.');
    expect(failed.getAttribute('title')).toBe('Instagram needs a video of at least 3 seconds.');
    fireEvent.click(failed);
    expect(onShowFailure).toHaveBeenCalledWith(harbour);
  });

  it('shows nothing for a video never published', async () => {
    const calls = serveFetch({ 'GET /api/publications': { status: 200, body: [] } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PublicationBadges video={harbour} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('list', { name: 'Publications' })).toBeNull();
  });
});
