// The library player's captions, chapters and toasts: CC starts off where the frames carry the
// captions and on where they do not, and toggles the track; the scenes come as a chapters track
// marked on the progress bar; a toast raised while the player is open stays below its top bar.
import type { Video } from '@shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  within,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast, toast, useToasts } from '@/components/ui/use-toast';
import { makeVideo } from '@/entities/videos/test-videos';
import { stubTextTracks } from '@/entities/voices/test-text-tracks';
import { seedVoiceQueries } from '@/entities/voices/test-voices';
import { createQueryClient } from '@/lib/query-client';
import { LibraryPlayer } from './library-player';

const finished = makeVideo({
  id: 41,
  requestId: 7,
  title: 'Harbour at dusk',
  status: 'completed',
  progress: 100,
  duration: 30,
  videoUrl: '/media/users/u1/videos/41.mp4',
  voiceId: 'fr-fr-lea',
  narrated: true,
  captionsUrl: '/media/users/u1/videos/41.vtt',
  captionsBurnedIn: true,
  chaptersUrl: '/media/users/u1/videos/41.chapters.vtt',
});

let tracks: ReturnType<typeof stubTextTracks>;

function renderPlayer(video: Video | null, { toaster = false } = {}) {
  const queryClient = createQueryClient();
  seedVoiceQueries(queryClient);
  const ui = (shown: Video | null) => (
    <QueryClientProvider client={queryClient}>
      <LibraryPlayer video={shown} onClose={() => undefined} />
      {toaster && <Toaster />}
    </QueryClientProvider>
  );
  const view = render(ui(video));
  return { ...view, show: (next: Video | null) => view.rerender(ui(next)) };
}

const captionsTrack = (player: HTMLElement) =>
  player.querySelector<HTMLTrackElement>('video track[kind="captions"]');
const ccButton = (player: HTMLElement) => within(player).getByRole('button', { name: 'Captions' });

/** The toast store outlives a render; close what one test raised so the next starts clean. */
function dismissAllToasts() {
  const { result, unmount } = renderHook(() => useToasts());
  for (const item of result.current) dismissToast(item.id);
  unmount();
}

beforeEach(() => {
  tracks = stubTextTracks();
});

afterEach(() => {
  dismissAllToasts();
  cleanup();
  tracks.restore();
  vi.restoreAllMocks();
});

describe('LibraryPlayer captions', () => {
  it('keeps the track off under CC where the captions are burned in, and CC turns it on and off', async () => {
    renderPlayer(finished);
    const player = await screen.findByTestId('library-player');
    const track = captionsTrack(player);
    expect(track?.getAttribute('src')).toBe(finished.captionsUrl);
    expect(track?.hasAttribute('default')).toBe(false);
    if (!track) return;
    expect(tracks.trackOf(track).mode).toBe('disabled');

    const cc = ccButton(player);
    expect(cc.getAttribute('aria-pressed')).toBe('false');
    // In the playback controls, beside Full screen, and a real button for the keyboard.
    expect(cc.tagName).toBe('BUTTON');
    expect(
      cc.closest('span')?.contains(within(player).getByRole('button', { name: 'Full screen' })),
    ).toBe(true);

    fireEvent.click(cc);
    expect(cc.getAttribute('aria-pressed')).toBe('true');
    expect(tracks.trackOf(track).mode).toBe('showing');
    fireEvent.click(cc);
    expect(cc.getAttribute('aria-pressed')).toBe('false');
    expect(tracks.trackOf(track).mode).toBe('disabled');
  });

  it('shows the track from the start for a video whose frames carry no captions', async () => {
    renderPlayer({ ...finished, captionsBurnedIn: false });
    const player = await screen.findByTestId('library-player');
    const track = captionsTrack(player);
    expect(track?.hasAttribute('default')).toBe(true);
    if (!track) return;
    expect(tracks.trackOf(track).mode).toBe('showing');
    const cc = ccButton(player);
    expect(cc.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(cc);
    expect(tracks.trackOf(track).mode).toBe('disabled');
    expect(cc.getAttribute('aria-pressed')).toBe('false');
  });

  it('draws captions turned on over burned-in ones at the top, and others where the browser puts them', async () => {
    const cues = () => [{ line: 'auto' as const }, { line: 'auto' as const }];
    renderPlayer(finished);
    let player = await screen.findByTestId('library-player');
    let track = captionsTrack(player);
    if (!track) throw new Error('no captions track');
    fireEvent.click(ccButton(player));
    tracks.load(track, cues());
    expect(tracks.trackOf(track).cues?.map((cue) => cue.line)).toEqual([0, 0]);
    cleanup();

    renderPlayer({ ...finished, captionsBurnedIn: false });
    player = await screen.findByTestId('library-player');
    track = captionsTrack(player);
    if (!track) throw new Error('no captions track');
    tracks.load(track, cues());
    expect(tracks.trackOf(track).cues?.map((cue) => cue.line)).toEqual(['auto', 'auto']);
  });

  it("follows captions turned on in the browser's own controls", async () => {
    renderPlayer(finished);
    const player = await screen.findByTestId('library-player');
    const video = player.querySelector('video');
    const track = captionsTrack(player);
    if (!video || !track) throw new Error('no video');
    act(() => tracks.chooseInBrowser(video, track, 'showing'));
    expect(ccButton(player).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no CC for a video without captions', async () => {
    renderPlayer({ ...finished, captionsUrl: null, captionsBurnedIn: false, narrated: false });
    const player = await screen.findByTestId('library-player');
    expect(captionsTrack(player)).toBeNull();
    expect(within(player).queryByRole('button', { name: 'Captions' })).toBeNull();
  });
});

describe('LibraryPlayer chapters', () => {
  it('adds the scenes as a chapters track, ticks where each begins, and names the current one', async () => {
    renderPlayer(finished);
    const player = await screen.findByTestId('library-player');
    const chapters = player.querySelector<HTMLTrackElement>('video track[kind="chapters"]');
    expect(chapters?.getAttribute('src')).toBe(finished.chaptersUrl);
    expect(chapters?.getAttribute('label')).toBe('Chapters');
    if (!chapters) return;
    // Loaded to be read, never drawn.
    expect(tracks.trackOf(chapters).mode).toBe('hidden');
    expect(within(player).queryAllByTestId('chapter-tick')).toHaveLength(0);

    act(() =>
      tracks.load(chapters, [
        { startTime: 0, endTime: 7.5, text: 'Start with freshly roasted beans' },
        { startTime: 7.5, endTime: 15, text: 'Grind them medium-fine' },
        { startTime: 15, endTime: 30, text: 'Pour slowly' },
      ]),
    );
    const ticks = within(player).getAllByTestId('chapter-tick');
    expect(ticks.map((tick) => tick.style.left)).toEqual(['25%', '50%']);
    expect(within(player).getByTestId('player-chapter').textContent).toBe(
      'Start with freshly roasted beans',
    );

    const video = player.querySelector('video');
    if (!video) return;
    Object.defineProperty(video, 'currentTime', { configurable: true, value: 9 });
    fireEvent.timeUpdate(video);
    expect(within(player).getByTestId('player-chapter').textContent).toBe('Grind them medium-fine');
    expect(
      within(player).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext'),
    ).toBe('0:09 of 0:30, Grind them medium-fine');
  });

  it('has no chapters track for a video made before chapters', async () => {
    renderPlayer({ ...finished, chaptersUrl: null });
    const player = await screen.findByTestId('library-player');
    expect(player.querySelector('track[kind="chapters"]')).toBeNull();
  });
});

describe('Toasts over the player', () => {
  it("keeps 'Video Ready!' below the player's top controls, and back in the corner after", async () => {
    // The top bar ends 56 px down (a 40 px button and its padding); everything else is unmeasured.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const bottom = this.dataset.testid === 'player-top-bar' ? 56 : 0;
      return { top: 0, left: 0, right: 0, bottom, width: 0, height: bottom, x: 0, y: 0 } as DOMRect;
    });
    const view = renderPlayer(finished, { toaster: true });
    const player = await screen.findByTestId('library-player');
    act(() => {
      toast({ title: 'Video Ready!', description: '"Harbour at dusk" is ready to watch.' });
    });
    const ready = await screen.findByText('Video Ready!');
    const viewport = ready.closest('ol');
    if (!viewport) throw new Error('no toast viewport');
    // The rule: the toasts' viewport starts where the top bar ends, so no toast can lie over
    // Download, Share, Publish or Close, at any width (it is measured, not guessed).
    const topBar = within(player).getByTestId('player-top-bar');
    expect(within(topBar).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(viewport.style.top).toBe('56px');
    expect(viewport.hasAttribute('data-below-controls')).toBe(true);

    view.show(null);
    await vi.waitFor(() => expect(viewport.style.top).toBe(''));
    expect(viewport.hasAttribute('data-below-controls')).toBe(false);
  });
});
