import { ACCOUNT_MESSAGES } from '@shared/schemas/auth';
import { cleanup, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFetch } from '@/lib/test-fetch';
import { renderAt } from '../test-render';
import { VerifyEmailPage } from './verify-email-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Verify email page', () => {
  it('posts the token once at once, says Verifying…, then the message and a way into the app', async () => {
    let answer: (reply: Response) => void = () => {};
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    renderAt(
      '/verify-email?token=tok-9',
      <StrictMode>
        <VerifyEmailPage signedIn={true} />
      </StrictMode>,
    );
    expect(screen.getByRole('status').textContent).toContain('Verifying…');
    expect(screen.queryByRole('link', { name: 'Continue to Reelforge' })).toBeNull();
    answer(new Response(JSON.stringify({ message: ACCOUNT_MESSAGES.verified }), { status: 200 }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.verified)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(ACCOUNT_MESSAGES.verified);
    expect(screen.getByRole('link', { name: 'Continue to Reelforge' }).getAttribute('href')).toBe(
      '/',
    );
    // StrictMode mounts twice; a token works once, so it is sent once.
    expect(calls).toEqual([
      { url: '/api/auth/verify-email', method: 'POST', body: { token: 'tok-9' } },
    ]);
  });

  it('confirms a change of address and offers sign in to a visitor', async () => {
    serveFetch({
      'POST /api/auth/verify-email': {
        status: 200,
        body: { message: ACCOUNT_MESSAGES.emailChanged },
      },
    });
    renderAt('/verify-email?token=tok-2', <VerifyEmailPage signedIn={false} />);
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's words for an invalid link", async () => {
    serveFetch({
      'POST /api/auth/verify-email': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: ACCOUNT_MESSAGES.verifyLinkInvalid },
      },
    });
    renderAt('/verify-email?token=old', <VerifyEmailPage signedIn={false} />);
    expect(await screen.findByText(ACCOUNT_MESSAGES.verifyLinkInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('says a link without a token is invalid without asking the server', () => {
    const calls = serveFetch({});
    renderAt('/verify-email', <VerifyEmailPage signedIn={null} />);
    expect(screen.getByText(ACCOUNT_MESSAGES.verifyLinkInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
