// Profile → Connections as a member and an admin see it: back from a platform, the code in the
// address becomes our own sentence (a made-up text in the address is never shown); a platform the
// operator has not set up reads as not available, and only an admin's list names the settings.
import type { Connection } from '@shared/schemas/publishing';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { makeConnection, testConnections } from '@/entities/publications/test-publishing';
import { createQueryClient } from '@/lib/query-client';
import { serveFetch } from '@/lib/test-fetch';
import { ConnectionsCard } from './connections-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The card at `address`, with the list GET /api/connections answers. */
function renderCard(address: string, connections: Connection[] = testConnections) {
  window.history.replaceState(null, '', address);
  serveFetch({ 'GET /api/connections': { status: 200, body: connections } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      {/* Listening before the card raises its toast, as in the app, where it is up before Profile. */}
      <Toaster />
      <ConnectionsCard />
    </QueryClientProvider>,
  );
}

const unset = (setupHint: string | null): Connection[] => [
  ...testConnections.slice(0, 2),
  makeConnection({ platform: 'instagram', available: false, setupHint }),
];

describe('coming back from a platform', () => {
  it('says what the code in the address means, in our words', async () => {
    renderCard('/?tab=profile&section=connections&platform=youtube&connectionError=access_denied');
    expect(await screen.findByText('YouTube Not Connected')).toBeTruthy();
    expect(
      screen.getByText('YouTube did not give Reelforge access. Nothing was connected.'),
    ).toBeTruthy();
    // Said once: the address forgets it.
    expect(window.location.search).toBe('?tab=profile&section=connections');
  });

  it('says a general sentence for a code it does not know, never the address’s text', async () => {
    renderCard('/?platform=tiktok&connectionError=Your+account+is+locked.+Call+0800+123+456+now');
    expect(await screen.findByText('TikTok Not Connected')).toBeTruthy();
    expect(screen.getByText('TikTok could not be connected. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/locked|0800/)).toBeNull();
  });
});

describe('a platform the operator has not set up', () => {
  it('reads as not available to a member, naming no setting', async () => {
    renderCard('/?tab=profile', unset(null));
    const row = await screen.findByTestId('connection-instagram');
    expect(within(row).getByText('Instagram is not available on this server yet.')).toBeTruthy();
    expect(row.textContent).not.toMatch(/_APP_|_SECRET|docs\//);
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('also tells an admin which settings to set', async () => {
    const hint =
      "Set INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET in the server's environment (docs/publishing.md).";
    renderCard('/?tab=profile', unset(hint));
    const row = await screen.findByTestId('connection-instagram');
    expect(within(row).getByText('Instagram is not available on this server yet.')).toBeTruthy();
    expect(row.textContent).toContain(`For admins: ${hint}`);
  });
});
