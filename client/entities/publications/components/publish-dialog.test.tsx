import type { Connection, Publication } from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { makeVideo } from '@/entities/videos/test-videos';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import {
  makeConnection,
  makePublication,
  testConnections,
  testCreatorInfo,
} from '../test-publishing';
import { PublishDialog } from './publish-dialog';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

const harbour = makeVideo({
  id: 41,
  requestId: 7,
  title: 'Harbour at dusk',
  description: 'Fishing boats come home at dusk',
  status: 'completed',
  videoUrl: '/media/users/u1/videos/41.mp4',
  duration: 15,
  progress: 100,
  generatedPrompt: JSON.stringify({
    title: 'Harbour',
    scenes: [
      { number: 1, narration: 'Boats glide home.', prompt: 'Boats', durationSeconds: 5 },
      {
        number: 2,
        narration: 'Lights come on along the quay.',
        prompt: 'Quay',
        durationSeconds: 5,
      },
    ],
  }),
});

type Routes = Record<string, FakeReply | ((body: unknown) => FakeReply)>;

function routes({
  connections = testConnections,
  history = [],
  extra = {},
}: {
  connections?: Connection[];
  history?: Publication[];
  extra?: Routes;
} = {}): Routes {
  return {
    'GET /api/connections': { status: 200, body: connections },
    'GET /api/videos/41/publications': { status: 200, body: history },
    'GET /api/connections/tiktok/creator-info': { status: 200, body: testCreatorInfo },
    'POST /api/videos/41/publish': (body) => ({
      status: 202,
      body: (body as { platforms: Publication['platform'][] }).platforms.map((platform, index) =>
        makePublication({ id: 100 + index, platform }),
      ),
    }),
    ...extra,
  };
}

function renderDialog(video: Video = harbour) {
  const onClose = vi.fn();
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppNavigationContext.Provider value={{ tab: 'library', navigate }}>
        <PublishDialog video={video} onClose={onClose} />
      </AppNavigationContext.Provider>
    </QueryClientProvider>,
  );
  return { onClose, navigate, dialog: screen.getByRole('dialog', { name: 'Publish Video' }) };
}

const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);

function publishButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
}

/** Opens a Radix select from the keyboard and returns the names of its options. */
async function openSelect(trigger: HTMLElement) {
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const listbox = await screen.findByRole('listbox');
  return {
    listbox,
    names: within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('Publish dialog', () => {
  it("starts from the video's plan: its title, its spoken script and hashtags from its words", async () => {
    serveFetch(routes());
    const { dialog } = renderDialog();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe(
      'Harbour at dusk',
    );
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Boats glide home. Lights come on along the quay.',
    );
    expect((within(dialog).getByLabelText('Hashtags') as HTMLInputElement).value).toBe(
      '#harbour #dusk #fishing #boats #home',
    );
    expect(within(dialog).getByText('15/100')).toBeTruthy();
    // No platform is chosen for the member, and a connected one shows its account.
    const youtube = await within(dialog).findByRole('checkbox', { name: 'YouTube' });
    expect((youtube as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByText('Harbour Channel')).toBeTruthy();
  });

  it('offers the stock footage credits for the description, once', async () => {
    serveFetch(routes());
    const asset = (provider: 'pexels' | 'pixabay', assetId: string, author: string) => ({
      provider,
      assetId,
      pageUrl: `https://example.test/${assetId}`,
      author,
      authorUrl: `https://example.test/@${author}`,
      licence: provider === 'pexels' ? 'Pexels License' : 'Pixabay Content License',
      licenceUrl: 'https://example.test/licence',
      fileUrl: `https://example.test/${assetId}.mp4`,
      fetchedAt: '2026-11-28T12:00:00.000Z',
    });
    const { dialog } = renderDialog({
      ...harbour,
      assets: [
        asset('pexels', '1', 'Ana Silva'),
        asset('pixabay', '2', 'mtc'),
        asset('pexels', '3', 'Ana Silva'),
        asset('pexels', '4', 'João Reis'),
      ],
    });
    const line = 'Footage: Pexels (Ana Silva, João Reis), Pixabay (mtc)';
    expect(within(dialog).getByText(line)).toBeTruthy();
    const description = within(dialog).getByLabelText('Description') as HTMLTextAreaElement;
    expect(description.value).not.toContain('Footage');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add footage credits' }));
    expect(description.value).toBe(`Boats glide home. Lights come on along the quay.\n\n${line}`);
    const added = within(dialog).getByRole('button', {
      name: 'Credits added',
    }) as HTMLButtonElement;
    expect(added.disabled).toBe(true);
  });

  it('offers no credits line for a video without stock footage', () => {
    serveFetch(routes());
    const { dialog } = renderDialog();
    expect(within(dialog).queryByRole('button', { name: 'Add footage credits' })).toBeNull();
  });

  it("offers TikTok's own choices only, preset to nothing, and publishes only once one is chosen", async () => {
    const calls = serveFetch(routes());
    const { dialog } = renderDialog();
    const tiktok = await within(dialog).findByRole('checkbox', { name: 'TikTok' });
    // Creator info is asked for only once TikTok is ticked.
    expect(calls.some((call) => call.url.includes('creator-info'))).toBe(false);
    fireEvent.click(tiktok);
    expect(await within(dialog).findByText('Harbour Tok')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('creator-info'))).toHaveLength(1);

    const who = within(dialog).getByRole('combobox', { name: 'Who can watch this video' });
    expect(who.textContent).toContain('Choose who can watch');
    expect(publishButton(dialog).disabled).toBe(true);

    const { listbox, names } = await openSelect(who);
    expect(names).toEqual(['Friends', 'Only me']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Only me' }));
    await waitFor(() => expect(who.textContent).toContain('Only me'));
    expect(publishButton(dialog).disabled).toBe(false);

    // Comments, Duet and Stitch start unticked; the member allows comments only.
    const comments = within(dialog).getByRole('checkbox', { name: 'Allow comments' });
    expect((comments as HTMLInputElement).checked).toBe(false);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Allow Duet' }) as HTMLInputElement).checked,
    ).toBe(false);
    fireEvent.click(comments);

    fireEvent.click(publishButton(dialog));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      platforms: ['tiktok'],
      tiktokPrivacyLevel: 'SELF_ONLY',
      tiktokAllow: { comment: true, duet: false, stitch: false },
    });
  });

  it('sends what the member edited, then closes and says publishing started', async () => {
    const calls = serveFetch(routes());
    const { dialog, onClose } = renderDialog();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'YouTube' }));
    fireEvent.change(within(dialog).getByLabelText('Title'), {
      target: { value: '  Harbour tonight ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Description'), {
      target: { value: 'The boats come home.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Hashtags'), {
      target: { value: '#sunset boats, #Harbour' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Unlisted' }));
    fireEvent.click(publishButton(dialog));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/videos/41/publish',
      body: {
        platforms: ['youtube'],
        title: 'Harbour tonight',
        description: 'The boats come home.',
        hashtags: ['sunset', 'boats', 'Harbour'],
        privacy: 'unlisted',
      },
    });
    expect(toasts()).toContainEqual(
      expect.objectContaining({
        title: 'Publishing Started',
        description: expect.stringContaining('YouTube'),
      }),
    );
  });

  it("keeps what was typed and shows the server's reason when it refuses", async () => {
    serveFetch(
      routes({
        extra: {
          'POST /api/videos/41/publish': {
            status: 409,
            body: { message: 'Only a finished video can be published.', code: 'NOT_COMPLETED' },
          },
        },
      }),
    );
    const { dialog, onClose } = renderDialog();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'YouTube' }));
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Tonight' } });
    fireEvent.click(publishButton(dialog));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Could Not Publish',
          description: 'Only a finished video can be published.',
          variant: 'destructive',
        }),
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Tonight');
  });

  it("checks the form with the route's schema before sending anything", async () => {
    const calls = serveFetch(routes());
    const { dialog } = renderDialog();
    await within(dialog).findByRole('checkbox', { name: 'YouTube' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.change(within(dialog).getByLabelText('Hashtags'), {
      target: { value: '#ok #not-ok' },
    });
    fireEvent.click(publishButton(dialog));
    expect(
      await within(dialog).findByText('Choose at least one platform to publish to.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Please enter a title for the post.')).toBeTruthy();
    expect(within(dialog).getByText(/A hashtag is one word .* Check “#not-ok”\./)).toBeTruthy();
    expect(within(dialog).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers a platform that is not connected, or needs reconnecting, through Profile → Connections', async () => {
    serveFetch(
      routes({
        connections: [
          makeConnection({
            platform: 'youtube',
            accountName: 'Harbour Channel',
            status: 'reconnect_needed',
          }),
          makeConnection({
            platform: 'tiktok',
            available: false,
            setupHint: 'Set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET.',
          }),
          makeConnection({ platform: 'instagram' }),
        ],
      }),
    );
    const { dialog, navigate, onClose } = renderDialog();
    const instagram = await within(dialog).findByTestId('publish-platform-instagram');
    expect(within(instagram).queryByRole('checkbox')).toBeNull();
    const youtube = within(dialog).getByTestId('publish-platform-youtube');
    expect(within(youtube).getByText('Reconnect needed')).toBeTruthy();
    expect(
      within(youtube).getByRole('button', { name: 'Reconnect YouTube in Profile' }),
    ).toBeTruthy();
    // What the operator must set is not the member's business: TikTok is simply not offered.
    expect(within(dialog).queryByTestId('publish-platform-tiktok')).toBeNull();

    fireEvent.click(
      within(instagram).getByRole('button', { name: 'Connect Instagram in Profile' }),
    );
    expect(onClose).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(
      'profile',
      expect.objectContaining({ anchor: 'connections' }),
    );
  });

  it('lists what the video was already published as, and does not offer a platform twice', async () => {
    serveFetch(
      routes({
        history: [
          makePublication({
            id: 3,
            platform: 'tiktok',
            status: 'failed',
            error: 'TikTok refused the upload: the video is too short.',
          }),
          makePublication({
            id: 2,
            platform: 'youtube',
            status: 'published',
            postUrl: 'https://youtu.be/abc123',
            publishedAt: '2026-11-20T10:05:00.000Z',
          }),
        ],
      }),
    );
    const { dialog } = renderDialog();
    const rows = await within(dialog).findAllByTestId('publication-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement).getByText(
        'TikTok refused the upload: the video is too short.',
      ),
    ).toBeTruthy();
    const post = within(rows[1] as HTMLElement).getByRole('link', { name: 'View post on YouTube' });
    expect(post.getAttribute('href')).toBe('https://youtu.be/abc123');
    expect(post.getAttribute('rel')).toBe('noopener noreferrer');

    const youtube = within(dialog).getByRole('checkbox', { name: 'YouTube' }) as HTMLInputElement;
    expect(youtube.disabled).toBe(true);
    expect(within(dialog).getByText('Already published')).toBeTruthy();
    // A failed one may be sent again.
    expect(
      (within(dialog).getByRole('checkbox', { name: 'TikTok' }) as HTMLInputElement).disabled,
    ).toBe(false);
  });

  it('warns that TikTok will not take a video longer than the creator may post', async () => {
    serveFetch(
      routes({
        extra: {
          'GET /api/connections/tiktok/creator-info': {
            status: 200,
            body: { ...testCreatorInfo, maxVideoPostDurationSec: 10 },
          },
        },
      }),
    );
    const { dialog } = renderDialog();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'TikTok' }));
    expect(
      await within(dialog).findByText(/This video is 0:15 long; TikTok lets Harbour Tok post/),
    ).toBeTruthy();
    const { listbox } = await openSelect(
      within(dialog).getByRole('combobox', { name: 'Who can watch this video' }),
    );
    fireEvent.click(within(listbox).getByRole('option', { name: 'Friends' }));
    expect(publishButton(dialog).disabled).toBe(true);
  });

  it("says in words why TikTok's account could not be read", async () => {
    serveFetch(
      routes({
        extra: {
          'GET /api/connections/tiktok/creator-info': {
            status: 409,
            body: {
              message: 'Reconnect TikTok in Profile: its permission has expired.',
              code: 'RECONNECT_NEEDED',
            },
          },
        },
      }),
    );
    const { dialog } = renderDialog();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'TikTok' }));
    const block = await within(dialog).findByTestId('tiktok-settings');
    expect(
      await within(block).findByText('Reconnect TikTok in Profile: its permission has expired.'),
    ).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Reconnect TikTok in Profile' })).toBeTruthy();
    expect(publishButton(dialog).disabled).toBe(true);
  });
});
