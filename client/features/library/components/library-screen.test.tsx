import type { JobDeleted } from '@shared/realtime';
import type { FolderSummary, UserFolder } from '@shared/schemas/library';
import type { Video } from '@shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { makePublication, testConnections } from '@/entities/publications/test-publishing';
import { makeStoryboardSummary } from '@/entities/storyboards/test-storyboards';
import { makeVideo } from '@/entities/videos/test-videos';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import { NO_CONNECTION_TO_WAIT_FOR, RealtimeContext } from '@/lib/realtime/use-realtime';
import { LibraryScreen } from './library-screen';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

const library: Video[] = [
  makeVideo({
    id: 41,
    requestId: 7,
    title: 'Harbour at dusk',
    description: 'Fishing boats come home',
    status: 'completed',
    videoUrl: 'https://cdn.example/41.mp4',
    duration: 15,
    progress: 100,
    favorites: true,
    generatedPrompt: JSON.stringify({
      title: 'Harbour',
      scenes: [
        {
          number: 1,
          prompt: 'Boats glide in',
          caption: 'Home',
          camera: 'pan',
          mood: 'warm',
          durationSeconds: 5,
        },
      ],
    }),
  }),
  makeVideo({
    id: 40,
    title: 'Sneaker launch',
    description: 'Bold STREET style',
    status: 'completed',
    videoUrl: 'https://cdn.example/40.mp4',
    duration: 10,
    progress: 100,
    userFolderId: 3,
    notice: 'Stock footage had nothing suitable for 1 of 6 shots, so they show offline pictures.',
  }),
  makeVideo({
    id: 'req-9',
    requestId: 9,
    title: 'Coffee promo',
    status: 'failed',
    errorMessage: 'The renderer ran out of time.',
  }),
];
const folders: FolderSummary[] = [
  { id: 3, name: 'Launches', videoCount: 1, type: 'manual', icon: '🚀' },
];
const userFolders: UserFolder[] = [{ id: 3, folderName: 'Launches', folderIcon: '🚀' }];

type Route = { status: number; body: unknown };

/**
 * The server's library paging over `videos` (GET /api/videos?limit&cursor&q&folder, and
 * /api/videos/summary), as server/features/videos/paging.test.ts pins it down: newest first as
 * given, `q` over title and description in any case, `folder` a comma list (any of them).
 */
function libraryAnswer(videos: Video[], url: string): Route {
  if (url === '/api/videos/summary') {
    const count = (status: Video['status']) => videos.filter((v) => v.status === status).length;
    return {
      status: 200,
      body: {
        total: videos.length,
        completed: count('completed'),
        processing: count('processing'),
        queued: count('queued'),
        failed: count('failed'),
        favorites: videos.filter((video) => video.favorites).length,
      },
    };
  }
  const params = new URL(url, 'http://test').searchParams;
  const q = (params.get('q') ?? '').toLowerCase();
  const folders = params.get('folder')?.split(',') ?? [];
  const matching = videos.filter(
    (video) =>
      (!q || `${video.title}\n${video.description}`.toLowerCase().includes(q)) &&
      (folders.length === 0 ||
        folders.some((folder) =>
          folder === 'favorites'
            ? video.favorites
            : folder === `manual:${video.userFolderId}` || folder === `job:${video.jobId}`,
        )),
  );
  const limit = Number(params.get('limit') ?? 50);
  const start = Number(params.get('cursor') ?? 0);
  const end = start + limit;
  return {
    status: 200,
    body: {
      items: matching.slice(start, end),
      nextCursor: end < matching.length ? String(end) : null,
      total: params.has('cursor') ? null : matching.length,
    },
  };
}

function serve(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const library = routes['GET /api/videos'];
    const paged = method === 'GET' && /^\/api\/videos(\?|\/summary$)/.test(url);
    const route =
      routes[`${method} ${url}`] ??
      (paged && library?.status === 200
        ? libraryAnswer(library.body as Video[], url)
        : paged && library
          ? library
          : { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(route.body), { status: route.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function defaultRoutes(videos: Video[] = library): Record<string, Route> {
  return {
    'GET /api/videos': { status: 200, body: videos },
    'GET /api/folders': { status: 200, body: folders },
    'GET /api/user-folders': { status: 200, body: userFolders },
  };
}

function renderLibrary() {
  const navigate = vi.fn();
  const jobDeletedListeners = new Set<(event: JobDeleted) => void>();
  const realtime = {
    ...NO_CONNECTION_TO_WAIT_FOR,
    onJobDeleted: (listener: (event: JobDeleted) => void) => {
      jobDeletedListeners.add(listener);
      return () => jobDeletedListeners.delete(listener);
    },
  };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RealtimeContext.Provider value={realtime}>
        <AppNavigationContext.Provider value={{ tab: 'library', navigate }}>
          <LibraryScreen />
        </AppNavigationContext.Provider>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
  const pushJobDeleted = (event: JobDeleted) =>
    act(() => {
      for (const listener of jobDeletedListeners) listener(event);
    });
  return { navigate, pushJobDeleted };
}

/** Selects the two finished videos and opens Create Combined Video. */
async function openCombineDialog() {
  renderLibrary();
  await screen.findByTestId('library-grid');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Harbour at dusk' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Sneaker launch' }));
  fireEvent.click(screen.getByRole('button', { name: 'Combine' }));
  return screen.findByRole('dialog', { name: 'Create Combined Video' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('Library screen', () => {
  it('shows every video as a card under the count', async () => {
    serve(defaultRoutes());
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    const cards = within(grid).getAllByTestId('video-card');
    expect(cards.map((card) => card.dataset.status)).toEqual(['completed', 'completed', 'failed']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Videos (3)');
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('button', { name: 'Favorite' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(cards[2] as HTMLElement).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(cards[2] as HTMLElement).queryByRole('button', { name: 'Share' })).toBeNull();
    // A video's notice is on its card; a video without one shows none.
    expect(within(cards[1] as HTMLElement).getByTestId('video-notice').textContent).toBe(
      'Stock footage had nothing suitable for 1 of 6 shots, so they show offline pictures.',
    );
    expect(within(cards[0] as HTMLElement).queryByTestId('video-notice')).toBeNull();
  });

  it('shows the drafts in a row of their own, never among the videos, each opening the editor', async () => {
    serve({
      ...defaultRoutes(),
      'GET /api/storyboards': {
        status: 200,
        body: [
          makeStoryboardSummary(),
          makeStoryboardSummary({ id: 9, title: 'Market morning', scenes: 1, videoId: 4 }),
        ],
      },
    });
    const { navigate } = renderLibrary();
    const drafts = await screen.findByTestId('library-drafts');
    expect(within(drafts).getByRole('heading', { level: 2 }).textContent).toBe('Drafts');
    const cards = within(drafts).getAllByTestId('draft-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Harbour at dawnDraft · 2 scenes'),
      expect.stringContaining('Market morningRemix · 1 scene'),
    ]);
    // The videos and their count are the library's own.
    const grid = await screen.findByTestId('library-grid');
    expect(within(grid).getAllByTestId('video-card')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Videos (3)');

    fireEvent.click(within(drafts).getByRole('button', { name: 'Market morning' }));
    expect(navigate).toHaveBeenCalledWith('storyboard', { storyboardId: 9 });
  });

  it('shows no Drafts row without drafts', async () => {
    serve({ ...defaultRoutes(), 'GET /api/storyboards': { status: 200, body: [] } });
    renderLibrary();
    await screen.findByTestId('library-grid');
    expect(screen.queryByTestId('library-drafts')).toBeNull();
  });

  it('loads a big library a page at a time, asking for the next page with its cursor', async () => {
    const many = Array.from({ length: 50 }, (_, index) =>
      makeVideo({
        id: 100 + index,
        title: `Clip ${index + 1}`,
        status: 'completed',
        videoUrl: `https://cdn.example/${index}.mp4`,
        progress: 100,
      }),
    );
    const fetchMock = serve(defaultRoutes(many));
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    expect(within(grid).getAllByTestId('video-card')).toHaveLength(48);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Videos (50)');
    fireEvent.click(screen.getByRole('button', { name: 'Show more (2 left)' }));
    await waitFor(() => expect(within(grid).getAllByTestId('video-card')).toHaveLength(50));
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    const pageCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/videos?'));
    // Two pages, the second after the first's cursor; never the whole list.
    expect(pageCalls).toEqual(['/api/videos?limit=48', '/api/videos?limit=48&cursor=48']);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/videos')).toBe(false);
  });

  it('searches on the server once typing pauses, and shows what it finds', async () => {
    const fetchMock = serve(defaultRoutes());
    renderLibrary();
    await screen.findByTestId('library-grid');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search videos' }), {
      target: { value: 'street' },
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('library-grid')).getAllByTestId('video-card')).toHaveLength(
        1,
      ),
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/videos?limit=48&q=street');
    const cards = within(screen.getByTestId('library-grid')).getAllByTestId('video-card');
    expect(cards[0]?.textContent).toContain('Sneaker launch');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Videos (1 of 3)');
  });

  it('asks the server for the chosen folders, a video in any of them', async () => {
    const fetchMock = serve(defaultRoutes());
    renderLibrary();
    await screen.findByTestId('library-grid');
    fireEvent.keyDown(screen.getByRole('button', { name: /Folders:/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Launches/ }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Favorites/ }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Videos (2 of 3)'),
    );
    const cards = within(screen.getByTestId('library-grid')).getAllByTestId('video-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Harbour at dusk'),
      expect.stringContaining('Sneaker launch'),
    ]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      `/api/videos?limit=48&folder=${encodeURIComponent('manual:3,favorites')}`,
    );
  });

  it('selects cards: Select All only with nothing selected, Combine needs two completed videos', async () => {
    serve(defaultRoutes());
    renderLibrary();
    await screen.findByTestId('library-grid');
    expect(screen.getByRole('button', { name: 'Select All' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Harbour at dusk' }));
    expect(screen.queryByRole('button', { name: 'Select All' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Combine' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Coffee promo' }));
    expect(screen.getByRole('button', { name: 'Combine' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Sneaker launch' }));
    expect(screen.getByRole('button', { name: 'Combine' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(screen.getByRole('button', { name: 'Select All' })).toBeTruthy();
  });

  it('combines chosen scenes: a whole video by id, part of one by its scene numbers', async () => {
    const threeScenes = library.map((video) => (video.id === 41 ? { ...video, scenes: 3 } : video));
    const fetchMock = serve({
      ...defaultRoutes(threeScenes),
      'POST /api/combine-videos': {
        status: 201,
        body: { id: 'req-12', requestId: 12, status: 'queued', title: 'Best of' },
      },
    });
    const dialog = await openCombineDialog();
    expect(dialog.textContent).toContain('4 scenes, about 32 seconds');
    const sceneTwo = within(dialog).getByRole('button', { name: 'Scene 2 of Harbour at dusk' });
    fireEvent.click(sceneTwo);
    expect(sceneTwo.getAttribute('aria-pressed')).toBe('false');
    expect(dialog.textContent).toContain('3 scenes, about 24 seconds');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Best of' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Combine Videos' }));

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/combine-videos', expect.anything()),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/combine-videos') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Best of',
      description: '',
      videoIds: [41, 40],
      selectedScenes: [{ videoId: 41, scenes: [1, 3] }],
    });
  });

  it('will not combine fewer than 2 scenes', async () => {
    serve(defaultRoutes());
    const dialog = await openCombineDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scene 1 of Sneaker launch' }));
    expect(dialog.textContent).toContain('Choose at least 2 scenes to combine.');
    expect(
      within(dialog).getByRole('button', { name: 'Combine Videos' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it("downloads through the proxy, and says 'Download Failed' when the file cannot be had", async () => {
    const url = `/api/proxy/download?url=${encodeURIComponent('https://cdn.example/41.mp4')}&filename=${encodeURIComponent('Harbour at dusk.mp4')}`;
    const fetchMock = serve({ ...defaultRoutes(), [`HEAD ${url}`]: { status: 200, body: {} } });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} as ${this.download}`);
    });
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    const harbour = within(grid).getAllByTestId('video-card')[0] as HTMLElement;
    fireEvent.click(within(harbour).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toEqual([`${url} as Harbour at dusk.mp4`]));

    fetchMock.mockImplementation(async () => new Response(null, { status: 404 }));
    fireEvent.click(within(harbour).getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Download Failed' })),
    );
    expect(clicked).toHaveLength(1);
    click.mockRestore();
  });

  it('deletes the selection after confirming and says when some could not be deleted', async () => {
    const fetchMock = serve({
      ...defaultRoutes(),
      'DELETE /api/video-generated-content/41': { status: 200, body: { deleted: true } },
      'DELETE /api/video-creation-requests/9': { status: 500, body: { message: 'boom' } },
    });
    renderLibrary();
    await screen.findByTestId('library-grid');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Harbour at dusk' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Coffee promo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          description: 'Some videos could not be deleted. Please try again.',
        }),
      ),
    );
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
    expect(calls).toContain('DELETE /api/video-generated-content/41');
    expect(calls).toContain('DELETE /api/video-creation-requests/9');
  });

  it('opens the player for a completed video and explains a failed one', async () => {
    serve(defaultRoutes());
    renderLibrary();
    await screen.findByTestId('library-grid');
    fireEvent.click(screen.getByRole('button', { name: 'Harbour at dusk' }));
    const player = await screen.findByTestId('library-player');
    for (const name of ['Play', 'Restart', 'Mute', 'Full screen', 'Download', 'Share', 'Close']) {
      expect(within(player).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(player).getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(within(player).getByTestId('player-time').textContent).toBe('0:00 / 0:15');
    fireEvent.keyDown(player, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('library-player')).toBeNull());
    // Focus is back on the card it was opened from, not on the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Harbour at dusk' })),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Coffee promo' }));
    const failed = await screen.findByTestId('library-player');
    expect(within(failed).getByRole('alert').textContent).toContain(
      'The renderer ran out of time.',
    );
    fireEvent.click(within(failed).getByRole('button', { name: 'Download' }));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Download Not Available',
        description: 'Cannot download failed videos',
      }),
    );
    fireEvent.click(within(failed).getByRole('button', { name: 'Share' }));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Share Not Available',
        description: 'Cannot share failed videos',
      }),
    );
  });

  it('shows the Generation Prompt scene plan', async () => {
    serve(defaultRoutes());
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    const [first] = within(grid).getAllByTestId('video-card');
    fireEvent.keyDown(within(first as HTMLElement).getByRole('button', { name: 'More actions' }), {
      key: 'Enter',
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'View Prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generation Prompt' });
    expect(dialog.textContent).toContain('Boats glide in');
  });

  it('shows Download and Share on a finished card and keeps the rest in its More actions menu', async () => {
    serve(defaultRoutes());
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    const [first] = within(grid).getAllByTestId('video-card');
    const card = within(first as HTMLElement);
    expect(card.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'View Prompt' })).toBeNull();
    fireEvent.keyDown(card.getByRole('button', { name: 'More actions' }), { key: 'Enter' });
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining(['View Prompt']));
    expect(items).not.toContain('Copy Link');
  });

  it('asks before sharing a private video, and makes it public only when the member agrees', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = serve({
      ...defaultRoutes(),
      'PATCH /api/videos/41/visibility': { status: 200, body: { ...library[0], isPublic: true } },
    });
    const patches = () =>
      fetchMock.mock.calls.filter(([url, init]) => init?.method === 'PATCH' && url.includes('41'));
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    const [first] = within(grid).getAllByTestId('video-card');
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Share' }));
    const question = await screen.findByRole('alertdialog', { name: 'Share this video?' });
    expect(question.textContent).toContain('Sharing makes this video public');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(patches()).toEqual([]);
    expect(writeText).not.toHaveBeenCalled();

    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Share' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Make Public and Copy Link',
      }),
    );
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/watch/41`),
    );
    expect(patches().map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { isPublic: true },
    ]);
  });

  it('badges a finished card with where it was published, linking to the post', async () => {
    serve({
      ...defaultRoutes(),
      'GET /api/publications': {
        status: 200,
        body: [
          makePublication({
            id: 7,
            videoId: 41,
            platform: 'youtube',
            status: 'published',
            postUrl: 'https://youtu.be/abc123',
          }),
          makePublication({ id: 8, videoId: 40, platform: 'tiktok', status: 'processing' }),
        ],
      },
    });
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    const [harbour, sneaker, coffee] = within(grid).getAllByTestId('video-card') as HTMLElement[];
    const post = await within(harbour as HTMLElement).findByRole('link', { name: 'YouTube' });
    expect(post.getAttribute('href')).toBe('https://youtu.be/abc123');
    expect(post.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(sneaker as HTMLElement).getByText('Publishing to TikTok…')).toBeTruthy();
    expect(within(coffee as HTMLElement).queryByRole('list', { name: 'Publications' })).toBeNull();
  });

  it("opens Publish from a finished card's menu and from the player", async () => {
    serve({
      ...defaultRoutes(),
      'GET /api/publications': { status: 200, body: [] },
      'GET /api/connections': { status: 200, body: testConnections },
      'GET /api/videos/41/publications': { status: 200, body: [] },
    });
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    const [first] = within(grid).getAllByTestId('video-card');
    fireEvent.keyDown(within(first as HTMLElement).getByRole('button', { name: 'More actions' }), {
      key: 'Enter',
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Video' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe(
      'Harbour at dusk',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish Video' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Harbour at dusk' }));
    const player = await screen.findByTestId('library-player');
    fireEvent.click(within(player).getByRole('button', { name: 'Publish' }));
    const overPlayer = await screen.findByRole('dialog', { name: 'Publish Video' });
    // Working in the dialog leaves the player open beneath it.
    const youtube = await within(overPlayer).findByRole('checkbox', { name: 'YouTube' });
    fireEvent.pointerDown(youtube);
    fireEvent.click(youtube);
    expect((youtube as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('library-player')).toBeTruthy();
  });

  it('opens Insufficient Video Credits when a retry is refused for lack of credits', async () => {
    const failed = library.find((video) => video.status === 'failed') as Video;
    serve({
      ...defaultRoutes(),
      [`PATCH /api/videos/${failed.id}/retry`]: {
        status: 400,
        body: {
          message: 'You have 0 credits but need 1 to create a video.',
          code: 'INSUFFICIENT_CREDITS',
          remainingCredits: 0,
        },
      },
    });
    renderLibrary();
    const grid = await screen.findByTestId('library-grid');
    const card = within(grid)
      .getAllByTestId('video-card')
      .find((element) => element.dataset.status === 'failed') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Insufficient Video Credits' }),
    ).toBeTruthy();
    expect(vi.mocked(toast)).not.toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Retry Failed' }),
    );
  });

  it('drops a job folder from the filter when the job is deleted elsewhere', async () => {
    const jobVideo = makeVideo({
      id: 50,
      title: 'Promo run 4',
      status: 'completed',
      videoUrl: 'https://cdn.example/50.mp4',
      progress: 100,
      jobId: 12,
    });
    serve({
      ...defaultRoutes([...library, jobVideo]),
      'GET /api/folders': {
        status: 200,
        body: [...folders, { id: 12, name: 'Weekly promo', videoCount: 1, type: 'job' }],
      },
    });
    const { pushJobDeleted } = renderLibrary();
    await screen.findByTestId('library-grid');
    fireEvent.keyDown(screen.getByRole('button', { name: /Folders:/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Weekly promo/ }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Videos (1 of 4)'),
    );

    pushJobDeleted({ jobName: 'Weekly promo', videosUnlinked: 1, jobId: 12 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Videos (4)');
  });

  it('empties a job folder through the unlink confirmation, keeping the videos', async () => {
    const jobVideo = makeVideo({
      id: 50,
      title: 'Promo run 4',
      status: 'completed',
      videoUrl: 'https://cdn.example/50.mp4',
      progress: 100,
      jobId: 12,
    });
    const fetchMock = serve({
      ...defaultRoutes([...library, jobVideo]),
      'GET /api/folders': {
        status: 200,
        body: [...folders, { id: 12, name: 'Weekly promo', videoCount: 1, type: 'job' }],
      },
      'POST /api/video-jobs/12/unlink': {
        status: 200,
        body: { jobName: 'Weekly promo', videosUnlinked: 1 },
      },
    });
    renderLibrary();
    await screen.findByTestId('library-grid');
    fireEvent.keyDown(screen.getByRole('button', { name: /Folders:/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Weekly promo/ }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Folder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink Job Folder' });
    expect(dialog.textContent).toContain('Move the 1 video out of “Weekly promo”?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink Videos' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Videos Unlinked',
          description: '1 video moved out of Weekly promo.',
        }),
      ),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/video-jobs/12/unlink' && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/user-folders/'))).toBe(
      false,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Videos (4)');
  });

  it('offers Create Video when the library is empty', async () => {
    serve(defaultRoutes([]));
    const { navigate } = renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Video' }));
    expect(navigate).toHaveBeenCalledWith('create');
  });

  it('asks to sign in again when the session has expired', async () => {
    serve({ 'GET /api/videos': { status: 401, body: { message: 'Unauthorized' } } });
    renderLibrary();
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login');
  });

  it('offers Retry when the videos cannot be loaded', async () => {
    const fetchMock = serve({ 'GET /api/videos': { status: 500, body: { message: 'down' } } });
    renderLibrary();
    expect(
      await screen.findByText('Unable to load your videos. This might be a temporary issue.'),
    ).toBeTruthy();
    fetchMock.mockImplementation(async (url: string) => {
      const answer = libraryAnswer(library, url);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('library-grid')).toBeTruthy();
  });
});
