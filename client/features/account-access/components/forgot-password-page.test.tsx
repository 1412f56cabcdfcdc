import { ACCOUNT_MESSAGES } from '@shared/schemas/auth';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFetch } from '@/lib/test-fetch';
import { renderAt } from '../test-render';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function ask(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('Forgot password page', () => {
  it('shows the same message for any address and links back to sign in', async () => {
    const calls = serveFetch({
      'POST /api/auth/password-reset/request': {
        status: 200,
        body: { message: ACCOUNT_MESSAGES.resetRequested },
      },
    });
    renderAt('/forgot-password', <ForgotPasswordPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/login',
    );

    ask('  Ada@Example.com ');
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetRequested)).toBeTruthy();
    expect(calls).toMatchObject([
      {
        method: 'POST',
        url: '/api/auth/password-reset/request',
        body: { email: 'ada@example.com' },
      },
    ]);

    // Another address, one with no account: word for word the same answer.
    fireEvent.click(screen.getByRole('button', { name: 'Send another link' }));
    ask('nobody@example.com');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetRequested)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(ACCOUNT_MESSAGES.resetRequested);
  });

  it('checks the address before asking and shows a refusal in words', async () => {
    const calls = serveFetch({
      'POST /api/auth/password-reset/request': {
        status: 429,
        body: { message: 'Too many requests. Please wait a minute.', code: 'RATE_LIMITED' },
      },
    });
    renderAt('/forgot-password', <ForgotPasswordPage />);
    ask('not an address');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    ask('ada@example.com');
    expect(await screen.findByText('Too many requests. Please wait a minute.')).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_MESSAGES.resetRequested)).toBeNull();
  });
});
