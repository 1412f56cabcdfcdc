import type { SessionUser } from '@shared/schemas/auth';
import type { ClientConfig } from '@shared/schemas/client-config';
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
import { clientConfigKeys } from '@/entities/client-config/api/client-config-keys';
import { testClientConfig } from '@/entities/client-config/test-config';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { makeMember } from '@/entities/session/test-members';
import { makeStoryboard } from '@/entities/storyboards/test-storyboards';
import { makeVideo } from '@/entities/videos/test-videos';
import { seedVoiceQueries } from '@/entities/voices/test-voices';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import type { ConnectionState, Realtime } from '@/lib/realtime/use-realtime';
import { CreateScreen } from './create-screen';

const realtime = vi.hoisted(() => ({
  current: {
    state: 'connected' as ConnectionState,
    isStable: true,
    queueAction: (_name: string, action: () => Promise<unknown>) => action(),
  } as Realtime,
}));

vi.mock('@/lib/realtime/use-realtime', () => ({
  ACTION_TIMEOUT_MESSAGE: 'Action timeout - please try again',
  useRealtime: () => realtime.current,
}));

type FetchCall = { url: string; body: unknown };
type Reply = { status: number; body: unknown };
let fetchCalls: FetchCall[] = [];

/** Answers each call with the next reply queued for its path; JSON bodies are recorded parsed. */
function stubServer(replies: Record<string, Reply[]>) {
  fetchCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body;
      // The library list (read for the status of the video just sent) is not what these check.
      if (url !== '/api/videos') {
        fetchCalls.push({ url, body: typeof body === 'string' ? JSON.parse(body) : body });
      }
      const reply = replies[url]?.shift() ?? { status: 500, body: { message: 'unexpected' } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function stubCreateReplies(...replies: Reply[]) {
  stubServer({ '/api/video-creation-requests': replies });
}

const CREATED = {
  status: 201,
  body: { id: 'req-1', requestId: 1, status: 'queued', title: 'Sunrise', remainingCredits: 9 },
};

function renderCreateScreen(user: SessionUser | null, config: Partial<ClientConfig> = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.user(), user);
  // The Upgrade button reads the payment links; none are configured here (no fetch either). The
  // scene sources are those of a server without AI providers unless a test says otherwise.
  queryClient.setQueryData(clientConfigKeys.config(), { ...testClientConfig, ...config });
  // The voice list and the member's voice defaults (Ava, 1.0×, karaoke): no fetch either.
  seedVoiceQueries(queryClient);
  const navigate = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppNavigationContext.Provider value={{ tab: 'create', navigate }}>
        <CreateScreen />
        <Toaster />
      </AppNavigationContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, navigate, queryClient };
}

const titleInput = () => screen.getByLabelText('Title');
const descriptionInput = () => screen.getByLabelText('Description');
const submitButton = () => screen.getByRole('button', { name: 'Create Video' });
const sceneSourceGroup = () => screen.getByRole('radiogroup', { name: 'Scene source' });
const sceneSourceCard = (name: string) => within(sceneSourceGroup()).getByRole('radio', { name });

/** Picks My images, where the form takes an image per scene. */
function chooseMyImages() {
  fireEvent.click(sceneSourceCard('My images'));
}

function choosePicture(label: string, name: string) {
  fireEvent.change(screen.getByLabelText(label), {
    target: { files: [new File(['png'], name, { type: 'image/png' })] },
  });
}

function fillIn(title: string, description: string) {
  fireEvent.change(titleInput(), { target: { value: title } });
  fireEvent.change(descriptionInput(), { target: { value: description } });
}

beforeEach(() => {
  realtime.current = {
    state: 'connected',
    isStable: true,
    queueAction: (_name, action) => action(),
    onJobDeleted: () => () => {},
  };
});

/** The toast store outlives a render; close what one test raised so the next starts clean. */
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

describe('Create Video screen', () => {
  it('counts title and description characters and warns above 1500', () => {
    renderCreateScreen(makeMember('Free'));
    expect(screen.getByText('0/100')).toBeTruthy();
    expect(screen.getByText('0/1500')).toBeTruthy();

    fireEvent.change(titleInput(), { target: { value: 'Sunrise' } });
    expect(screen.getByText('7/100')).toBeTruthy();
    expect(titleInput().getAttribute('maxlength')).toBe('100');

    fireEvent.change(descriptionInput(), { target: { value: 'x'.repeat(1500) } });
    expect(screen.getByText('1500/1500')).toBeTruthy();
    expect(screen.queryByText('must be < 1500')).toBeNull();

    fireEvent.change(descriptionInput(), { target: { value: 'x'.repeat(1501) } });
    expect(screen.getByText('1501/1500')).toBeTruthy();
    expect(screen.getByText('must be < 1500')).toBeTruthy();
  });

  it('keeps Create Video disabled until title and description have text', () => {
    renderCreateScreen(makeMember('Free'));
    expect(submitButton().hasAttribute('disabled')).toBe(true);

    fillIn('   ', 'A city wakes up.');
    expect(submitButton().hasAttribute('disabled')).toBe(true);

    fillIn('Sunrise', '  \n ');
    expect(submitButton().hasAttribute('disabled')).toBe(true);

    fillIn('Sunrise', 'A city wakes up.');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('keeps Create Video disabled when nobody is logged in', () => {
    renderCreateScreen(null);
    fillIn('Sunrise', 'A city wakes up.');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
  });

  it('stops the Free stepper at 1 scene and lets Pro go to 2', () => {
    renderCreateScreen(makeMember('Free'));
    expect(screen.getByText('Free plan: up to 1 scene')).toBeTruthy();
    const increase = screen.getByRole('button', { name: 'Increase scenes' });
    expect(increase.hasAttribute('disabled')).toBe(true);
    fireEvent.click(increase);
    expect(screen.getByTestId('scene-count').textContent).toBe('1');
    expect(screen.getByText('8 seconds')).toBeTruthy();
    cleanup();

    renderCreateScreen(makeMember('Pro'));
    fireEvent.click(screen.getByRole('button', { name: 'Increase scenes' }));
    expect(screen.getByTestId('scene-count').textContent).toBe('2');
    expect(screen.getByText('16 seconds')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Increase scenes' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decrease scenes' }));
    expect(screen.getByTestId('scene-count').textContent).toBe('1');
  });

  it('keeps the watermark on for Free and says it is a premium feature', async () => {
    renderCreateScreen(makeMember('Free'));
    const watermark = screen.getByRole('switch', { name: 'Watermark' });
    expect(watermark.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(watermark);
    expect(await screen.findByText('Premium Feature')).toBeTruthy();
    expect(screen.getByText('Upgrade to Pro or Elite to remove watermarks')).toBeTruthy();
    expect(watermark.getAttribute('aria-checked')).toBe('true');
  });

  it('lets Pro turn the watermark off', () => {
    renderCreateScreen(makeMember('Pro'));
    const watermark = screen.getByRole('switch', { name: 'Watermark' });
    fireEvent.click(watermark);
    expect(watermark.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText('Premium Feature')).toBeNull();
  });

  it("keeps a Pro member's watermark choice after each video and on the next visit", async () => {
    window.localStorage.clear();
    stubCreateReplies(CREATED);
    renderCreateScreen(makeMember('Pro'));
    fireEvent.click(screen.getByRole('switch', { name: 'Watermark' }));
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    await waitFor(() => expect((titleInput() as HTMLInputElement).value).toBe(''));
    expect(fetchCalls[0]?.body).toMatchObject({ watermark: false });
    expect(screen.getByRole('switch', { name: 'Watermark' }).getAttribute('aria-checked')).toBe(
      'false',
    );

    cleanup();
    renderCreateScreen(makeMember('Elite'));
    expect(screen.getByRole('switch', { name: 'Watermark' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    // A Free plan cannot take it off, whatever this browser remembers.
    cleanup();
    renderCreateScreen(makeMember('Free'));
    expect(screen.getByRole('switch', { name: 'Watermark' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    window.localStorage.clear();
  });

  it('plans a storyboard instead when the member reviews the script first, remembering the choice', async () => {
    window.localStorage.clear();
    const planned = makeStoryboard({ id: 31 });
    stubServer({ '/api/storyboards': [{ status: 201, body: planned }] });
    const { navigate, queryClient } = renderCreateScreen(makeMember('Pro'));
    const review = screen.getByRole('switch', { name: 'Review the script first' });
    expect(review.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(review);
    expect(screen.queryByRole('button', { name: 'Create Video' })).toBeNull();
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(screen.getByRole('button', { name: 'Plan storyboard' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('storyboard', { storyboardId: 31 }));
    expect(fetchCalls).toEqual([
      {
        url: '/api/storyboards',
        body: {
          title: 'Sunrise',
          description: 'A city wakes up.',
          aspectRatio: 'landscape',
          watermark: true,
          music: { enabled: true, mood: 'auto' },
        },
      },
    ]);
    // The editor opens on the answer without asking again.
    expect(queryClient.getQueryData(['/api/storyboards', 31])).toEqual(planned);

    // This browser remembers it; off, Create works as before.
    cleanup();
    stubCreateReplies(CREATED);
    renderCreateScreen(makeMember('Pro'));
    const remembered = screen.getByRole('switch', { name: 'Review the script first' });
    expect(remembered.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(remembered);
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Video Queued!')).toBeTruthy();
    expect(window.localStorage.getItem('reelforge.createReviewFirst')).toBe('off');
    window.localStorage.clear();
  });

  it('says why a storyboard was not planned, in the server’s words', async () => {
    window.localStorage.setItem('reelforge.createReviewFirst', 'on');
    const message =
      'You have 20 storyboards in progress, the most you can keep. Render or delete one first.';
    stubServer({
      '/api/storyboards': [{ status: 409, body: { message, code: 'TOO_MANY_DRAFTS' } }],
    });
    const { navigate } = renderCreateScreen(makeMember('Pro'));
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(screen.getByRole('button', { name: 'Plan storyboard' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Too Many Drafts')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    window.localStorage.clear();
  });

  it('follows the video it sent: queued, then ready once the library has it completed', async () => {
    stubCreateReplies(CREATED);
    const { queryClient } = renderCreateScreen(makeMember('Pro'));
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    expect(await screen.findByText(/“Sunrise” is in the queue\./)).toBeTruthy();
    // The realtime session patches the library list as pushes arrive; here, directly.
    queryClient.setQueryData(
      ['/api/videos'],
      [makeVideo({ id: 7, requestId: 1, title: 'Sunrise', status: 'completed', progress: 100 })],
    );
    expect(await screen.findByText(/“Sunrise” is ready\./)).toBeTruthy();
    expect(screen.queryByText(/in the queue/)).toBeNull();
  });

  it('sends scenes only once changed from the default, then resets the form', async () => {
    stubCreateReplies(CREATED, CREATED);
    renderCreateScreen(makeMember('Pro'));

    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Video Queued!')).toBeTruthy();
    expect(fetchCalls[0]).toEqual({
      url: '/api/video-creation-requests',
      body: {
        title: 'Sunrise',
        description: 'A city wakes up.',
        aspectRatio: 'landscape',
        watermark: true,
      },
    });
    await waitFor(() => expect((titleInput() as HTMLInputElement).value).toBe(''));
    expect((descriptionInput() as HTMLTextAreaElement).value).toBe('');

    fillIn('Sunset', 'The city goes to sleep.');
    fireEvent.click(screen.getByRole('radio', { name: 'Portrait 9:16' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase scenes' }));
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(2));
    expect(fetchCalls[1]?.body).toEqual({
      title: 'Sunset',
      description: 'The city goes to sleep.',
      aspectRatio: 'portrait',
      scenes: 2,
      watermark: true,
    });
    await waitFor(() => expect(screen.getByTestId('scene-count').textContent).toBe('1'));
    expect(screen.getByRole('radio', { name: 'Landscape 16:9' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it("shows the member's voice defaults and sends them only once the picker is touched", async () => {
    stubCreateReplies(CREATED, CREATED);
    renderCreateScreen(makeMember('Pro'));
    expect(screen.getByLabelText('Voice').textContent).toContain('Ava — US English');
    expect(screen.getByText('1.0×')).toBeTruthy();

    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.keyDown(screen.getByLabelText('Voice'), { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Léa — French' }));
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '1.2' } });
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Caption style' })).getByRole('radio', {
        name: 'Minimal lower line',
      }),
    );
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]?.body).toEqual({
      title: 'Sunrise',
      description: 'A city wakes up.',
      aspectRatio: 'landscape',
      watermark: true,
      voiceId: 'fr-fr-lea',
      voiceSpeed: 1.2,
      captionStyle: 'minimal',
    });
    // The form resets to the member's defaults.
    await waitFor(() =>
      expect(screen.getByLabelText('Voice').textContent).toContain('Ava — US English'),
    );
  });

  it('sends voiceId null for No voice', async () => {
    stubCreateReplies(CREATED);
    renderCreateScreen(makeMember('Free'));
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.keyDown(screen.getByLabelText('Voice'), { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'No voice' }));
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]?.body).toMatchObject({
      voiceId: null,
      voiceSpeed: 1,
      captionStyle: 'karaoke',
    });
  });

  it('opens Insufficient Video Credits with the balance from the 400 body', async () => {
    stubCreateReplies({
      status: 400,
      body: {
        message: 'Insufficient credits',
        code: 'INSUFFICIENT_CREDITS',
        remainingCredits: 0,
      },
    });
    const { navigate } = renderCreateScreen(makeMember('Free'));
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Insufficient Video Credits')).toBeTruthy();
    expect(
      within(dialog).getByText('You have 0 credits but need 1 to create a video.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Buy Credits' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Earn More' }));
    expect(navigate).toHaveBeenCalledWith('profile', { anchor: 'earn' });
  });

  it('shows the plan scene limit message as the server wrote it', async () => {
    const message = 'Free members can create videos with up to 1 scene.';
    stubCreateReplies({ status: 400, body: { message, code: 'PLAN_LIMIT' } });
    renderCreateScreen(makeMember('Free'));
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('reads Queuing... while a submission waits for an unstable connection, then times out', async () => {
    let giveUp: (error: Error) => void = () => undefined;
    realtime.current = {
      state: 'reconnecting',
      isStable: false,
      queueAction: () =>
        new Promise((_resolve, reject) => {
          giveUp = reject;
        }),
      onJobDeleted: () => () => {},
    };
    renderCreateScreen(makeMember('Free'));
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());

    const pending = await screen.findByRole('button', { name: 'Queuing...' });
    expect(pending.hasAttribute('disabled')).toBe(true);

    await act(async () => giveUp(new Error('Action timeout - please try again')));
    expect(await screen.findByText('Submission Timeout')).toBeTruthy();
    expect(
      screen.getByText('Your request took too long. Please check your connection and try again.'),
    ).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('disables Create over 1500 description characters and says why by the button', async () => {
    stubCreateReplies();
    renderCreateScreen(makeMember('Free'));
    fillIn('Sunrise', 'x'.repeat(1501));
    const reason = 'The description is over 1500 characters: shorten it to create the video.';
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(reason)).toBeTruthy();
    fireEvent.submit(screen.getByTestId('create-video-form'));
    // Submitted anyway (Enter in a field): the field gets the message and the focus.
    expect(await screen.findByText('Description must be < 1500 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(descriptionInput());
    expect(fetchCalls).toHaveLength(0);

    fireEvent.change(descriptionInput(), { target: { value: 'x'.repeat(1500) } });
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(reason)).toBeNull();
  });

  it('fills the description with a random viral prompt, fetching the list only once', async () => {
    stubServer({
      '/api/viral-prompts': [{ status: 200, body: { prompts: ['First idea', 'Second idea'] } }],
    });
    renderCreateScreen(makeMember('Free'));
    const button = screen.getByRole('button', { name: 'Random Viral Prompt' });

    fireEvent.click(button);
    await waitFor(() =>
      expect(['First idea', 'Second idea']).toContain(
        (descriptionInput() as HTMLTextAreaElement).value,
      ),
    );
    const first = (descriptionInput() as HTMLTextAreaElement).value;

    fireEvent.click(button);
    await waitFor(() => expect((descriptionInput() as HTMLTextAreaElement).value).not.toBe(first));
    expect(fetchCalls.map((call) => call.url)).toEqual(['/api/viral-prompts']);
  });

  it('explains the nine Best Prompt Practices', async () => {
    renderCreateScreen(makeMember('Free'));
    fireEvent.click(screen.getByRole('button', { name: 'Want better results?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Best Prompt Practices' });
    const topics = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(topics).toEqual([
      '1. Be descriptive',
      '2. Think cinematic',
      '3. Add style and mood',
      '4. Keep it concise',
      '5. Include audio and dialogue',
      '6. Avoid negatives',
      '7. Structure for success',
      '8. Stay consistent across scenes',
      '9. Experiment',
    ]);
    expect(within(dialog).getByText(/200-300 words per scene/)).toBeTruthy();
  });

  it('checks an image before uploading it', async () => {
    stubCreateReplies();
    renderCreateScreen(makeMember('Free'));
    chooseMyImages();
    const input = screen.getByLabelText('Upload scene 1 image');

    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText('File too large')).toBeTruthy();

    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(fetchCalls).toHaveLength(0);
  });

  it('uploads a chosen image and sends its address with the video', async () => {
    stubServer({
      '/api/upload-image': [{ status: 201, body: { url: '/media/uploads/u1/cat.png' } }],
      '/api/video-creation-requests': [CREATED],
    });
    renderCreateScreen(makeMember('Free'));
    chooseMyImages();
    // A Free video has one scene: one slot, and no second appears.
    choosePicture('Upload scene 1 image', 'cat.png');
    expect(await screen.findByAltText('Scene 1 image: cat.png')).toBeTruthy();
    expect(screen.queryByLabelText('Upload scene 2 image')).toBeNull();
    const upload = fetchCalls[0];
    expect(upload?.url).toBe('/api/upload-image');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.get('image')).toBeInstanceOf(File);

    fillIn('Cat', 'A cat naps in the sun.');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(2));
    expect(fetchCalls[1]?.body).toMatchObject({
      sourceImageUrl: '/media/uploads/u1/cat.png',
      sceneSource: 'upload',
    });
    expect(fetchCalls[1]?.body).not.toHaveProperty('sceneImageUrls');
    // The form starts over: the server's default source again, and no images.
    await waitFor(() =>
      expect(sceneSourceCard('Offline pictures').getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.queryByAltText('Scene 1 image: cat.png')).toBeNull();
  });

  it('drops the preview and says so when the upload fails', async () => {
    stubServer({
      '/api/upload-image': [{ status: 500, body: { message: 'Internal error' } }],
    });
    renderCreateScreen(makeMember('Free'));
    chooseMyImages();
    fireEvent.change(screen.getByLabelText('Upload scene 1 image'), {
      target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getByText('Failed to upload image. Please try again.')).toBeTruthy();
    expect(screen.queryByAltText('Scene 1 image: a.gif')).toBeNull();
  });

  it('says a file the server found is not a picture is not an image', async () => {
    stubServer({
      '/api/upload-image': [
        { status: 400, body: { message: 'Invalid file type', code: 'VALIDATION_ERROR' } },
      ],
    });
    renderCreateScreen(makeMember('Free'));
    chooseMyImages();
    fireEvent.change(screen.getByLabelText('Upload scene 1 image'), {
      target: { files: [new File(['just text'], 'notes.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Not an Image')).toBeTruthy();
    expect(
      screen.getByText('"notes.png" is not a JPG, PNG or GIF image. Please choose a picture.'),
    ).toBeTruthy();
    expect(screen.queryByText('Failed to upload image. Please try again.')).toBeNull();
  });

  it('says the camera is unavailable without HTTPS', () => {
    renderCreateScreen(makeMember('Free'));
    chooseMyImages();
    const camera = screen.getByRole('button', { name: 'Camera Unavailable (HTTPS required)' });
    expect(camera.hasAttribute('disabled')).toBe(true);
  });
});

describe('Scene source', () => {
  it("offers the server's sources as cards with their hints, the default chosen and not sent", async () => {
    stubCreateReplies(CREATED);
    renderCreateScreen(makeMember('Free'));
    const cards = within(sceneSourceGroup()).getAllByRole('radio');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Offline picturesA picture of each scene’s subject over a moving background. Instant and free.',
      'My imagesYour own image in each scene, with a camera move.',
    ]);
    expect(sceneSourceCard('Offline pictures').getAttribute('aria-checked')).toBe('true');
    expect(sceneSourceCard('My images').getAttribute('aria-checked')).toBe('false');
    // Drawn without the member's images: no image field.
    expect(screen.queryByLabelText(/^Upload/)).toBeNull();

    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]?.body).not.toHaveProperty('sceneSource');
  });

  it('lists only what the server offers, starting from its default, and sends a pick', async () => {
    stubCreateReplies(CREATED);
    renderCreateScreen(makeMember('Elite'), {
      sceneSources: ['offline', 'upload', 'ai-image'],
      defaultSceneSource: 'ai-image',
    });
    expect(
      within(sceneSourceGroup())
        .getAllByRole('radio')
        .map((card) => card.getAttribute('aria-checked')),
    ).toEqual(['false', 'false', 'true']);
    expect(sceneSourceCard('AI images')).toBeTruthy();
    expect(within(sceneSourceGroup()).queryByRole('radio', { name: 'AI video' })).toBeNull();

    fireEvent.click(sceneSourceCard('Offline pictures'));
    expect(sceneSourceCard('Offline pictures').getAttribute('aria-checked')).toBe('true');
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]?.body).toMatchObject({ sceneSource: 'offline' });
  });

  it('moves between the cards with the arrow keys', async () => {
    renderCreateScreen(makeMember('Free'));
    const offline = sceneSourceCard('Offline pictures');
    offline.focus();
    fireEvent.keyDown(offline, { key: 'ArrowDown' });
    // Radix moves the focus on the next tick, and a radio checks itself as it takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(sceneSourceCard('My images')));
    expect(sceneSourceCard('My images').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText('Upload scene 1 image')).toBeTruthy();
  });

  it('takes one image per scene, each slot once the one before is filled, and sends them in order', async () => {
    stubServer({
      '/api/upload-image': [
        { status: 201, body: { url: '/media/uploads/u1/one.png' } },
        { status: 201, body: { url: '/media/uploads/u1/two.png' } },
      ],
      '/api/video-creation-requests': [CREATED],
    });
    renderCreateScreen(makeMember('Pro'));
    fireEvent.click(screen.getByRole('button', { name: 'Increase scenes' }));
    chooseMyImages();
    expect(
      screen.getByText(
        'One image is used for every scene. Add one per scene to give each scene its own; a scene without one shows a picture of its subject.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Upload scene 2 image')).toBeNull();

    choosePicture('Upload scene 1 image', 'one.png');
    expect(await screen.findByAltText('Scene 1 image: one.png')).toBeTruthy();
    choosePicture('Upload scene 2 image', 'two.png');
    expect(await screen.findByAltText('Scene 2 image: two.png')).toBeTruthy();
    // Two scenes, two images: no third slot.
    expect(screen.queryByLabelText('Upload scene 3 image')).toBeNull();

    fillIn('Seasons', 'Spring, then summer.');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(3));
    const body = fetchCalls[2]?.body;
    expect(body).toMatchObject({
      sceneSource: 'upload',
      scenes: 2,
      sceneImageUrls: ['/media/uploads/u1/one.png', '/media/uploads/u1/two.png'],
    });
    expect(body).not.toHaveProperty('sourceImageUrl');
  });

  it('removing a scene image moves the next one up', async () => {
    stubServer({
      '/api/upload-image': [
        { status: 201, body: { url: '/media/uploads/u1/one.png' } },
        { status: 201, body: { url: '/media/uploads/u1/two.png' } },
      ],
    });
    renderCreateScreen(makeMember('Pro'));
    fireEvent.click(screen.getByRole('button', { name: 'Increase scenes' }));
    chooseMyImages();
    choosePicture('Upload scene 1 image', 'one.png');
    await screen.findByAltText('Scene 1 image: one.png');
    choosePicture('Upload scene 2 image', 'two.png');
    await screen.findByAltText('Scene 2 image: two.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image for scene 1' }));
    expect(screen.getByAltText('Scene 1 image: two.png')).toBeTruthy();
    expect(screen.getByLabelText('Upload scene 2 image')).toBeTruthy();
  });

  it('asks for an image before sending My images without one', async () => {
    stubCreateReplies();
    renderCreateScreen(makeMember('Free'));
    chooseMyImages();
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    expect(
      await screen.findByText(
        'Please choose an image for your scenes, or pick another scene source.',
      ),
    ).toBeTruthy();
    expect(fetchCalls).toHaveLength(0);
  });

  it("keeps AI video's single source image, sent as the video model's first frame", async () => {
    stubServer({
      '/api/upload-image': [{ status: 201, body: { url: '/media/uploads/u1/cat.png' } }],
      '/api/video-creation-requests': [CREATED],
    });
    renderCreateScreen(makeMember('Elite'), {
      sceneSources: ['offline', 'upload', 'ai-image', 'ai-video'],
      defaultSceneSource: 'ai-video',
    });
    expect(sceneSourceCard('AI video').getAttribute('aria-checked')).toBe('true');
    choosePicture('Upload source image', 'cat.png');
    expect(await screen.findByAltText('Source image: cat.png')).toBeTruthy();
    // An image for a video model is its first frame, not a change of source.
    expect(sceneSourceCard('AI video').getAttribute('aria-checked')).toBe('true');
    fillIn('Cat', 'A cat naps in the sun.');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(2));
    expect(fetchCalls[1]?.body).toMatchObject({ sourceImageUrl: '/media/uploads/u1/cat.png' });
    expect(fetchCalls[1]?.body).not.toHaveProperty('sceneSource');
  });

  it('says why the server made the video from another source', async () => {
    const notice =
      'AI video would cost more than Free videos allow ($0.50), so this one is made with AI images.';
    stubCreateReplies({
      status: 201,
      body: { ...CREATED.body, sceneSource: 'ai-image', notice },
    });
    renderCreateScreen(makeMember('Free'), {
      sceneSources: ['offline', 'upload', 'ai-image', 'ai-video'],
      defaultSceneSource: 'ai-video',
    });
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Scene Source Changed')).toBeTruthy();
    // In the toast, and under the form where it stays.
    expect(screen.getAllByText(notice)).toHaveLength(2);
  });

  it("shows the server's refusal of a source that costs too much", async () => {
    const message =
      'AI video would cost about $4.80 for this video; Free videos may cost up to $0.50. Please pick fewer scenes or a cheaper scene source.';
    stubCreateReplies({ status: 400, body: { message, code: 'PLAN_LIMIT' } });
    renderCreateScreen(makeMember('Free'), {
      sceneSources: ['offline', 'upload', 'ai-video'],
      defaultSceneSource: 'offline',
    });
    fireEvent.click(sceneSourceCard('AI video'));
    fillIn('Sunrise', 'A city wakes up.');
    fireEvent.click(submitButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fetchCalls[0]?.body).toMatchObject({ sceneSource: 'ai-video' });
  });
});
