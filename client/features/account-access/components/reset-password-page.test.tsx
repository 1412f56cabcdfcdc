import { ACCOUNT_MESSAGES } from '@shared/schemas/auth';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { makeMember } from '@/entities/session/test-members';
import { serveFetch } from '@/lib/test-fetch';
import { PASSWORDS_DIFFER } from '../account-forms';
import { renderAt } from '../test-render';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

function choose(password: string, repeat: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('Reset password page', () => {
  it('refuses two different passwords, and a short one, before sending anything', async () => {
    const calls = serveFetch({});
    renderAt('/reset-password?token=tok-1', <ResetPasswordPage />);
    choose('horse-battery-staple', 'horse-battery-stapel');
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeTruthy();
    expect(screen.getByLabelText('Repeat new password').getAttribute('aria-invalid')).toBe('true');

    choose('short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the token and the new password, then opens the app signed in', async () => {
    const member = makeMember('Pro');
    const calls = serveFetch({
      'POST /api/auth/password-reset/confirm': { status: 200, body: member },
    });
    const { history, queryClient } = renderAt('/reset-password?token=tok-1', <ResetPasswordPage />);
    choose('horse-battery-staple', 'horse-battery-staple');
    await waitFor(() => expect(history?.at(-1)).toBe('/'));
    expect(calls).toMatchObject([
      {
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        body: { token: 'tok-1', password: 'horse-battery-staple' },
      },
    ]);
    expect(queryClient.getQueryData(sessionKeys.user())).toEqual(member);
    expect(vi.mocked(toast)).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Password Changed' }),
    );
  });

  it("shows the server's words for a used link and leads to asking for a new one", async () => {
    serveFetch({
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: ACCOUNT_MESSAGES.resetLinkInvalid },
      },
    });
    const { history } = renderAt('/reset-password?token=used', <ResetPasswordPage />);
    choose('horse-battery-staple', 'horse-battery-staple');
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetLinkInvalid)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(history?.at(-1)).toBe('/forgot-password');
  });

  it('puts the password rule on its field when the server names it', async () => {
    serveFetch({
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          field: 'password',
          message: 'Password must be at most 128 characters.',
        },
      },
    });
    renderAt('/reset-password?token=tok-1', <ResetPasswordPage />);
    choose('horse-battery-staple', 'horse-battery-staple');
    expect(await screen.findByText('Password must be at most 128 characters.')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('says a link without a token is invalid without asking the server', () => {
    const calls = serveFetch({});
    renderAt('/reset-password', <ResetPasswordPage />);
    expect(screen.getByText(ACCOUNT_MESSAGES.resetLinkInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
