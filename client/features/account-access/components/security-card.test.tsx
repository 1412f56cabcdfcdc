import { ACCOUNT_MESSAGES, type AccountSession } from '@shared/schemas/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { makeMember } from '@/entities/session/test-members';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { PASSWORDS_DIFFER } from '../account-forms';
import { SecurityCard } from './security-card';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const thisLaptop: AccountSession = {
  id: 's-here',
  current: true,
  device: 'Firefox on Linux',
  ipAddress: '203.0.113.5',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastSeenAt: '2026-03-02T10:00:00.000Z',
};
const phone: AccountSession = {
  id: 's-phone',
  current: false,
  device: 'Safari on iOS',
  ipAddress: '198.51.100.7',
  createdAt: '2026-02-01T09:00:00.000Z',
  lastSeenAt: '2026-02-20T18:30:00.000Z',
};
const tablet: AccountSession = {
  id: 's-tablet',
  current: false,
  device: null,
  ipAddress: null,
  createdAt: '2026-01-01T09:00:00.000Z',
  lastSeenAt: '2026-01-05T08:00:00.000Z',
};

type Routes = Record<string, FakeReply | ((body: unknown) => FakeReply)>;

/** The server's sessions, which the sign-out routes change, and a change of email nobody asked for. */
function sessionRoutes(extra: Routes = {}): Routes {
  let sessions = [thisLaptop, phone, tablet];
  return {
    'GET /api/account/sessions': () => ({ status: 200, body: sessions }),
    'GET /api/account/email': { status: 200, body: { email: 'ada@example.com', pending: null } },
    'DELETE /api/account/sessions/s-phone': () => {
      sessions = sessions.filter((session) => session.id !== 's-phone');
      return { status: 200, body: { message: 'That session has been signed out.' } };
    },
    'POST /api/account/sessions/sign-out-others': () => {
      sessions = sessions.filter((session) => session.current);
      return { status: 200, body: { message: ACCOUNT_MESSAGES.signedOutOthers } };
    },
    ...extra,
  };
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SecurityCard user={makeMember('Pro')} />
    </QueryClientProvider>,
  );
  return screen
    .getByRole('heading', { name: 'Security' })
    .closest('[data-slot="card"]') as HTMLElement;
}

const passwordForm = () => screen.getByRole('form', { name: 'Change password' });
const emailForm = () => screen.getByRole('form', { name: 'Change email address' });
const sessionRows = () => screen.getAllByTestId('account-session');
const toasts = () => vi.mocked(toast).mock.calls.map(([input]) => input);

function fill(form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  }
}

describe('Security card', () => {
  it('changes the password: sends current and new, toasts the message and refreshes the sessions', async () => {
    const calls = serveFetch(
      sessionRoutes({
        'POST /api/account/password': {
          status: 200,
          body: { message: ACCOUNT_MESSAGES.passwordChanged },
        },
      }),
    );
    renderCard();
    await waitFor(() => expect(sessionRows()).toHaveLength(3));
    fill(passwordForm(), {
      'Current password': 'old-secret-1',
      'New password': 'new-secret-22',
      'Repeat new password': 'new-secret-22',
    });
    fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ description: ACCOUNT_MESSAGES.passwordChanged }),
      ),
    );
    expect(calls.find((call) => call.url === '/api/account/password')?.body).toEqual({
      currentPassword: 'old-secret-1',
      newPassword: 'new-secret-22',
    });
    // The form is empty again, and the list was asked for again.
    expect(
      (within(passwordForm()).getByLabelText('Current password') as HTMLInputElement).value,
    ).toBe('');
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/account/sessions')).toHaveLength(2),
    );
  });

  it('refuses different new passwords before sending, and puts a wrong current password on its field', async () => {
    const calls = serveFetch(
      sessionRoutes({
        'POST /api/account/password': {
          status: 400,
          body: {
            code: 'WRONG_PASSWORD',
            field: 'currentPassword',
            message: ACCOUNT_MESSAGES.wrongPassword,
          },
        },
      }),
    );
    renderCard();
    fill(passwordForm(), {
      'Current password': 'not-it',
      'New password': 'new-secret-22',
      'Repeat new password': 'new-secret-23',
    });
    fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));
    expect(await within(passwordForm()).findByText(PASSWORDS_DIFFER)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account/password')).toBe(false);

    fill(passwordForm(), { 'Repeat new password': 'new-secret-22' });
    fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));
    const current = within(passwordForm()).getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(current.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect(toasts()).toHaveLength(0);
  });

  it('changes the email address: says a link was sent if the address can be used, shows the change waiting, and cancels it', async () => {
    let pending: { email: string; expiresAt: string } | null = null;
    let reply: FakeReply = { status: 202, body: { message: ACCOUNT_MESSAGES.emailChangeSent } };
    const calls = serveFetch(
      sessionRoutes({
        'GET /api/account/email': () => ({
          status: 200,
          body: { email: 'ada@example.com', pending },
        }),
        'POST /api/account/email': () => {
          if (reply.status === 202) {
            pending = { email: 'ada@newmail.example', expiresAt: '2026-03-03T10:00:00.000Z' };
          }
          return reply;
        },
        'DELETE /api/account/email': () => {
          pending = null;
          return { status: 200, body: { message: ACCOUNT_MESSAGES.emailChangeCancelled } };
        },
      }),
    );
    renderCard();
    expect(screen.queryByTestId('pending-email-change')).toBeNull();
    fill(emailForm(), {
      'New email address': 'Ada@NewMail.example',
      'Current password': 'old-secret-1',
    });
    fireEvent.click(within(emailForm()).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await within(emailForm()).findByText(
        'If that address can be used, we sent it a link. Your email address changes when you click it.',
      ),
    ).toBeTruthy();
    expect(
      calls.find((call) => call.url === '/api/account/email' && call.method === 'POST')?.body,
    ).toEqual({
      email: 'ada@newmail.example',
      currentPassword: 'old-secret-1',
    });
    const waiting = await screen.findByTestId('pending-email-change');
    expect(waiting.textContent).toContain('Waiting for confirmation from ada@newmail.example');

    fireEvent.click(
      within(waiting).getByRole('button', { name: 'Cancel the change to ada@newmail.example' }),
    );
    await waitFor(() => expect(screen.queryByTestId('pending-email-change')).toBeNull());
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url === '/api/account/email'),
    ).toBe(true);
    expect(toasts()).toContainEqual(
      expect.objectContaining({ description: ACCOUNT_MESSAGES.emailChangeCancelled }),
    );

    reply = {
      status: 400,
      body: { code: 'SAME_EMAIL', message: ACCOUNT_MESSAGES.sameEmail, field: 'email' },
    };
    fill(emailForm(), { 'New email address': 'ada@example.com', 'Current password': 'pw' });
    fireEvent.click(within(emailForm()).getByRole('button', { name: 'Send confirmation link' }));
    const email = within(emailForm()).getByLabelText('New email address');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(emailForm()).getByText(ACCOUNT_MESSAGES.sameEmail)).toBeTruthy();
  });

  it('lists the sessions, this device first, and signs one out, then every other', async () => {
    const calls = serveFetch(sessionRoutes());
    renderCard();
    await waitFor(() => expect(sessionRows()).toHaveLength(3));
    const [first, second, third] = sessionRows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Firefox on Linux');
    expect(within(first).getByText('This device')).toBeTruthy();
    expect(first.textContent).toContain('203.0.113.5');
    expect(first.textContent).toContain('Last seen');
    expect(within(second).queryByText('This device')).toBeNull();
    expect(second.textContent).toContain('Safari on iOS');
    expect(third.textContent).toContain('Unknown device');
    expect(third.textContent).toContain('Unknown address');

    fireEvent.click(within(second).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(sessionRows()).toHaveLength(2));
    expect(
      calls.some(
        (call) => call.method === 'DELETE' && call.url === '/api/account/sessions/s-phone',
      ),
    ).toBe(true);
    expect(toasts()).toContainEqual(
      expect.objectContaining({ description: 'That session has been signed out.' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(sessionRows()).toHaveLength(1));
    expect(toasts()).toContainEqual(
      expect.objectContaining({ description: ACCOUNT_MESSAGES.signedOutOthers }),
    );
    // Nobody else is left to sign out.
    expect(
      (screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});
