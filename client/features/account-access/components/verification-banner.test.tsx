import { ACCOUNT_MESSAGES } from '@shared/schemas/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { makeMember } from '@/entities/session/test-members';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { VerificationBanner } from './verification-banner';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const unverified = { ...makeMember('Free'), emailVerified: false };

function renderBanner(user = unverified) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <VerificationBanner user={user} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const resendButton = () => screen.getByRole('button', { name: /Resend link|Link sent|Sending/ });

describe('Verification banner', () => {
  it('is not there once the address is verified', () => {
    renderBanner(makeMember('Free'));
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  });

  it('asks to verify the address, resends the link once and toasts what the server said', async () => {
    const calls = serveFetch({
      'POST /api/auth/verify-email/resend': {
        status: 200,
        body: { message: ACCOUNT_MESSAGES.verificationSent },
      },
    });
    renderBanner();
    const banner = screen.getByRole('region', { name: 'Email verification' });
    expect(banner.textContent).toContain(
      'Please verify your email address (ada@example.com) to earn credits and publish videos.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenCalledWith(
        expect.objectContaining({ description: ACCOUNT_MESSAGES.verificationSent }),
      ),
    );
    // Resting: a second click sends nothing.
    expect(resendButton().textContent).toBe('Link sent');
    expect(resendButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(resendButton());
    expect(calls.filter((call) => call.url === '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('says when the server asks to wait, and refreshes the member when already verified', async () => {
    let reply: FakeReply = {
      status: 429,
      body: { message: 'Too many requests. Please wait a minute.', code: 'RATE_LIMITED' },
    };
    serveFetch({ 'POST /api/auth/verify-email/resend': () => reply });
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenCalledWith(
        expect.objectContaining({
          description: 'Too many requests. Please wait a minute.',
          variant: 'destructive',
        }),
      ),
    );
    expect(resendButton().getAttribute('aria-disabled')).toBe('true');

    cleanup();
    reply = {
      status: 409,
      body: { code: 'ALREADY_VERIFIED', message: ACCOUNT_MESSAGES.alreadyVerified },
    };
    const queryClient = renderBanner();
    queryClient.setQueryData(sessionKeys.user(), unverified);
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenCalledWith(
        expect.objectContaining({ description: ACCOUNT_MESSAGES.alreadyVerified }),
      ),
    );
    // The session user here is out of date: the next look at it fetches it again.
    await waitFor(() =>
      expect(queryClient.getQueryState(sessionKeys.user())?.isInvalidated).toBe(true),
    );
  });
});
