// The Profile's billing rows: hidden for a member who never paid; for one who has, their
// membership's renewal or end and 'Manage billing', which goes where the server says.
import type { BillingSummary } from '@shared/schemas/billing';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { BillingSettings, subscriptionText } from './billing-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const portalSession: FakeReply = {
  status: 200,
  body: { url: 'https://billing.stripe.com/p/session/test_1' },
};

function renderBilling(summary: BillingSummary, portal: FakeReply = portalSession) {
  const calls = serveFetch({
    'GET /api/billing': { status: 200, body: summary },
    'POST /api/billing/portal': portal,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BillingSettings />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

describe('billing settings', () => {
  it('shows nothing to a member who never paid', async () => {
    const calls = renderBilling({ hasPaid: false, canManageBilling: false, subscription: null });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Manage billing/ })).toBeNull();
  });

  it('opens the portal for a member who has paid, and says when the plan renews', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderBilling({
      hasPaid: true,
      canManageBilling: true,
      subscription: { plan: 'Pro', renewsAt: '2026-12-23T10:00:00.000Z', endsAt: null },
    });
    expect((await screen.findByTestId('subscription-status')).textContent).toBe(
      'Pro · renews Dec 23, 2026',
    );
    fireEvent.click(screen.getByRole('button', { name: /Manage billing/ }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'),
    );
  });

  it('says why the portal did not open', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderBilling(
      { hasPaid: true, canManageBilling: true, subscription: null },
      {
        status: 404,
        body: { code: 'NO_BILLING_ACCOUNT', message: 'You have no payments to manage yet.' },
      },
    );
    const manage = await screen.findByRole('button', { name: /Manage billing/ });
    fireEvent.click(manage);
    expect(await screen.findByText('Billing Unavailable')).toBeTruthy();
    expect(screen.getByText('You have no payments to manage yet.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(manage.hasAttribute('disabled')).toBe(false));
  });

  it('names the end of a cancelled membership', () => {
    expect(
      subscriptionText({
        hasPaid: true,
        canManageBilling: true,
        subscription: { plan: 'Elite', renewsAt: null, endsAt: '2027-01-05T12:00:00.000Z' },
      }),
    ).toBe('Elite · ends Jan 5, 2027, then Free');
  });
});
