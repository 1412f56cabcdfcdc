// The library's way into scene remixing and versions: Remix (the editor for Pro and Elite, 'Premium
// Feature' for Free, the server's words for what cannot be remixed), the Versions dialog with
// Restore, and a job's video held for review with Approve and publish.
import type { VideoVersion } from '@shared/schemas/storyboards';
import type { Video } from '@shared/schemas/videos';
import type { Tier } from '@shared/tiers';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { makePublication } from '@/entities/publications/test-publishing';
import { makeMember } from '@/entities/session/test-members';
import { makeStoryboard } from '@/entities/storyboards/test-storyboards';
import { makeVideo } from '@/entities/videos/test-videos';
import { videoProgressed } from '@/entities/videos/video-events';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import { NO_CONNECTION_TO_WAIT_FOR, RealtimeContext } from '@/lib/realtime/use-realtime';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { LibraryScreen } from './library-screen';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

const harbour = makeVideo({
  id: 41,
  requestId: 7,
  title: 'Harbour at dusk',
  status: 'completed',
  videoUrl: '/media/41/v2.mp4',
  thumbnailUrl: '/media/41/v2.jpg',
  duration: 15,
  progress: 100,
  scenes: 2,
});

const versions: VideoVersion[] = [
  {
    version: 2,
    current: true,
    createdAt: '2026-05-02T10:00:00.000Z',
    duration: 15,
    scenes: 2,
    videoUrl: '/media/41/v2.mp4',
    thumbnailUrl: '/media/41/v2.jpg',
  },
  {
    version: 1,
    current: false,
    createdAt: '2026-05-01T09:30:00.000Z',
    duration: 12,
    scenes: 2,
    videoUrl: '/media/41/v1.mp4',
    thumbnailUrl: '/media/41/v1.jpg',
  },
];

function routes(
  memberLevel: Tier,
  videos: Video[] = [harbour],
  extra: Record<string, FakeReply | ((body: unknown) => FakeReply)> = {},
) {
  return serveFetch({
    'GET /api/auth/user': { status: 200, body: makeMember(memberLevel) },
    'GET /api/videos?limit=48': {
      status: 200,
      body: { items: videos, nextCursor: null, total: videos.length },
    },
    'GET /api/videos/summary': {
      status: 200,
      body: {
        total: videos.length,
        completed: videos.length,
        processing: 0,
        queued: 0,
        failed: 0,
        favorites: 0,
      },
    },
    'GET /api/folders': { status: 200, body: [] },
    'GET /api/user-folders': { status: 200, body: [] },
    'GET /api/storyboards': { status: 200, body: [] },
    'GET /api/publications': { status: 200, body: [] },
    ...extra,
  });
}

function renderLibrary() {
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RealtimeContext.Provider value={NO_CONNECTION_TO_WAIT_FOR}>
        <AppNavigationContext.Provider value={{ tab: 'library', navigate }}>
          <LibraryScreen />
        </AppNavigationContext.Provider>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
  return { navigate };
}

async function openCardMenu(title = 'Harbour at dusk') {
  const card = (await screen.findAllByTestId('video-card')).find((each) =>
    within(each).queryByRole('heading', { name: title }),
  ) as HTMLElement;
  const trigger = within(card).getByRole('button', { name: 'More actions' });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('Scene progress', () => {
  it("shows each scene's progress on a rendering card, a reused scene done at once", async () => {
    const rendering = makeVideo({
      id: 'req-8',
      requestId: 8,
      title: 'Harbour at dusk',
      status: 'processing',
      videoUrl: null,
      thumbnailUrl: null,
      progress: 40,
      scenes: 3,
    });
    routes('Pro', [rendering]);
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <RealtimeContext.Provider value={NO_CONNECTION_TO_WAIT_FOR}>
          <AppNavigationContext.Provider value={{ tab: 'library', navigate: vi.fn() }}>
            <LibraryScreen />
          </AppNavigationContext.Provider>
        </RealtimeContext.Provider>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('video-card');
    // Before the renderer reports scenes, the card shows the one figure.
    expect(within(card).queryByRole('list', { name: 'Harbour at dusk scenes' })).toBeNull();
    act(() =>
      videoProgressed(queryClient, {
        videoId: 'req-8',
        requestId: 8,
        progress: 55,
        scenes: [100, 30, 0],
      }),
    );
    const scenes = await within(card).findByRole('list', { name: 'Harbour at dusk scenes' });
    expect(
      within(scenes)
        .getAllByRole('progressbar')
        .map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')]),
    ).toEqual([
      ['Scene 1 of 3', '100'],
      ['Scene 2 of 3', '30'],
      ['Scene 3 of 3', '0'],
    ]);
    expect(
      within(card)
        .getByRole('progressbar', { name: 'Harbour at dusk progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('55');
  });
});

describe('Remix', () => {
  it("opens a Pro member's video in the editor as a remix", async () => {
    const calls = routes('Pro', [harbour], {
      'POST /api/videos/41/remix': {
        status: 201,
        body: makeStoryboard({ id: 19, videoId: 41, title: 'Harbour at dusk' }),
      },
    });
    const { navigate } = renderLibrary();
    // Wait for the plan, which decides whether the request is made at all.
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/user')).toBe(true));
    fireEvent.click(within(await openCardMenu()).getByRole('menuitem', { name: 'Remix' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('storyboard', { storyboardId: 19 }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/videos/41/remix',
    ]);
  });

  it("shows a Free member 'Premium Feature' with the way to the plans, asking nothing", async () => {
    const calls = routes('Free');
    const { navigate } = renderLibrary();
    await screen.findByTestId('library-grid');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/user')).toBe(true));
    // The plan is read before the menu is opened.
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(within(await openCardMenu()).getByRole('menuitem', { name: 'Remix' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Premium Feature' });
    expect(within(dialog).getByText('Upgrade to Pro or Elite to remix scenes')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'See plans' }));
    expect(navigate).toHaveBeenCalledWith('purchase');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('opens Premium Feature from the server’s refusal too, and toasts other refusals in its words', async () => {
    const combined =
      'Combined videos cannot be remixed. Remix the videos it was made from instead.';
    let answer: FakeReply = {
      status: 403,
      body: { message: 'Upgrade to Pro or Elite to remix scenes', code: 'FORBIDDEN' },
    };
    routes('Pro', [harbour], { 'POST /api/videos/41/remix': () => answer });
    renderLibrary();
    fireEvent.click(within(await openCardMenu()).getByRole('menuitem', { name: 'Remix' }));
    expect(await screen.findByRole('alertdialog', { name: 'Premium Feature' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    answer = { status: 400, body: { message: combined, code: 'VALIDATION_FAILED' } };
    fireEvent.click(within(await openCardMenu()).getByRole('menuitem', { name: 'Remix' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ title: 'Cannot Remix', description: combined }),
      ),
    );
  });

  it('offers Remix in the player too', async () => {
    const calls = routes('Elite', [harbour], {
      'POST /api/videos/41/remix': { status: 201, body: makeStoryboard({ id: 3, videoId: 41 }) },
    });
    const { navigate } = renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Harbour at dusk' }));
    const player = await screen.findByTestId('library-player');
    fireEvent.click(within(player).getByRole('button', { name: 'Remix' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('storyboard', { storyboardId: 3 }));
    expect(calls.some((call) => call.url === '/api/videos/41/remix')).toBe(true);
  });
});

describe('Versions', () => {
  it('lists each version with its date, length and Current, and restores an earlier one', async () => {
    let listed = versions;
    let video = harbour;
    const calls = routes('Pro', [harbour], {
      'GET /api/videos/41/versions': () => ({ status: 200, body: listed }),
      'POST /api/videos/41/versions/1/restore': () => {
        listed = versions.map((each) => ({ ...each, current: each.version === 1 }));
        video = { ...harbour, videoUrl: '/media/41/v1.mp4', thumbnailUrl: '/media/41/v1.jpg' };
        return { status: 200, body: video };
      },
    });
    renderLibrary();
    fireEvent.click(within(await openCardMenu()).getByRole('menuitem', { name: 'Versions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions' });
    const rows = await within(dialog).findAllByTestId('video-version');
    expect(rows.map((row) => row.getAttribute('data-version'))).toEqual(['2', '1']);
    expect(within(rows[0] as HTMLElement).getByText('Current')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(rows[1]?.textContent).toContain('0:12');
    expect(rows[1]?.textContent).toContain('2 scenes');

    fireEvent.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Restore version 1' }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual(expect.objectContaining({ title: 'Version 1 restored' })),
    );
    expect(calls.some((call) => call.url === '/api/videos/41/versions/1/restore')).toBe(true);
    // The list is read again: version 1 is now the current one.
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('video-version')
          .find((row) => row.getAttribute('data-current') === 'true')
          ?.getAttribute('data-version'),
      ).toBe('1'),
    );
  });

  it("says a restore's refusal in the server's words", async () => {
    routes('Pro', [harbour], {
      'GET /api/videos/41/versions': { status: 200, body: versions },
      'POST /api/videos/41/versions/1/restore': {
        status: 404,
        body: { message: 'Version not found' },
      },
    });
    renderLibrary();
    fireEvent.click(within(await openCardMenu()).getByRole('menuitem', { name: 'Versions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Restore version 1' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ title: 'Restore Failed', description: 'Version not found' }),
      ),
    );
  });
});

describe('A job video held for review', () => {
  const held = makePublication({
    id: 4,
    status: 'held',
    jobId: 5,
    holdUntil: '2026-05-03T09:30:00.000Z',
  });
  const job = {
    id: 5,
    publishTo: {
      platforms: ['youtube'],
      privacy: 'public',
      tiktokPrivacyLevel: null,
      holdForReview: true,
      reviewWindowHours: 24,
      unreviewedAction: 'skip',
    },
  };

  it('says it awaits review and until when, and Approve and publish moves it on', async () => {
    const jobVideo = { ...harbour, jobId: 5 };
    let latest = [held];
    const calls = routes('Pro', [jobVideo], {
      'GET /api/publications': () => ({ status: 200, body: latest }),
      'GET /api/video-jobs': { status: 200, body: [job] },
      'POST /api/videos/41/approve': () => {
        latest = [{ ...held, status: 'queued', holdUntil: null }];
        return { status: 200, body: latest };
      },
    });
    renderLibrary();
    const review = await screen.findByTestId('held-review');
    expect(within(review).getByText('Awaiting your review')).toBeTruthy();
    await waitFor(() => expect(review.textContent).toContain('it is not published'));
    expect(review.textContent).toContain('Goes to YouTube once you approve it.');
    // Not shown as a failure among the badges.
    expect(screen.queryByText('YouTube failed')).toBeNull();

    fireEvent.click(within(review).getByRole('button', { name: 'Approve and publish' }));
    await waitFor(() => expect(screen.queryByTestId('held-review')).toBeNull());
    expect(await screen.findByText('Publishing to YouTube…')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/videos/41/approve',
    ]);
    expect(toasts()).toContainEqual(expect.objectContaining({ title: 'Publishing Started' }));
  });

  it('offers Remix beside Approve', async () => {
    routes('Pro', [{ ...harbour, jobId: 5 }], {
      'GET /api/publications': { status: 200, body: [held] },
      'GET /api/video-jobs': { status: 200, body: [job] },
      'POST /api/videos/41/remix': { status: 201, body: makeStoryboard({ id: 8, videoId: 41 }) },
    });
    const { navigate } = renderLibrary();
    const review = await screen.findByTestId('held-review');
    fireEvent.click(within(review).getByRole('button', { name: 'Remix' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('storyboard', { storyboardId: 8 }));
  });
});
