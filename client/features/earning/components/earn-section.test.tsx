import type { Submission } from '@shared/schemas/submissions';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { testClientConfig } from '@/entities/client-config/test-config';
import { createQueryClient } from '@/lib/query-client';
import { serveFetch } from '@/lib/test-fetch';
import { EarnSection } from './earn-section';
import { parseViewCount } from './proof-dialog';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

function submission(overrides: Partial<Submission>): Submission {
  return {
    id: 1,
    userId: 'u1',
    submissionType: 'x_post',
    status: 'pending',
    postLink: 'https://x.com/ada/status/1',
    viewCount: null,
    socialHandle: null,
    description: null,
    screenshotUrl: null,
    adminNotes: null,
    creditsAwarded: null,
    reviewedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const baseRoutes = (mine: Submission[]) => ({
  'GET /api/submissions': { status: 200, body: mine },
  'GET /api/referrals': {
    status: 200,
    body: {
      code: 'ADA123',
      link: 'https://reelforge.test/?ref=ADA123',
      joined: 3,
      rewarded: 2,
      creditsEarned: 10,
    },
  },
  'GET /api/client-config': { status: 200, body: testClientConfig },
});

function renderEarn() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EarnSection referralCode="ADA123" />
    </QueryClientProvider>,
  );
}

const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('EarnSection', () => {
  it('shows the referral link with what it has earned', async () => {
    serveFetch(baseRoutes([]));
    renderEarn();
    expect(await screen.findByDisplayValue('https://reelforge.test/?ref=ADA123')).toBeTruthy();
    expect((await screen.findByTestId('referral-stats')).textContent).toBe(
      '3 joined · 2 rewarded · 10 credits earned',
    );
    expect(screen.getByText('5 credits per friend')).toBeTruthy();
  });

  it('shows each platform to follow with its mark, not a bare letter', async () => {
    serveFetch(baseRoutes([]));
    renderEarn();
    const list = await screen.findByRole('list', { name: 'Platforms to follow' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.testid)).toContain('follow-follow_tiktok');
    for (const row of rows) {
      const label = row.querySelector('span');
      expect(label?.querySelector('svg'), row.dataset.testid).not.toBeNull();
      expect(label?.firstElementChild?.tagName.toLowerCase(), row.dataset.testid).toBe('svg');
    }
  });

  it('marks platforms earned or pending, and lists the member’s submissions with reasons', async () => {
    serveFetch(
      baseRoutes([
        submission({
          id: 3,
          submissionType: 'follow_discord',
          status: 'approved',
          creditsAwarded: 2,
        }),
        submission({ id: 2, submissionType: 'follow_x', status: 'pending', socialHandle: '@ada' }),
        submission({ id: 1, status: 'rejected', adminNotes: 'The post does not mention us' }),
      ]),
    );
    renderEarn();
    const discord = await screen.findByTestId('follow-follow_discord');
    await waitFor(() => expect(within(discord).getByText('Earned')).toBeTruthy());
    expect(within(screen.getByTestId('follow-follow_x')).getByText('Pending review')).toBeTruthy();
    expect(
      within(screen.getByTestId('follow-follow_tiktok')).getByRole('button', {
        name: 'Submit proof for TikTok',
      }),
    ).toBeTruthy();
    const mine = screen.getAllByTestId('my-submission');
    expect(mine.map((item) => item.dataset.status)).toEqual(['approved', 'pending', 'rejected']);
    expect(mine[0]?.textContent).toContain('+2 credits');
    expect(mine[2]?.textContent).toContain('Reason: The post does not mention us');
  });

  it('checks an X post proof with the spec’s words before sending, then sends it', async () => {
    const calls = serveFetch({
      ...baseRoutes([]),
      'POST /api/submissions': (body) => ({
        status: 201,
        body: submission({ ...(body as Partial<Submission>), id: 8 }),
      }),
    });
    renderEarn();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit proof for X post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your X Post' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    expect(
      await within(dialog).findByText('Required fields missing for submission type'),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Post Link'), { target: { value: 'my post' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Post Link'), {
      target: { value: 'https://x.com/ada/status/42' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    await waitFor(() =>
      expect(toasts()).toEqual([expect.objectContaining({ title: 'Submission Received!' })]),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      submissionType: 'x_post',
      postLink: 'https://x.com/ada/status/42',
      viewCount: null,
      socialHandle: null,
      screenshotUrl: null,
      description: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks a follow for its handle, and shows the server’s refusal as Submission Failed', async () => {
    serveFetch({
      ...baseRoutes([]),
      'POST /api/submissions': {
        status: 409,
        body: {
          code: 'ALREADY_SUBMITTED',
          message: 'Your TikTok submission is already waiting for review.',
        },
      },
    });
    renderEarn();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit proof for TikTok' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your TikTok Follow' });
    const handle = within(dialog).getByLabelText('Your TikTok handle');
    fireEvent.change(handle, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    expect(await within(dialog).findByText('Handle is required')).toBeTruthy();

    fireEvent.change(handle, { target: { value: '@ada' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        expect.objectContaining({
          title: 'Submission Failed',
          description: 'Your TikTok submission is already waiting for review.',
          variant: 'destructive',
        }),
      ]),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says which milestone a view count reaches, and refuses one that is not positive', async () => {
    serveFetch(baseRoutes([]));
    renderEarn();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit proof for view milestone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit a View Milestone' });
    const views = within(dialog).getByLabelText('View Count');
    fireEvent.change(views, { target: { value: '12,500' } });
    expect(within(dialog).getByText('Reaches 10K+ views: 15 credits.')).toBeTruthy();
    fireEvent.change(views, { target: { value: '1,000,000' } });
    expect(within(dialog).getByText('Reaches 1M+ views: one month of Elite.')).toBeTruthy();
    fireEvent.change(views, { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Post Link'), {
      target: { value: 'https://x.com/ada/status/42' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Proof' }));
    expect(await within(dialog).findByText('View count must be positive')).toBeTruthy();
  });
});

describe('parseViewCount', () => {
  it('reads counts as people type them', () => {
    expect(parseViewCount('12,500')).toBe(12_500);
    expect(parseViewCount(' 1 000 000 ')).toBe(1_000_000);
    expect(parseViewCount('')).toBeNull();
    expect(parseViewCount('lots')).toBeNaN();
  });
});
