// Admin Tools as an admin uses it: the operator's alerts, the review queue and its dialogs, the
// grant form with its member picker, the unmatched payments and the exports, against a stubbed
// server that records every request.
import type { PickerUser } from '@shared/schemas/admin';
import type { AdminSubmission } from '@shared/schemas/submissions';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { type FakeCall, serveFetch } from '@/lib/test-fetch';
import { AdminTools } from './admin-tools';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

const ada = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const grace = { email: 'grace@example.com', firstName: null, lastName: null };

function submission(overrides: Partial<AdminSubmission>): AdminSubmission {
  return {
    id: 1,
    userId: 'user-ada',
    submissionType: 'x_post',
    status: 'pending',
    postLink: 'https://x.com/ada/status/123',
    viewCount: null,
    socialHandle: null,
    description: 'Loved making this one',
    screenshotUrl: null,
    adminNotes: null,
    creditsAwarded: null,
    reviewedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    user: ada,
    ...overrides,
  };
}

const xPost = submission({ id: 1, screenshotUrl: 'https://cdn.example.com/shot.png' });
const milestone = submission({
  id: 2,
  userId: 'user-grace',
  submissionType: 'view_milestone',
  postLink: 'https://tiktok.com/@grace/video/42',
  viewCount: 12_500,
  description: null,
  user: grace,
});
const approved = submission({
  id: 3,
  status: 'approved',
  adminNotes: 'Approved by admin',
  creditsAwarded: 2,
  reviewedAt: '2026-11-21T10:00:00.000Z',
});
const rejected = submission({
  id: 4,
  submissionType: 'follow_tiktok',
  postLink: null,
  socialHandle: '@ada',
  status: 'rejected',
  adminNotes: 'We could not find @ada among our followers',
  reviewedAt: '2026-11-21T11:00:00.000Z',
});

const members: PickerUser[] = [
  {
    id: 'user-grace',
    firstName: null,
    lastName: null,
    email: 'grace@example.com',
    memberLevel: 'Free',
    hasSubscription: false,
  },
  {
    id: 'user-ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    memberLevel: 'Pro',
    hasSubscription: true,
  },
];

const noUnmatchedPayments = {
  'GET /api/admin/payment-events?outcome=unmatched': { status: 200, body: [] },
  'GET /api/admin/alerts': { status: 200, body: [] },
};

const queue = (pending: AdminSubmission[] = [xPost, milestone]) => ({
  'GET /api/admin/submissions?status=pending': { status: 200, body: pending },
  'GET /api/admin/submissions?status=approved': { status: 200, body: [approved] },
  'GET /api/admin/submissions?status=rejected': { status: 200, body: [] },
  'GET /api/admin/submissions': { status: 200, body: [xPost, milestone, approved, rejected] },
  ...noUnmatchedPayments,
});

function renderTools() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminTools />
    </QueryClientProvider>,
  );
}

const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);
const requests = (calls: FakeCall[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);

/** Radix Tabs switch on mouse down, as a pointer does. */
function chooseTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }));
}

async function cardOf(name: string) {
  const cards = await screen.findAllByTestId('admin-submission');
  const card = cards.find((candidate) => within(candidate).queryByRole('heading', { name }));
  if (!card) throw new Error(`no submission card for ${name}`);
  return card;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('Admin Tools', () => {
  it('has the section heading and its parts', () => {
    serveFetch(queue());
    renderTools();
    expect(screen.getByRole('heading', { level: 2, name: 'Admin Tools' })).toBeTruthy();
    for (const name of [
      'Alerts',
      'Review Submissions',
      'Grant Credits',
      'Unmatched Payments',
      'Export Data',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
  });
});

describe('Review Submissions', () => {
  it('lists pending proofs first, with who sent them, the proof and what they pay', async () => {
    const calls = serveFetch(queue());
    renderTools();
    const cards = await screen.findAllByTestId('admin-submission');
    expect(cards).toHaveLength(2);
    expect(requests(calls, 'GET', '/api/admin/submissions?status=pending')).toHaveLength(1);
    expect(screen.getByText('2 pending submissions')).toBeTruthy();

    const post = await cardOf('Ada Lovelace');
    expect(within(post).getByText('ada@example.com')).toBeTruthy();
    expect(within(post).getByText('X post')).toBeTruthy();
    expect(within(post).getByText('Pending review')).toBeTruthy();
    expect(within(post).getByText('2 credits')).toBeTruthy();
    expect(within(post).getByText('Loved making this one')).toBeTruthy();
    const link = within(post).getByRole('link', { name: /x\.com\/ada\/status\/123/ });
    expect(link.getAttribute('href')).toBe('https://x.com/ada/status/123');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      within(post)
        .getByRole('link', { name: /View screenshot/ })
        .getAttribute('href'),
    ).toBe('https://cdn.example.com/shot.png');
    expect(within(post).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(post).getByRole('button', { name: 'Reject' })).toBeTruthy();

    // A member without a name is shown by email; a milestone promises "up to" its tier.
    const views = await cardOf('grace@example.com');
    expect(within(views).getByText('View milestone')).toBeTruthy();
    expect(within(views).getByText('12,500')).toBeTruthy();
    expect(within(views).getByText('up to 15 credits')).toBeTruthy();
  });

  it('filters by status: the request carries ?status=, reviewed cards show the note and award', async () => {
    const calls = serveFetch(queue());
    renderTools();
    await screen.findAllByTestId('admin-submission');

    chooseTab('Approved');
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/admin/submissions?status=approved')).toHaveLength(1),
    );
    const card = await screen.findByTestId('admin-submission');
    expect(within(card).getByText('Approved')).toBeTruthy();
    expect(card.textContent).toContain('Note: Approved by admin');
    expect(within(card).getByText('2 credits')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('1 approved submission')).toBeTruthy();

    chooseTab('Rejected');
    expect(await screen.findByText('No rejected submissions')).toBeTruthy();
    expect(requests(calls, 'GET', '/api/admin/submissions?status=rejected')).toHaveLength(1);

    chooseTab('All');
    await waitFor(() => expect(screen.getAllByTestId('admin-submission')).toHaveLength(4));
    expect(requests(calls, 'GET', '/api/admin/submissions')).toHaveLength(1);
    const refused = screen
      .getAllByTestId('admin-submission')
      .find((candidate) => candidate.dataset.status === 'rejected');
    expect(refused?.textContent).toContain('Reason: We could not find @ada among our followers');
    expect(refused?.textContent).toContain('Follow on TikTok');
    expect(refused?.textContent).toContain('@ada');
  });

  it("says 'No submissions to review' when nothing waits", async () => {
    serveFetch(queue([]));
    renderTools();
    expect(await screen.findByText('No submissions to review')).toBeTruthy();
    expect(screen.getByText('0 pending submissions')).toBeTruthy();
  });

  it('shows a failed load with Retry, which loads the list again', async () => {
    let fail = true;
    serveFetch({
      ...noUnmatchedPayments,
      'GET /api/admin/submissions?status=pending': () =>
        fail
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { status: 200, body: [xPost] },
    });
    renderTools();
    expect(await screen.findByText('Could not load submissions')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('admin-submission')).toBeTruthy();
  });

  it("approving sends 'Approved by admin', says 'Submission Approved' and refetches", async () => {
    const calls = serveFetch({
      ...queue([xPost]),
      'PATCH /api/admin/submissions/1': (body) => ({
        status: 200,
        body: { ...xPost, ...(body as object), status: 'approved', creditsAwarded: 2 },
      }),
    });
    renderTools();
    fireEvent.click(within(await cardOf('Ada Lovelace')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Submission' });
    expect(dialog.textContent).toContain('Approving pays 2 credits');
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Submission Approved',
          description: 'Ada Lovelace earned 2 credits.',
        }),
      ),
    );
    expect(requests(calls, 'PATCH', '/api/admin/submissions/1')[0]?.body).toEqual({
      status: 'approved',
      adminNote: 'Approved by admin',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/admin/submissions?status=pending')).toHaveLength(2),
    );
  });

  it("rejecting without a reason says 'Rejection reason is required' and sends nothing", async () => {
    const calls = serveFetch({
      ...queue([xPost]),
      'PATCH /api/admin/submissions/1': (body) => ({
        status: 200,
        body: {
          ...xPost,
          status: 'rejected',
          adminNotes: (body as { adminNote: string }).adminNote,
        },
      }),
    });
    renderTools();
    fireEvent.click(within(await cardOf('Ada Lovelace')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Submission' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(within(dialog).getByText('0/500')).toBeTruthy();

    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Rejection reason is required')).toBeTruthy();
    expect(requests(calls, 'PATCH', '/api/admin/submissions/1')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    expect(within(dialog).getByText('501/500')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason too long')).toBeTruthy();
    expect(requests(calls, 'PATCH', '/api/admin/submissions/1')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'The post does not mention us' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(expect.objectContaining({ title: 'Submission Rejected' })),
    );
    expect(requests(calls, 'PATCH', '/api/admin/submissions/1')[0]?.body).toEqual({
      status: 'rejected',
      adminNote: 'The post does not mention us',
    });
  });

  it('a 409 shows the server message in a destructive toast and refetches the list', async () => {
    let reviewed = false;
    const calls = serveFetch({
      'GET /api/admin/submissions?status=pending': () => ({
        status: 200,
        body: reviewed ? [] : [xPost],
      }),
      'PATCH /api/admin/submissions/1': () => {
        reviewed = true;
        return {
          status: 409,
          body: {
            code: 'NOT_PENDING',
            message: 'Only pending submissions can be approved or rejected.',
          },
        };
      },
    });
    renderTools();
    fireEvent.click(within(await cardOf('Ada Lovelace')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Submission' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Nice post' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          description: 'Only pending submissions can be approved or rejected.',
          variant: 'destructive',
        }),
      ),
    );
    expect(requests(calls, 'PATCH', '/api/admin/submissions/1')[0]?.body).toEqual({
      status: 'approved',
      adminNote: 'Nice post',
    });
    expect(await screen.findByText('No submissions to review')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Grant Credits', () => {
  const grantForm = () => screen.getByRole('form', { name: 'Grant Credits' });
  const submitGrant = () =>
    fireEvent.click(within(grantForm()).getByRole('button', { name: 'Grant Credits' }));

  async function pickAda() {
    const picker = screen.getByRole('combobox', { name: 'Member' });
    fireEvent.click(picker);
    // Empty, the picker lists the newest members.
    expect(await screen.findByRole('option', { name: /grace@example\.com/ })).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'ada' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Ada Lovelaceada@example.com',
      ]),
    );
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    expect(picker.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /Ada Lovelace/ }).id,
    );
    fireEvent.keyDown(picker, { key: 'Enter' });
    const chosen = await screen.findByTestId('selected-member');
    expect(chosen.textContent).toContain('Ada Lovelace');
    expect(chosen.textContent).toContain('ada@example.com');
  }

  const pickerRoutes = {
    'GET /api/users?search=&limit=20': { status: 200, body: members },
    'GET /api/users?search=ada&limit=20': { status: 200, body: [members[1]] },
  };

  it("shows the schema's messages under the fields and sends nothing", async () => {
    const calls = serveFetch(queue([]));
    renderTools();
    submitGrant();
    expect(await screen.findByText('Please select a user')).toBeTruthy();
    expect(screen.getByText('Amount must be at least 1 credit')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();

    const description = within(grantForm()).getByRole('textbox', { name: 'Description' });
    fireEvent.change(description, { target: { value: 'x'.repeat(51) } });
    expect(within(grantForm()).getByText('51/50')).toBeTruthy();
    fireEvent.change(within(grantForm()).getByRole('spinbutton', { name: 'Amount' }), {
      target: { value: '0' },
    });
    submitGrant();
    expect(await screen.findByText('Description must be 50 characters or less')).toBeTruthy();
    expect(screen.getByText('Amount must be at least 1 credit')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('grants to the member chosen in the picker, with an Idempotency-Key, then resets', async () => {
    const calls = serveFetch({
      ...queue([]),
      ...pickerRoutes,
      'POST /api/admin/grant-credits': (body) => ({
        status: 201,
        body: { ...(body as object), granted: true },
      }),
    });
    renderTools();
    await pickAda();
    fireEvent.change(within(grantForm()).getByRole('spinbutton', { name: 'Amount' }), {
      target: { value: '25' },
    });
    fireEvent.change(within(grantForm()).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Thanks for the bug report' },
    });
    expect(within(grantForm()).getByText('25/50')).toBeTruthy();
    submitGrant();

    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Credits Granted',
          description: '25 credits added to Ada Lovelace.',
        }),
      ),
    );
    const [grant] = requests(calls, 'POST', '/api/admin/grant-credits');
    expect(grant?.body).toEqual({
      userId: 'user-ada',
      amount: 25,
      description: 'Thanks for the bug report',
      transactionType: 'earn',
    });
    expect(grant?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    // The form is empty again, ready for the next grant.
    expect(await screen.findByRole('combobox', { name: 'Member' })).toBeTruthy();
    expect(
      (within(grantForm()).getByRole('spinbutton', { name: 'Amount' }) as HTMLInputElement).value,
    ).toBe('');
    expect(within(grantForm()).getByText('0/50')).toBeTruthy();
  });

  it("changes the chosen member's plan after a confirmation that offers to cancel their subscription", async () => {
    const calls = serveFetch({
      ...queue([]),
      ...pickerRoutes,
      'PATCH /api/admin/users/user-ada/plan': (body) => ({
        status: 200,
        body: {
          id: 'user-ada',
          email: 'ada@example.com',
          memberLevel: (body as { memberLevel: string }).memberLevel,
          planExpiresAt: null,
          planRevertsTo: null,
        },
      }),
    });
    renderTools();
    await pickAda();
    const row = screen.getByTestId('selected-member');
    const plan = within(row).getByRole('combobox', { name: 'Plan' });
    expect(plan.textContent).toContain('Pro');

    // Changing the value only asks: nothing is sent until the admin confirms.
    fireEvent.keyDown(plan, { key: 'Enter' });
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Elite' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Change Plan' });
    expect(dialog.textContent).toContain('Move Ada Lovelace (ada@example.com) from Pro to Elite?');
    expect(dialog.textContent).toContain('its next renewal puts the paid plan back');
    expect(requests(calls, 'PATCH', '/api/admin/users/user-ada/plan')).toHaveLength(0);
    const cancel = within(dialog).getByRole('switch', { name: 'Also cancel the subscription' });
    expect(cancel.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));

    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Plan Changed',
          description: 'Ada Lovelace is on Elite now, and their subscription is cancelled.',
        }),
      ),
    );
    expect(requests(calls, 'PATCH', '/api/admin/users/user-ada/plan')[0]?.body).toEqual({
      memberLevel: 'Elite',
      cancelSubscription: true,
    });
    expect(
      within(screen.getByTestId('selected-member')).getByRole('combobox', { name: 'Plan' })
        .textContent,
    ).toContain('Elite');

    // Cancel in the dialog sends nothing and keeps the plan.
    fireEvent.keyDown(
      within(screen.getByTestId('selected-member')).getByRole('combobox', { name: 'Plan' }),
      { key: 'Enter' },
    );
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Free' }),
    );
    const again = await screen.findByRole('alertdialog', { name: 'Change Plan' });
    // The subscription is cancelled now: nothing more to offer.
    expect(within(again).queryByRole('switch')).toBeNull();
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests(calls, 'PATCH', '/api/admin/users/user-ada/plan')).toHaveLength(1);
  });

  it("says 'Failed to Grant Credits' with the server's message; trying again reuses the key", async () => {
    const calls = serveFetch({
      ...queue([]),
      ...pickerRoutes,
      'POST /api/admin/grant-credits': { status: 404, body: { message: 'User not found' } },
    });
    renderTools();
    await pickAda();
    fireEvent.change(within(grantForm()).getByRole('spinbutton', { name: 'Amount' }), {
      target: { value: '5' },
    });
    fireEvent.change(within(grantForm()).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Welcome gift' },
    });
    submitGrant();
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Failed to Grant Credits',
          description: 'User not found',
          variant: 'destructive',
        }),
      ),
    );
    // The values stay for another try; the same grant keeps its key so it can never pay twice.
    expect(screen.getByTestId('selected-member').textContent).toContain('Ada Lovelace');
    submitGrant();
    await waitFor(() =>
      expect(requests(calls, 'POST', '/api/admin/grant-credits')).toHaveLength(2),
    );
    const [first, second] = requests(calls, 'POST', '/api/admin/grant-credits');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('Escape closes the list and Clear brings the search back', async () => {
    serveFetch({ ...queue([]), ...pickerRoutes });
    renderTools();
    const picker = screen.getByRole('combobox', { name: 'Member' });
    fireEvent.click(picker);
    expect(await screen.findByRole('listbox')).toBeTruthy();
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker.getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /grace@example\.com/ }));
    expect(screen.getByTestId('selected-member').textContent).toContain('grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: /^Clear selected member/ }));
    expect(screen.getByRole('combobox', { name: 'Member' })).toBeTruthy();
    expect(screen.queryByTestId('selected-member')).toBeNull();
  });
});

describe('Export Data', () => {
  it("says 'Export Failed' with the server's message", async () => {
    const calls = serveFetch({
      ...queue([]),
      'GET /api/admin/export/earnings': {
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Admin access required.' },
      },
    });
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Export Earnings' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Export Failed',
          description: 'Admin access required.',
          variant: 'destructive',
        }),
      ),
    );
    expect(requests(calls, 'GET', '/api/admin/export/earnings')).toHaveLength(1);
  });

  it('downloads the CSV under its file name', async () => {
    serveFetch({
      ...queue([]),
      'GET /api/admin/export/members': {
        status: 200,
        body: 'email,plan\r\nada@example.com,Pro\r\n',
        contentType: 'text/csv; charset=utf-8',
      },
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:members');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    renderTools();
    for (const name of ['Export Members', 'Export Video Jobs', 'Export Video Requests']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Export Members' }));

    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:members', download: 'members-export.csv' }]),
    );
    const file = createObjectURL.mock.calls[0]?.[0];
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe('email,plan\r\nada@example.com,Pro\r\n');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:members'));
    expect(toasts()).toEqual([]);
  });
});

describe('Unmatched Payments', () => {
  it('lists payments that could not be applied, with who paid, how much and why', async () => {
    serveFetch({
      ...queue(),
      'GET /api/admin/payment-events?outcome=unmatched': {
        status: 200,
        body: [
          {
            id: 'evt_test_1',
            type: 'checkout.session.completed',
            outcome: 'unmatched',
            detail: 'No pack costs $7.77.',
            userId: 'user-ada',
            email: 'payer@example.com',
            amount: 777,
            currency: 'usd',
            receivedAt: '2026-11-23T10:00:00.000Z',
          },
        ],
      },
    });
    renderTools();
    const row = await screen.findByTestId('unmatched-payment');
    expect(row.textContent).toContain('checkout.session.completed');
    expect(row.textContent).toContain('$7.77');
    expect(within(row).getByText('Nov 23, 2026', { exact: false }).tagName).toBe('TIME');
    expect(row.textContent).toContain('No pack costs $7.77.');
    expect(row.textContent).toContain('payer@example.com');
    expect(row.textContent).toContain('evt_test_1');
  });

  it('says when there is nothing to settle', async () => {
    serveFetch(queue());
    renderTools();
    expect(await screen.findByText('No unmatched payments.')).toBeTruthy();
  });

  it('shows a failed load with Retry, which loads the list again', async () => {
    let fail = true;
    serveFetch({
      ...queue(),
      'GET /api/admin/payment-events?outcome=unmatched': () =>
        fail
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { status: 200, body: [] },
    });
    renderTools();
    const alert = (await screen.findByText('Could not load payments')).closest('[role="alert"]');
    if (!(alert instanceof HTMLElement)) throw new Error('no alert around the failed payments');
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No unmatched payments.')).toBeTruthy();
  });
});

describe('Alerts', () => {
  const retired = {
    id: 3,
    title: 'Video model retired',
    message:
      'VIDEO_MODEL veo-3.1-generate-preview is no longer available. Set VIDEO_MODEL to gemini-omni-1.1-flash.',
    occurrences: 4,
    createdAt: '2026-11-20T08:00:00.000Z',
    lastSeenAt: '2026-11-23T10:30:00.000Z',
  };
  const refused = {
    id: 5,
    title: 'Image provider refusing',
    message: 'fal answered 401 to every call.',
    occurrences: 1,
    createdAt: '2026-11-23T11:00:00.000Z',
    lastSeenAt: '2026-11-23T11:00:00.000Z',
  };

  it('says "No alerts." when nothing is open', async () => {
    serveFetch(queue());
    renderTools();
    expect(await screen.findByText('No alerts.')).toBeTruthy();
  });

  it('lists each open alert with its message, how often and when it was last seen', async () => {
    serveFetch({ ...queue(), 'GET /api/admin/alerts': { status: 200, body: [retired, refused] } });
    renderTools();
    const rows = await screen.findAllByTestId('operator-alert');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Video model retired' })).toBeTruthy();
    expect(first.textContent).toContain('Set VIDEO_MODEL to gemini-omni-1.1-flash.');
    expect(first.textContent).toContain('Seen 4 times');
    expect(within(first).getByText('Nov 23, 2026', { exact: false }).tagName).toBe('TIME');
    expect(second.textContent).toContain('Seen once');
    expect(screen.queryByText('No alerts.')).toBeNull();
  });

  it('dismisses one, which leaves the list', async () => {
    let open = [retired, refused];
    const calls = serveFetch({
      ...queue(),
      'GET /api/admin/alerts': () => ({ status: 200, body: open }),
      'POST /api/admin/alerts/3/dismiss': () => {
        open = [refused];
        return { status: 200, body: { dismissed: true } };
      },
    });
    renderTools();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss Video model retired' }));
    await waitFor(() => expect(screen.getAllByTestId('operator-alert')).toHaveLength(1));
    expect(screen.queryByText('Video model retired')).toBeNull();
    expect(requests(calls, 'POST', '/api/admin/alerts/3/dismiss')).toHaveLength(1);
    expect(toasts()).toEqual([]);
  });

  it('treats an alert another admin dismissed as dismissed', async () => {
    let open = [retired];
    serveFetch({
      ...queue(),
      'GET /api/admin/alerts': () => ({ status: 200, body: open }),
      'POST /api/admin/alerts/3/dismiss': () => {
        open = [];
        return { status: 404, body: { message: 'Alert not found', code: 'NOT_FOUND' } };
      },
    });
    renderTools();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss Video model retired' }));
    expect(await screen.findByText('No alerts.')).toBeTruthy();
    expect(toasts()).toEqual([]);
  });

  it("says 'Failed to Dismiss Alert' with the server's message and keeps the alert", async () => {
    serveFetch({
      ...queue(),
      'GET /api/admin/alerts': { status: 200, body: [retired] },
      'POST /api/admin/alerts/3/dismiss': {
        status: 500,
        body: { message: 'Database unavailable' },
      },
    });
    renderTools();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss Video model retired' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Failed to Dismiss Alert',
          description: 'Database unavailable',
          variant: 'destructive',
        }),
      ),
    );
    expect(screen.getByTestId('operator-alert')).toBeTruthy();
  });
});
