import type { SharedVideo } from '@shared/schemas/library';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast, useToasts } from '@/components/ui/use-toast';
import { stubTextTracks } from '@/entities/voices/test-text-tracks';
import { createQueryClient } from '@/lib/query-client';
import { shareUrl } from '@/lib/share-links';
import WatchPage from './watch-page';

type Reply = { status: number; body: unknown };

const VIDEO: SharedVideo = {
  title: 'Sunrise Over the Bay',
  description: 'Golden light across the water.',
  videoUrl: 'https://cdn.test/sunrise.mp4',
  thumbnailUrl: 'https://cdn.test/sunrise.jpg',
  createdAt: '2026-11-22T12:00:00.000Z',
  aspectRatio: 'landscape',
  scenes: 4,
  duration: '0:32',
  captionsUrl: null,
  captionsLanguage: null,
  captionsBurnedIn: false,
  chaptersUrl: null,
  assets: [],
};

let fetchMock: ReturnType<typeof vi.fn>;

function stubServer(reply: Reply) {
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
}

function renderWatchPage(videoId = '42') {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <WatchPage videoId={videoId} />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function renderVideo(video: Partial<SharedVideo> = {}) {
  stubServer({ status: 200, body: { ...VIDEO, ...video } });
  const view = renderWatchPage();
  await screen.findByRole('heading', { level: 1, name: video.title ?? VIDEO.title });
  return view;
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn(writeText) },
  });
  return navigator.clipboard.writeText as ReturnType<typeof vi.fn>;
}

/** The toast store outlives a render; close what one test raised so the next starts clean. */
function dismissAllToasts() {
  const { result, unmount } = renderHook(() => useToasts());
  for (const item of result.current) dismissToast(item.id);
  unmount();
}

beforeEach(() => {
  document.title = 'Reelforge';
});

afterEach(() => {
  dismissAllToasts();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('WatchPage', () => {
  it('shows the loading skeleton first', () => {
    stubServer({ status: 200, body: VIDEO });
    renderWatchPage();
    expect(screen.getByTestId('watch-loading')).toBeTruthy();
  });

  it("shows 'Video Not Found' for a 404, without retrying", async () => {
    stubServer({ status: 404, body: { message: 'Video not found' } });
    renderWatchPage('missing');
    expect(await screen.findByRole('heading', { name: 'Video Not Found' })).toBeTruthy();
    expect(
      screen.getByText('This video might be private, deleted, or the link is incorrect.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your Own Video' }).getAttribute('href')).toBe(
      '/api/login',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/shared-video/missing');
    expect(screen.queryByTestId('shared-video-player')).toBeNull();
  });

  it('plays the video with its title, date, 16:9 badge, scenes, duration and description', async () => {
    await renderVideo();
    const player = screen.getByTestId('shared-video-player') as HTMLVideoElement;
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe(VIDEO.videoUrl);
    expect(player.getAttribute('poster')).toBe(VIDEO.thumbnailUrl);
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.hasAttribute('playsinline')).toBe(true);

    expect(screen.getByText('November 22, 2026')).toBeTruthy();
    expect(screen.getByTestId('shared-video-aspect').textContent).toBe('16:9');
    expect(screen.getByTestId('shared-video-scenes').textContent).toBe('4 scenes');
    expect(screen.getByText('0:32')).toBeTruthy();
    expect(screen.getByText('Golden light across the water.')).toBeTruthy();
    expect(document.title).toBe('Sunrise Over the Bay | Made with Reelforge');
    // Landscape takes the full width.
    expect(player.parentElement?.className).not.toContain('max-w-sm');
  });

  it('credits the stock footage it shows, each service and author linked', async () => {
    await renderVideo({
      assets: [
        {
          provider: 'pexels',
          assetId: '856',
          pageUrl: 'https://www.pexels.com/video/coffee-856/',
          author: 'Ana Silva',
          authorUrl: 'https://www.pexels.com/@ana-silva',
          licence: 'Pexels License',
          licenceUrl: 'https://www.pexels.com/license/',
          fileUrl: 'https://videos.pexels.com/856.mp4',
          fetchedAt: '2026-11-28T12:00:00.000Z',
        },
      ],
    });
    const credit = screen.getByTestId('footage-credit');
    expect(credit.textContent).toBe('Footage: Pexels (Ana Silva)');
    const links = [...credit.querySelectorAll('a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Pexels', 'https://www.pexels.com'],
      ['Ana Silva', 'https://www.pexels.com/@ana-silva'],
    ]);
  });

  it('shows no footage credit for a video without stock footage', async () => {
    await renderVideo();
    expect(screen.queryByTestId('footage-credit')).toBeNull();
  });

  it('shows the captions as a default track when the frames do not carry them', async () => {
    const tracks = stubTextTracks();
    try {
      await renderVideo({
        captionsUrl: '/media/users/u1/videos/42.vtt',
        captionsLanguage: 'en-US',
        captionsBurnedIn: false,
      });
      const track = screen.getByTestId('shared-video-player').querySelector('track');
      expect(track?.getAttribute('src')).toBe('/media/users/u1/videos/42.vtt');
      expect(track?.getAttribute('kind')).toBe('captions');
      expect(track?.getAttribute('label')).toBe('Captions');
      expect(track?.getAttribute('srclang')).toBe('en-US');
      expect(track?.hasAttribute('default')).toBe(true);
      if (track) expect(tracks.trackOf(track).mode).toBe('showing');
      const cc = screen.getByRole('button', { name: 'Captions' });
      expect(cc.getAttribute('aria-pressed')).toBe('true');
      fireEvent.click(cc);
      expect(cc.getAttribute('aria-pressed')).toBe('false');
      if (track) expect(tracks.trackOf(track).mode).toBe('disabled');
      cleanup();

      await renderVideo({ captionsUrl: null });
      expect(screen.getByTestId('shared-video-player').querySelector('track')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Captions' })).toBeNull();
    } finally {
      tracks.restore();
    }
  });

  it('keeps burned-in captions to the picture, with the track offered under CC', async () => {
    const tracks = stubTextTracks();
    try {
      await renderVideo({
        captionsUrl: '/media/users/u1/videos/42.vtt',
        captionsLanguage: 'en-US',
        captionsBurnedIn: true,
      });
      const player = screen.getByTestId('shared-video-player') as HTMLVideoElement;
      const track = player.querySelector<HTMLTrackElement>('track[kind="captions"]');
      expect(track?.hasAttribute('default')).toBe(false);
      if (!track) return;
      expect(tracks.trackOf(track).mode).toBe('disabled');
      // Over the picture, in the player's frame, reachable with the keyboard.
      const cc = screen.getByRole('button', { name: 'Captions' });
      expect(cc.parentElement).toBe(player.parentElement);
      expect(cc.getAttribute('aria-pressed')).toBe('false');
      cc.focus();
      expect(document.activeElement).toBe(cc);
      fireEvent.click(cc);
      expect(cc.getAttribute('aria-pressed')).toBe('true');
      expect(tracks.trackOf(track).mode).toBe('showing');
      // Turned off again in the browser's own controls, CC follows.
      act(() => tracks.chooseInBrowser(player, track, 'disabled'));
      expect(cc.getAttribute('aria-pressed')).toBe('false');
    } finally {
      tracks.restore();
    }
  });

  it('gives the player the scenes as a chapters track when the video has them', async () => {
    await renderVideo({ chaptersUrl: '/media/users/u1/videos/42.chapters.vtt' });
    const chapters = screen
      .getByTestId('shared-video-player')
      .querySelector('track[kind="chapters"]');
    expect(chapters?.getAttribute('src')).toBe('/media/users/u1/videos/42.chapters.vtt');
    expect(chapters?.getAttribute('label')).toBe('Chapters');
    cleanup();

    await renderVideo({ chaptersUrl: null });
    expect(screen.getByTestId('shared-video-player').querySelector('track')).toBeNull();
  });

  it('shows a portrait video as 9:16, 1 scene, in a narrow column, without optional facts', async () => {
    await renderVideo({ aspectRatio: 'portrait', scenes: 1, duration: null, description: '' });
    expect(screen.getByTestId('shared-video-aspect').textContent).toBe('9:16');
    expect(screen.getByTestId('shared-video-scenes').textContent).toBe('1 scene');
    expect(screen.queryByText('0:32')).toBeNull();
    expect(screen.queryByText('Golden light across the water.')).toBeNull();
    expect(screen.getByTestId('shared-video-player').parentElement?.className).toContain(
      'max-w-sm',
    );
  });

  it("says 'Video not available' when there is no video URL", async () => {
    await renderVideo({ videoUrl: '' });
    expect(screen.getByText('Video not available')).toBeTruthy();
    expect(screen.queryByTestId('shared-video-player')).toBeNull();
  });

  it('puts the previous document title back on leaving', async () => {
    const view = await renderVideo();
    expect(document.title).toBe('Sunrise Over the Bay | Made with Reelforge');
    view.unmount();
    expect(document.title).toBe('Reelforge');
  });

  it('offers the side card and the footer links', async () => {
    await renderVideo();
    const card = screen.getByTestId('create-your-own-card');
    expect(
      within(card).getByRole('link', { name: 'Create Your Own Video' }).getAttribute('href'),
    ).toBe('/api/login');
    expect(
      within(card).getByRole('link', { name: 'Learn more about Reelforge' }).getAttribute('href'),
    ).toBe('/');
    expect(within(card).getByRole('heading', { name: 'Why Reelforge' })).toBeTruthy();
    expect(within(card).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Create Videos' }).getAttribute('href')).toBe(
      '/api/login',
    );
    expect(within(footer).getByRole('link', { name: 'Sign Up Free' }).getAttribute('href')).toBe(
      '/api/login',
    );
  });

  it("copies the link: 'Copied!' for 2 s and a 'Link Copied!' toast", async () => {
    await renderVideo();
    const writeText = stubClipboard(async () => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const button = screen.getByRole('button', { name: 'Copy Link' });
    fireEvent.click(button);
    expect(await screen.findByText('Link Copied!')).toBeTruthy();
    expect(screen.getByText('Video link copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/watch/42`);
    expect(button.textContent).toBe('Copied!');
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(button.textContent).toBe('Copy Link');
  });

  it("reports 'Copy Failed' when the clipboard refuses", async () => {
    await renderVideo();
    stubClipboard(async () => {
      throw new Error('denied');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Copy Failed')).toBeTruthy();
    expect(screen.getByText('Could not copy link to clipboard')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });

  it('opens each network in a 600x400 popup; WhatsApp only on small screens', async () => {
    await renderVideo();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const target = {
      url: `${window.location.origin}/watch/42`,
      title: VIDEO.title,
      description: VIDEO.description,
    };
    for (const [label, network] of [
      ['X', 'x'],
      ['Facebook', 'facebook'],
      ['LinkedIn', 'linkedin'],
      ['WhatsApp', 'whatsapp'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: `Share on ${label}` }));
      expect(open).toHaveBeenLastCalledWith(
        shareUrl(network, target),
        '_blank',
        'width=600,height=400,noopener,noreferrer',
      );
    }
    expect(screen.getByRole('button', { name: 'Share on WhatsApp' }).className).toContain(
      'md:hidden',
    );
    expect(screen.getByRole('heading', { name: 'Share this video' })).toBeTruthy();
  });

  it('retries a server error before giving up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServer({ status: 500, body: { message: 'boom' } });
    renderWatchPage();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Video Not Found' })).toBeTruthy(),
    );
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
