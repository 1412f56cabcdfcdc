import type { SessionUser } from '@shared/schemas/auth';
import type { ClientConfig } from '@shared/schemas/client-config';
import type { Video } from '@shared/schemas/videos';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testClientConfig } from '@/entities/client-config/test-config';
import { makeVideo } from '@/entities/videos/test-videos';
import { ApiError } from '@/lib/api-client';
import { AppNavigationContext } from '@/lib/app-navigation';
import { serveFetch } from '@/lib/test-fetch';
import { DashboardScreen } from './dashboard-screen';

const member: SessionUser = {
  id: 'user-7',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: null,
  memberLevel: 'Free',
  createdAt: '2025-01-01T00:00:00.000Z',
  referralCode: 'ANA7',
  isAdmin: false,
  emailVerified: true,
  adminAwaitingVerification: false,
};

const noLinks: ClientConfig = testClientConfig;

type Answers = Record<string, unknown>;

function renderDashboard({
  user = member,
  answers = {},
}: {
  user?: Partial<SessionUser>;
  answers?: Answers;
} = {}) {
  const server: Answers = {
    '/api/credits': { remainingCredits: 8, unlimited: false },
    '/api/videos': [],
    '/api/client-config': noLinks,
    ...answers,
  };
  // The server at the fetch boundary: each address answers its entry, an ApiError its status.
  serveFetch(
    Object.fromEntries(
      Object.entries(server).map(([url, answer]) => [
        `GET ${url}`,
        answer instanceof ApiError
          ? { status: answer.status, body: { message: answer.message } }
          : { status: 200, body: answer },
      ]),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <AppNavigationContext.Provider value={{ tab: 'dashboard', navigate }}>
        <DashboardScreen user={{ ...member, ...user }} />
      </AppNavigationContext.Provider>
    </QueryClientProvider>,
  );
  return { navigate };
}

function statCard(label: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Your numbers' });
  const card = within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(label));
  if (!card) throw new Error(`no stat card labelled ${label}`);
  return card;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Dashboard credits', () => {
  it('shows the balance', async () => {
    renderDashboard();
    expect((await screen.findByTestId('credits-value')).textContent).toBe('8');
    expect(statCard('Credits').dataset.tone).toBe('default');
  });

  it("shows '--' when the credits cannot be loaded", async () => {
    renderDashboard({ answers: { '/api/credits': new ApiError(500, 'Failed to load credits') } });
    expect((await screen.findByTestId('credits-value')).textContent).toBe('--');
  });

  it('shows ∞ for Elite, with no Upgrade or Buy Credits', async () => {
    renderDashboard({
      user: { memberLevel: 'Elite' },
      answers: { '/api/credits': { remainingCredits: null, unlimited: true } },
    });
    expect((await screen.findByTestId('credits-value')).textContent).toBe('∞');
    expect(screen.queryByRole('button', { name: /Buy Credits/ })).toBeNull();
    expect(screen.queryByText(/Upgrade/)).toBeNull();
  });

  it('highlights a balance of 2 or fewer and suggests earning or buying more', async () => {
    renderDashboard({ answers: { '/api/credits': { remainingCredits: 2, unlimited: false } } });
    expect((await screen.findByTestId('credits-value')).textContent).toBe('2');
    const card = statCard('Credits');
    expect(card.dataset.tone).toBe('warning');
    expect(card.textContent).toContain('Running low');
  });
});

describe('Dashboard video counts', () => {
  const videos = (...statuses: Video['status'][]) =>
    statuses.map((status, index) => makeVideo({ id: `req-${index}`, requestId: index, status }));

  it('counts completed and processing videos', async () => {
    renderDashboard({
      answers: { '/api/videos': videos('processing', 'queued', 'completed', 'completed') },
    });
    expect((await screen.findByTestId('completed-value')).textContent).toBe('2');
    expect(screen.getByTestId('activity-value').textContent).toBe('1');
    expect(statCard('Processing')).toBeTruthy();
  });

  it("shows the queued count labelled 'Queued' when none are processing", async () => {
    renderDashboard({ answers: { '/api/videos': videos('queued', 'queued', 'completed') } });
    expect((await screen.findByTestId('activity-value')).textContent).toBe('2');
    expect(statCard('Queued').textContent).toContain('2');
    expect(screen.queryByText('Processing', { selector: 'li span' })).toBeNull();
  });
});

describe('Dashboard actions', () => {
  it("opens the next tier's checkout link with the member's id", async () => {
    renderDashboard({
      answers: {
        '/api/client-config': {
          paymentLinks: { ...noLinks.paymentLinks, pro: 'https://buy.stripe.com/pro?x=1' },
        },
      },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const upgrade = await screen.findByRole('button', { name: /Upgrade to Pro/ });
    await waitFor(() => expect(upgrade.hasAttribute('disabled')).toBe(false));
    fireEvent.click(upgrade);
    expect(assign).toHaveBeenCalledWith(
      'https://buy.stripe.com/pro?x=1&client_reference_id=user-7&prefilled_email=ana%40example.com',
    );
    vi.unstubAllGlobals();
  });

  it('falls back to the purchase screen when no link is configured', async () => {
    const { navigate } = renderDashboard({ user: { memberLevel: 'Pro' } });
    const upgrade = await screen.findByRole('button', { name: /Upgrade to Elite/ });
    // Disabled only until the checkout settings arrive.
    await waitFor(() => expect(upgrade.hasAttribute('disabled')).toBe(false));
    fireEvent.click(upgrade);
    expect(navigate).toHaveBeenCalledWith('purchase');
  });

  it('goes to the earn section, the purchase screen and the Quick Start places', () => {
    const { navigate } = renderDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Earn More' }));
    expect(navigate).toHaveBeenLastCalledWith('profile', { anchor: 'earn' });
    fireEvent.click(screen.getByRole('button', { name: 'Buy Credits' }));
    expect(navigate).toHaveBeenLastCalledWith('purchase');
    for (const [label, tab] of [
      ['Create Video', 'create'],
      ['Engine', 'jobs'],
      ['My Library', 'library'],
      ['My Studio', 'jobs'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: label }));
      expect(navigate).toHaveBeenLastCalledWith(tab);
    }
  });
});

describe('Dashboard recent videos', () => {
  it('shows the four newest with their status, and plays a completed one', async () => {
    const list = [
      makeVideo({
        id: 9,
        requestId: 5,
        title: 'Harbour at dusk',
        status: 'completed',
        progress: 100,
        duration: 16,
        videoUrl: '/media/videos/9.mp4',
        thumbnailUrl: '/media/thumbs/9.jpg',
      }),
      makeVideo({ id: 'req-4', requestId: 4, status: 'processing', progress: 42 }),
      makeVideo({ id: 'req-3', requestId: 3, status: 'queued' }),
      makeVideo({ id: 'req-2', requestId: 2, status: 'failed', errorMessage: 'No frames' }),
      makeVideo({ id: 'req-1', requestId: 1, status: 'completed', title: 'Oldest' }),
    ];
    const { navigate } = renderDashboard({ answers: { '/api/videos': list } });

    const recent = await screen.findByTestId('recent-videos');
    const cards = within(recent).getAllByTestId('video-card');
    expect(cards.map((card) => card.dataset.status)).toEqual([
      'completed',
      'processing',
      'queued',
      'failed',
    ]);
    expect(cards.map((card) => within(card).getByTestId('video-status').textContent)).toEqual([
      'Completed',
      'Processing',
      'Queued',
      'Failed',
    ]);
    expect(cards[0]?.textContent).toContain('0:16');
    expect(cards[1]?.textContent).toContain('42%');
    expect(within(recent).queryByText('Oldest')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /View All/ }));
    expect(navigate).toHaveBeenLastCalledWith('library');

    // Only the completed card is a button; its name is its title.
    expect(
      within(recent)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Harbour at dusk']);
    fireEvent.click(screen.getByRole('button', { name: 'Harbour at dusk' }));
    const player = await screen.findByTestId('video-player');
    expect(player.getAttribute('src')).toBe('/media/videos/9.mp4');
    expect(player.getAttribute('poster')).toBe('/media/thumbs/9.jpg');
  });

  it('invites the member to create a first video when there are none', async () => {
    const { navigate } = renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: /Create Your First Video/ }));
    expect(navigate).toHaveBeenCalledWith('create');
    expect(screen.queryByTestId('recent-videos')).toBeNull();
  });
});
