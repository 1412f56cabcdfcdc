import type { Video } from '@shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicationKeys } from '@/entities/publications/api/publication-keys';
import { makeVideo } from '@/entities/videos/test-videos';
import { seedVoiceQueries } from '@/entities/voices/test-voices';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import { serveFetch } from '@/lib/test-fetch';
import { LibraryPlayer } from './library-player';
import { LibraryVideoCard } from './library-video-card';

const narrated = makeVideo({
  id: 41,
  requestId: 7,
  title: 'Harbour at dusk',
  status: 'completed',
  progress: 100,
  duration: 15,
  videoUrl: '/media/users/u1/videos/41.mp4',
  voiceId: 'fr-fr-lea',
  narrated: true,
  captionsUrl: '/media/users/u1/videos/41.vtt',
});
const silent = makeVideo({
  id: 40,
  title: 'Sneaker launch',
  status: 'completed',
  progress: 100,
  videoUrl: '/media/users/u1/videos/40.mp4',
});

function renderWithQueries(children: React.ReactNode) {
  const queryClient = createQueryClient();
  seedVoiceQueries(queryClient);
  // Not published anywhere: the cards' publication badges have nothing to show.
  queryClient.setQueryData(publicationKeys.latest(), []);
  // The card's Insufficient Credits dialog can lead to the Profile or Purchase tab.
  return render(
    <QueryClientProvider client={queryClient}>
      <AppNavigationContext.Provider value={{ tab: 'library', navigate: vi.fn() }}>
        {children}
      </AppNavigationContext.Provider>
    </QueryClientProvider>,
  );
}

function renderCard(video: Video) {
  renderWithQueries(
    <LibraryVideoCard
      video={video}
      selected={false}
      onToggleSelected={() => undefined}
      userFolders={[]}
      onPlay={() => undefined}
      onShowError={() => undefined}
      onViewPrompt={() => undefined}
    />,
  );
  return screen.getByTestId('video-card');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Library narration', () => {
  it('marks a narrated card "Narrated" and leaves a silent one unmarked', () => {
    const card = renderCard(narrated);
    expect(within(card).getByText('Narrated')).toBeTruthy();
    cleanup();
    expect(within(renderCard(silent)).queryByText('Narrated')).toBeNull();
  });

  it('offers Download captions (.vtt) in the card menu, through the download proxy', async () => {
    const url = `/api/proxy/download?url=${encodeURIComponent(narrated.captionsUrl ?? '')}&filename=${encodeURIComponent('Harbour at dusk.vtt')}`;
    serveFetch({ [`HEAD ${url}`]: { status: 200, body: {} } });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} as ${this.download}`);
    });
    const card = renderCard(narrated);
    fireEvent.keyDown(within(card).getByRole('button', { name: 'More actions' }), {
      key: 'Enter',
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Download captions (.vtt)' }));
    await waitFor(() => expect(clicked).toEqual([`${url} as Harbour at dusk.vtt`]));
  });

  it('has no captions download for a video without captions', async () => {
    const card = renderCard(silent);
    fireEvent.keyDown(within(card).getByRole('button', { name: 'More actions' }), {
      key: 'Enter',
    });
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: /captions/i })).toBeNull();
  });

  it("plays with a captions track in the voice's language, shown by default", async () => {
    renderWithQueries(<LibraryPlayer video={narrated} onClose={() => undefined} />);
    const player = await screen.findByTestId('library-player');
    const track = player.querySelector('video track') as HTMLTrackElement | null;
    expect(track).not.toBeNull();
    expect(track?.getAttribute('src')).toBe('/media/users/u1/videos/41.vtt');
    expect(track?.getAttribute('kind')).toBe('captions');
    expect(track?.getAttribute('label')).toBe('Captions');
    expect(track?.getAttribute('srclang')).toBe('fr-FR');
    expect(track?.hasAttribute('default')).toBe(true);
    expect(within(player).getByRole('button', { name: 'Download captions (.vtt)' })).toBeTruthy();
  });

  it('plays a video without captions with no track and no captions download', async () => {
    renderWithQueries(<LibraryPlayer video={silent} onClose={() => undefined} />);
    const player = await screen.findByTestId('library-player');
    expect(player.querySelector('video')).not.toBeNull();
    expect(player.querySelector('track')).toBeNull();
    expect(within(player).queryByRole('button', { name: /captions/i })).toBeNull();
  });
});
