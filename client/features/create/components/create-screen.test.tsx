import type { SessionUser } from '@shared/schemas/auth';
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
import { USER_QUERY_KEY } from '@/features/auth/api/get-user';
import { makeMember } from '@/features/auth/test-members';
import { testClientConfig } from '@/features/client-config/test-config';
import { makeVideo } from '@/features/videos/test-videos';
import { seedVoiceQueries } from '@/features/voices/test-voices';
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

function renderCreateScreen(user: SessionUser | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  // The Upgrade button reads the payment links; none are configured here (no fetch either).
  queryClient.setQueryData(['/api/client-config'], testClientConfig);
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

  it('refuses a description over 1500 characters without sending it', async () => {
    stubCreateReplies();
    renderCreateScreen(makeMember('Free'));
    fillIn('Sunrise', 'x'.repeat(1501));
    fireEvent.click(submitButton());
    expect(await screen.findByText('Description must be < 1500 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(descriptionInput());
    expect(fetchCalls).toHaveLength(0);
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
    const input = screen.getByLabelText('Upload source image');

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
    const photo = new File(['png'], 'cat.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload source image'), {
      target: { files: [photo] },
    });
    expect(await screen.findByAltText('Source image: cat.png')).toBeTruthy();
    const upload = fetchCalls[0];
    expect(upload?.url).toBe('/api/upload-image');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.get('image')).toBeInstanceOf(File);

    fillIn('Cat', 'A cat naps in the sun.');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchCalls).toHaveLength(2));
    expect(fetchCalls[1]?.body).toMatchObject({ sourceImageUrl: '/media/uploads/u1/cat.png' });
    await waitFor(() => expect(screen.queryByAltText('Source image: cat.png')).toBeNull());
  });

  it('drops the preview and says so when the upload fails', async () => {
    stubServer({
      '/api/upload-image': [{ status: 400, body: { message: 'Invalid file type', code: 'X' } }],
    });
    renderCreateScreen(makeMember('Free'));
    fireEvent.change(screen.getByLabelText('Upload source image'), {
      target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getByText('Failed to upload image. Please try again.')).toBeTruthy();
    expect(screen.queryByAltText('Source image: a.gif')).toBeNull();
  });

  it('says the camera is unavailable without HTTPS', () => {
    renderCreateScreen(makeMember('Free'));
    const camera = screen.getByRole('button', { name: 'Camera Unavailable (HTTPS required)' });
    expect(camera.hasAttribute('disabled')).toBe(true);
  });
});
