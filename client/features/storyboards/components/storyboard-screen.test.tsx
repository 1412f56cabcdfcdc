import type { StoryboardView } from '@shared/schemas/storyboards';
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
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast, useToasts } from '@/components/ui/use-toast';
import { makeMember } from '@/entities/session/test-members';
import { makeStoryboard } from '@/entities/storyboards/test-storyboards';
import { makeVideo } from '@/entities/videos/test-videos';
import { seedVoiceQueries } from '@/entities/voices/test-voices';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import { StoryboardScreen } from './storyboard-screen';

type Call = { method: string; url: string; body: unknown };
type Reply = { status: number; body: unknown };

/**
 * Stands in for the server: each `METHOD url` answers from its queue, a reply may be held back
 * until the test lets it go (to see what the editor sends meanwhile), and every call is recorded.
 */
function serve(routes: Record<string, Array<Reply | Promise<Reply>>>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const reply = (await routes[`${method} ${url}`]?.shift()) ?? {
        status: 404,
        body: { message: 'Not found' },
      };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

function held() {
  let release: (reply: Reply) => void = () => {};
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** The server's answer to a PATCH: the storyboard with the scenes as sent, a new updatedAt. */
function answer(board: StoryboardView, updatedAt: string, narration2: string): StoryboardView {
  return {
    ...board,
    updatedAt,
    scenes: board.scenes.map((scene) =>
      scene.number === 2
        ? {
            ...scene,
            narration: narration2,
            shots: scene.shots.map((shot) => ({ ...shot, text: narration2 })),
          }
        : scene,
    ),
  };
}

function renderEditor(storyboard: StoryboardView = makeStoryboard()) {
  const queryClient = createQueryClient();
  seedVoiceQueries(queryClient);
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <AppNavigationContext.Provider value={{ tab: 'storyboard', navigate }}>
        <StoryboardScreen storyboardId={storyboard.id} user={makeMember('Pro')} />
        <Toaster />
      </AppNavigationContext.Provider>
    </QueryClientProvider>,
  );
  return { navigate, queryClient };
}

const narrationOf = (scene: number) =>
  screen.getByRole('textbox', { name: `Scene ${scene} Narration` });

function dismissAllToasts() {
  const { result, unmount } = renderHook(() => useToasts());
  for (const item of result.current) dismissToast(item.id);
  unmount();
}

afterEach(() => {
  dismissAllToasts();
  cleanup();
  vi.unstubAllGlobals();
});

describe('the storyboard editor', () => {
  it('shows each scene with its fit, its shots (Auto when left to us) and the render cost', async () => {
    const board = makeStoryboard();
    board.scenes[1] = {
      ...(board.scenes[1] as StoryboardView['scenes'][number]),
      fitSeconds: 9.3,
      fits: false,
    };
    serve({ 'GET /api/storyboards/7': [{ status: 200, body: board }] });
    renderEditor();

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' })).toBeTruthy();
    const cards = screen.getAllByTestId('scene-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('5.2 s of 8 s')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Too long: shorten this scene')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('9.3 s of 8 s')).toBeTruthy();
    expect(narrationOf(2).getAttribute('aria-invalid')).toBe('true');
    const shots = within(cards[0] as HTMLElement).getAllByTestId('shot');
    expect(shots.map((shot) => shot.textContent)).toEqual([
      'AutoShot 1: Fishing boats slip out.Picture chosen for you: Anchor (harbour). Choose another.',
      'AutoShot 2: Gulls circle the masts.Picture chosen for you: Anchor (harbour). Choose another.',
    ]);
    expect(screen.getByRole('button', { name: 'Render video' }).textContent).toContain('1 credit');
    // Pro's two scenes are there: no more can be added.
    expect(screen.getByRole('button', { name: 'Add scene' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves one PATCH at a time, each with the updatedAt the one before it answered', async () => {
    const board = makeStoryboard();
    const first = held();
    const calls = serve({
      'GET /api/storyboards/7': [{ status: 200, body: board }],
      'PATCH /api/storyboards/7': [
        first.promise,
        { status: 200, body: answer(board, '2026-05-01T10:00:09.000Z', 'Lanterns glow brightly.') },
      ],
    });
    renderEditor();
    await screen.findAllByTestId('scene-card');

    fireEvent.change(narrationOf(2), { target: { value: 'Lanterns glow.' } });
    fireEvent.blur(narrationOf(2));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.at(-1)?.body).toMatchObject({
      updatedAt: board.updatedAt,
      scenes: [{ number: 1 }, { number: 2, narration: 'Lanterns glow.', shots: [{ id: 's3' }] }],
    });
    expect(screen.getByTestId('save-status').textContent).toBe('Saving…');

    // More words while the first save is on its way: they wait for its answer.
    fireEvent.change(narrationOf(2), { target: { value: 'Lanterns glow brightly.' } });
    fireEvent.blur(narrationOf(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);

    first.release({
      status: 200,
      body: answer(board, '2026-05-01T10:00:05.000Z', 'Lanterns glow.'),
    });
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(calls.at(-1)?.body).toMatchObject({
      updatedAt: '2026-05-01T10:00:05.000Z',
      scenes: [{ number: 1 }, { number: 2, narration: 'Lanterns glow brightly.' }],
    });
    await waitFor(() =>
      expect(screen.getByTestId('save-status').textContent).toBe('All changes saved'),
    );
    // The typed words stay as typed.
    expect((narrationOf(2) as HTMLTextAreaElement).value).toBe('Lanterns glow brightly.');
  });

  it('says when another tab changed the storyboard, and reloads it', async () => {
    const board = makeStoryboard();
    const message =
      'This storyboard was changed in another tab or window. Reload it to see the latest version.';
    const fresh = answer(board, '2026-05-01T10:05:00.000Z', 'Changed in the other tab.');
    const calls = serve({
      'GET /api/storyboards/7': [
        { status: 200, body: board },
        { status: 200, body: fresh },
      ],
      'PATCH /api/storyboards/7': [{ status: 409, body: { message, code: 'STORYBOARD_STALE' } }],
    });
    renderEditor();
    await screen.findAllByTestId('scene-card');
    fireEvent.change(narrationOf(2), { target: { value: 'Mine.' } });
    fireEvent.blur(narrationOf(2));

    expect(await screen.findByText(message)).toBeTruthy();
    // Nothing more is sent, and the editor reads only until it is reloaded.
    expect(screen.queryByRole('textbox', { name: 'Scene 2 Narration' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect((narrationOf(2) as HTMLTextAreaElement).value).toBe('Changed in the other tab.'),
    );
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    expect(screen.getByTestId('save-status').textContent).toBe('All changes saved');
  });

  it('shows a refusal in the server’s words and tries again when asked', async () => {
    const board = makeStoryboard();
    const refusal = 'Please choose one of the pictures offered for this shot.';
    const calls = serve({
      'GET /api/storyboards/7': [{ status: 200, body: board }],
      'PATCH /api/storyboards/7': [
        { status: 500, body: { message: 'Internal error' } },
        { status: 400, body: { message: refusal } },
      ],
    });
    renderEditor();
    await screen.findAllByTestId('scene-card');
    fireEvent.change(narrationOf(1), { target: { value: 'Boats.' } });
    fireEvent.blur(narrationOf(1));
    expect(
      await screen.findByText('Your changes could not be saved. Please try again.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2);
  });

  it('moves a scene with the keyboard, keeps the focus on it and says where it went', async () => {
    const board = makeStoryboard();
    const calls = serve({
      'GET /api/storyboards/7': [{ status: 200, body: board }],
      'PATCH /api/storyboards/7': [
        {
          status: 200,
          body: {
            ...board,
            updatedAt: '2026-05-01T10:00:05.000Z',
            scenes: [
              { ...board.scenes[1], number: 1 },
              { ...board.scenes[0], number: 2 },
            ],
          },
        },
      ],
    });
    renderEditor();
    await screen.findAllByTestId('scene-card');
    const down = screen.getByRole('button', { name: 'Move scene 1 down' });
    down.focus();
    fireEvent.click(down);

    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const sent = calls.find((call) => call.method === 'PATCH')?.body as StoryboardView | undefined;
    expect(sent?.scenes.map((scene) => scene.number)).toEqual([2, 1]);
    expect((narrationOf(2) as HTMLTextAreaElement).value).toBe(board.scenes[0]?.narration);
    // At the end now: its "down" is disabled, so "up" holds the focus.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Move scene 2 up'),
    );
    expect(screen.getByText('Scene 1 moved to position 2 of 2.')).toBeTruthy();
  });

  it('picks another picture for a shot in the picker, and offers an AI description only to AI sources', async () => {
    const board = makeStoryboard();
    const calls = serve({
      'GET /api/storyboards/7': [{ status: 200, body: board }],
      'PATCH /api/storyboards/7': [{ status: 200, body: board }],
    });
    renderEditor();
    const [, second] = await screen.findAllByTestId('scene-card');
    fireEvent.click(within(second as HTMLElement).getByRole('button', { name: /Shot 1:/ }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a picture' });
    expect(within(picker).getByText('Scene 2, shot 1: “The town wakes up.”')).toBeTruthy();
    expect(
      within(picker)
        .getByRole('button', { name: 'Let Reelforge choose' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(picker).queryByLabelText('Describe an AI visual')).toBeNull();
    fireEvent.click(within(picker).getByRole('button', { name: 'Sailboat (boats)' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      scenes: [
        { number: 1 },
        { number: 2, shots: [{ id: 's3', visual: { source: 'picture', id: 'sailboat' } }] },
      ],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    serve({
      'GET /api/storyboards/7': [
        { status: 200, body: makeStoryboard({ sceneSource: 'ai-image' }) },
      ],
    });
    renderEditor();
    const [scene1] = await screen.findAllByTestId('scene-card');
    fireEvent.click(within(scene1 as HTMLElement).getByRole('button', { name: /Shot 1:/ }));
    expect(await screen.findByLabelText('Describe an AI visual')).toBeTruthy();
  });

  it("finds stock footage in its own credited list, and sets where the member's clip starts", async () => {
    const clipUrl = '/media/uploads/member/clip.mp4';
    const base = makeStoryboard();
    const board: StoryboardView = {
      ...base,
      scenes: base.scenes.map((scene) =>
        scene.number === 2
          ? {
              ...scene,
              shots: scene.shots.map((shot) => ({
                ...shot,
                visual: { source: 'clip', id: clipUrl, label: 'Your clip', thumbnailUrl: null },
              })),
            }
          : scene,
      ),
    };
    const stock = {
      source: 'stock',
      id: 'pexels:1042',
      thumbnailUrl: '/api/stock-thumbnails?url=x&signature=y',
      label: 'Lighthouse at dusk',
      credit: 'Jane Doe on Pexels',
    };
    const calls = serve({
      'GET /api/storyboards/7': [{ status: 200, body: board }],
      'GET /api/storyboard-visuals?q=lighthouse&storyboardId=7': [
        {
          status: 200,
          body: {
            candidates: [
              {
                source: 'picture',
                id: 'lighthouse',
                thumbnailUrl: '/api/scene-pictures/lighthouse.svg',
                label: 'Lighthouse',
                credit: null,
              },
              stock,
            ],
          },
        },
      ],
      'PATCH /api/storyboards/7': [
        { status: 200, body: board },
        { status: 200, body: board },
      ],
    });
    renderEditor();
    const [first, second] = await screen.findAllByTestId('scene-card');
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: /Shot 1:/ }));
    let picker = await screen.findByRole('dialog', { name: 'Choose a picture' });
    fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search pictures' }), {
      target: { value: 'lighthouse' },
    });
    fireEvent.click(within(picker).getByRole('button', { name: 'Search' }));
    const footage = await within(picker).findByRole('list', {
      name: 'Stock footage for “lighthouse”',
    });
    expect(within(footage).getByText('Jane Doe on Pexels')).toBeTruthy();
    expect(
      within(within(picker).getByRole('list', { name: 'Pictures for “lighthouse”' })).queryByText(
        'Lighthouse at dusk',
      ),
    ).toBeNull();
    fireEvent.click(within(footage).getByRole('button', { name: /Lighthouse at dusk/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      scenes: [
        {
          number: 1,
          shots: [{ id: 's1', visual: { source: 'stock', id: 'pexels:1042' } }, { id: 's2' }],
        },
        { number: 2 },
      ],
    });

    // The clip in scene 2 starts where the member says, in the API's words when it cannot.
    fireEvent.click(within(second as HTMLElement).getByRole('button', { name: /Shot 1:/ }));
    picker = await screen.findByRole('dialog', { name: 'Choose a picture' });
    const start = within(picker).getByRole('spinbutton', { name: 'Start the clip at (seconds)' });
    fireEvent.change(start, { target: { value: '-2' } });
    expect(within(picker).getByRole('alert').textContent).toBe(
      'A clip offset must be a number of seconds.',
    );
    expect(within(picker).getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.change(start, { target: { value: '2.5' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PATCH')[1]?.body).toMatchObject({
      scenes: [
        { number: 1 },
        { number: 2, shots: [{ id: 's3', visual: { source: 'clip', id: clipUrl, offset: 2.5 } }] },
      ],
    });
  });

  it('removes a scene with words after asking, and deletes the draft after asking', async () => {
    const board = makeStoryboard({ maxScenes: 4 });
    const calls = serve({
      'GET /api/storyboards/7': [{ status: 200, body: board }],
      'PATCH /api/storyboards/7': [{ status: 200, body: { ...board, scenes: [board.scenes[1]] } }],
      'DELETE /api/storyboards/7': [{ status: 204, body: null }],
    });
    const { navigate } = renderEditor();
    const [first] = await screen.findAllByTestId('scene-card');
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Remove scene' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove scene 1?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove scene' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      scenes: [{ number: 2, narration: 'The town wakes up.' }],
    });
    expect(screen.getAllByTestId('scene-card')).toHaveLength(1);
    // The last scene stays.
    expect(screen.getByRole('button', { name: 'Remove scene' }).hasAttribute('disabled')).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this draft?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('library'));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/storyboards/7' });
    expect(await screen.findByText('Draft Deleted')).toBeTruthy();
  });

  it('renders and opens the library, or says what the credits allow', async () => {
    const board = makeStoryboard();
    serve({
      'GET /api/storyboards/7': [{ status: 200, body: board }],
      'POST /api/storyboards/7/render': [
        {
          status: 400,
          body: {
            message: 'You have 0 credits but need 1 to create a video.',
            code: 'INSUFFICIENT_CREDITS',
            remainingCredits: 0,
          },
        },
        {
          status: 201,
          body: {
            id: 'req-4',
            requestId: 4,
            status: 'queued',
            title: 'Harbour at dawn',
            remainingCredits: 9,
            sceneSource: 'offline',
            notice: null,
          },
        },
      ],
    });
    const { navigate } = renderEditor();
    const render = await screen.findByRole('button', { name: 'Render video' });
    fireEvent.click(render);
    expect(
      await screen.findByRole('alertdialog', { name: 'Insufficient Video Credits' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Render video' }));
    expect(await screen.findByText('Video Queued!')).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('library');
  });

  it('opens a rendered storyboard read-only, and names a remix as one', async () => {
    serve({
      'GET /api/storyboards/7': [
        { status: 200, body: makeStoryboard({ status: 'rendered', requestId: 4, videoId: 12 }) },
      ],
      'GET /api/videos': [{ status: 200, body: [] }],
    });
    renderEditor();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Remix: Harbour at dawn' }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Scene 1 Narration' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Render/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View in Library' })).toBeTruthy();
  });

  it('follows a rendered remix into its video once the request is its new version', async () => {
    serve({
      'GET /api/storyboards/7': [
        { status: 200, body: makeStoryboard({ status: 'rendered', requestId: 4, videoId: 12 }) },
      ],
      // The remix's request is no longer listed: it became video 12's current version.
      'GET /api/videos': [
        {
          status: 200,
          body: [
            makeVideo({
              id: 12,
              requestId: 2,
              status: 'completed',
              progress: 100,
              videoUrl: '/media/12.mp4',
            }),
          ],
        },
      ],
    });
    const { navigate } = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Watch in Library' }));
    expect(screen.getByText(/is ready\./)).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('library', { openVideoId: 12 });
  });

  it('names a remix draft’s render "Render new version"', async () => {
    serve({ 'GET /api/storyboards/7': [{ status: 200, body: makeStoryboard({ videoId: 12 }) }] });
    renderEditor();
    const render = await screen.findByRole('button', { name: 'Render new version' });
    // What a remix costs depends on the video's count of remixes: the rule, not "1 credit".
    expect(render.textContent).not.toContain('credit');
    expect(
      document.getElementById(render.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe("A video's first three remixes are free; later ones cost 1 credit.");
    cleanup();

    // An AI video's remix is paid when it asks the model for footage the video does not have.
    serve({
      'GET /api/storyboards/7': [
        { status: 200, body: makeStoryboard({ videoId: 12, sceneSource: 'ai-video' }) },
      ],
    });
    renderEditor();
    const aiRender = await screen.findByRole('button', { name: 'Render new version' });
    expect(
      document.getElementById(aiRender.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe(
      "A video's first three remixes are free unless they ask the AI model for new footage; other remixes cost 1 credit.",
    );
  });
});
