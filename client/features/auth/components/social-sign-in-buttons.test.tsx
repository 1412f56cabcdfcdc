import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { testClientConfig } from '@/entities/client-config/test-config';
import { createQueryClient } from '@/lib/query-client';
import { serveFetch } from '@/lib/test-fetch';
import { LoginPage } from './login-page';

/** The login page at `address`, for a visitor, on a server offering `socialProviders`. */
function renderLogin(address: string, socialProviders: Array<'google' | 'github'>) {
  const calls = serveFetch({
    'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } },
    'GET /api/client-config': { status: 200, body: { ...testClientConfig, socialProviders } },
  });
  const [path = '/login', search = ''] = address.split('?');
  const location = memoryLocation({ path, searchPath: search, static: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LoginPage />
      </Router>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the login page’s Google and GitHub buttons', () => {
  it('links each offered provider’s start, carrying the referral code and where to land', async () => {
    renderLogin('/login?ref=ADA123&redirect=profile&tab=earn', ['google', 'github']);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    const github = screen.getByRole('link', { name: 'Continue with GitHub' });
    const params = new URLSearchParams({ ref: 'ADA123', redirect: '/?tab=profile&section=earn' });
    expect(google.getAttribute('href')).toBe(`/api/auth/social/google?${params}`);
    expect(github.getAttribute('href')).toBe(`/api/auth/social/github?${params}`);
  });

  it('links the plain start when the address carries nothing', async () => {
    renderLogin('/login', ['github']);
    const github = await screen.findByRole('link', { name: 'Continue with GitHub' });
    expect(github.getAttribute('href')).toBe('/api/auth/social/github');
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  it('shows no button when the server offers none', async () => {
    const calls = renderLogin('/login', []);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/client-config')).toBe(true));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  it('says in words why a provider sign-in came back refused', async () => {
    renderLogin('/login?error=provider_email_unverified&provider=google', ['google']);
    expect(
      await screen.findByText(
        "Google has not verified this email address, so it can't be used to sign in. Please verify it with Google, or use your email and password.",
      ),
    ).toBeTruthy();
  });

  it('tells a member with an unverified address how to link it', async () => {
    renderLogin('/login?error=local_email_unverified&provider=github', ['github']);
    expect(
      await screen.findByText(/its address isn't verified yet\. Please sign in with your password/),
    ).toBeTruthy();
  });

  it('shows no words a link made up', async () => {
    renderLogin('/login?error=Your+account+is+locked.+Call+us&provider=google', ['google']);
    await screen.findByRole('link', { name: 'Continue with Google' });
    expect(screen.queryByText(/locked/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
