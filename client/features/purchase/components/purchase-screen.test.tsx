// The Purchase Credits screen as each plan sees it: the memberships with their prices and the
// member's own plan marked, the packs, where each button goes (a link carrying the member, the
// server's checkout, or the demo alert) and why a checkout did not open, the checkout banner, and
// Need Help's way to support.

import { DEMO_CHECKOUT_MESSAGE } from '@shared/schemas/billing';
import type { ClientConfig } from '@shared/schemas/client-config';
import type { Tier } from '@shared/tiers';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { testClientConfig } from '@/entities/client-config/test-config';
import { makeMember } from '@/entities/session/test-members';
import { AppNavigationContext } from '@/lib/app-navigation';
import type { CheckoutResult } from '@/lib/app-tabs';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { PurchaseScreen } from './purchase-screen';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const withLinks: ClientConfig = {
  ...testClientConfig,
  paymentLinks: {
    pro: 'https://buy.stripe.com/pro',
    elite: 'https://buy.stripe.com/elite',
    packs: {
      starter: null,
      creator: 'https://buy.stripe.com/creator?prefilled_promo_code=HELLO',
      power: 'https://buy.stripe.com/power',
      ultimate: 'https://buy.stripe.com/ultimate',
    },
  },
};

function renderPurchase(
  level: Tier,
  options: {
    config?: ClientConfig;
    checkoutResult?: CheckoutResult | null;
    /** The server's answer to POST /api/billing/checkout; by default a session for the product. */
    checkout?: FakeReply;
  } = {},
) {
  const calls = serveFetch({
    'GET /api/client-config': { status: 200, body: options.config ?? testClientConfig },
    'POST /api/billing/checkout': (body) =>
      options.checkout ?? {
        status: 200,
        body: {
          url: `https://checkout.stripe.com/c/pay/cs_test_${(body as { product: string }).product}`,
        },
      },
  });
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppNavigationContext.Provider value={{ tab: 'purchase', navigate }}>
        <PurchaseScreen user={makeMember(level)} checkoutResult={options.checkoutResult} />
      </AppNavigationContext.Provider>
    </QueryClientProvider>,
  );
  return { calls, navigate };
}

const plan = (id: string) => screen.getByTestId(`plan-${id}`);
const pack = (id: string) => screen.getByTestId(`pack-${id}`);

describe('Purchase Credits', () => {
  it('shows both memberships with struck-through prices and Pro as Most Popular', () => {
    renderPurchase('Free');
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase Credits' })).toBeTruthy();
    const pro = plan('pro');
    expect(pro.textContent).toContain('Most Popular');
    expect(pro.textContent).toContain('$29.99');
    expect(within(pro).getByText('$45.99', { exact: false }).closest('s')).toBeTruthy();
    expect(pro.textContent).toContain('Limited time. About $0.20 per video.');
    for (const feature of ['Scene remixing', 'Priority queue', 'Email support']) {
      expect(pro.textContent).toContain(feature);
    }
    const elite = plan('elite');
    expect(elite.textContent).not.toContain('Most Popular');
    expect(within(elite).getByText('$99.99', { exact: false }).closest('s')).toBeTruthy();
    for (const feature of [
      'Custom watermark',
      'Highest priority queue',
      'Commercial rights',
      'Priority support',
    ]) {
      expect(elite.textContent).toContain(feature);
    }
  });

  it('lists the four packs with their price per credit, Ultimate as Best Value', () => {
    renderPurchase('Free');
    expect(pack('starter').textContent).toContain('about $0.33 per credit');
    expect(pack('creator').textContent).toContain('$5');
    expect(pack('power').textContent).toContain('30');
    expect(pack('ultimate').textContent).toContain('Best Value');
    expect(pack('ultimate').textContent).toContain('$0.25 per credit');
    expect(pack('ultimate').textContent).not.toContain('about');
  });

  it.each([
    ['Free', ['Upgrade to Pro', 'Upgrade to Elite'], null],
    ['Pro', ['Upgrade to Elite'], 'pro'],
    ['Elite', [], 'elite'],
  ] as const)('for a %s member offers %j and marks their plan', async (level, offers, current) => {
    renderPurchase(level);
    const upgrades = screen
      .queryAllByRole('button', { name: /^Upgrade to/ })
      .map((button) => button.textContent);
    expect(upgrades).toEqual(offers);
    if (current) {
      const mine = plan(current);
      expect(within(mine).getByRole('button', { name: 'Current Plan' })).toHaveProperty(
        'disabled',
        true,
      );
      expect(mine.textContent).toContain('Your plan');
    }
    // Nothing left to offer Elite: a thank-you instead, and only there.
    const thanks = screen.queryByText("You're on our highest tier. Thank you!");
    expect(thanks !== null).toBe(level === 'Elite');
  });

  it('sends each configured pack to its checkout with the member id and email', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPurchase('Free', { config: withLinks });
    const creator = within(pack('creator')).getByRole('button', { name: 'Buy Creator' });
    await waitFor(() => expect(creator.hasAttribute('disabled')).toBe(false));
    fireEvent.click(creator);
    const url = new URL(assign.mock.calls[0]?.[0] ?? '');
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/creator');
    expect(url.searchParams.get('prefilled_promo_code')).toBe('HELLO');
    expect(url.searchParams.get('client_reference_id')).toBe('u1');
    expect(url.searchParams.get('prefilled_email')).toBe('ada@example.com');
  });

  it('shows the demo alert where no checkout is configured, and processes nothing', async () => {
    const { calls } = renderPurchase('Free', { config: withLinks });
    const starter = within(pack('starter')).getByRole('button', { name: 'Buy Starter' });
    await waitFor(() => expect(starter.hasAttribute('disabled')).toBe(false));
    fireEvent.click(starter);
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain(DEMO_CHECKOUT_MESSAGE);
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("goes to the server's checkout when the server makes them", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = renderPurchase('Pro', {
      config: { ...withLinks, checkoutSessions: true },
    });
    const upgrade = within(plan('elite')).getByRole('button', { name: 'Upgrade to Elite' });
    await waitFor(() => expect(upgrade.hasAttribute('disabled')).toBe(false));
    fireEvent.click(upgrade);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_elite'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/billing/checkout', body: { product: 'elite' } }),
    ]);
    // Busy until the page is left; back from Stripe (the page restored as it was), ready again.
    expect(upgrade.getAttribute('aria-busy')).toBe('true');
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    await waitFor(() => expect(upgrade.hasAttribute('aria-busy')).toBe(false));
    expect(upgrade.hasAttribute('disabled')).toBe(false);
  });

  it("says why the server's checkout did not open, and stays ready for another try", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPurchase('Free', {
      config: { ...testClientConfig, checkoutSessions: true },
      checkout: {
        status: 409,
        body: { code: 'ALREADY_ON_PLAN', message: "You're on Pro already." },
      },
    });
    const upgrade = within(plan('pro')).getByRole('button', { name: 'Upgrade to Pro' });
    await waitFor(() => expect(upgrade.hasAttribute('disabled')).toBe(false));
    fireEvent.click(upgrade);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Checkout Unavailable',
          description: "You're on Pro already.",
          variant: 'destructive',
        }),
      ),
    );
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(upgrade.hasAttribute('disabled')).toBe(false));
    expect(upgrade.hasAttribute('aria-busy')).toBe(false);
  });

  it('says how a checkout went when the member comes back from one', () => {
    renderPurchase('Free', { checkoutResult: 'success' });
    expect(screen.getByRole('status').textContent).toContain('Your payment went through');
    cleanup();
    renderPurchase('Free', { checkoutResult: 'cancelled' });
    expect(screen.getByRole('status').textContent).toContain('Nothing was charged.');
  });

  it('answers the FAQ, and Need Help goes to support after 100 ms', () => {
    const { navigate } = renderPurchase('Free');
    fireEvent.click(screen.getByRole('button', { name: 'Do credits expire?' }));
    expect(screen.getByText(/Credits you buy never expire/)).toBeTruthy();
    for (const question of [
      'Can I transfer credits to someone else?',
      'Can I get a refund?',
      'Do memberships renew automatically?',
      "What happens to this month's generations when I change plans?",
    ]) {
      expect(screen.getByRole('button', { name: question })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Contact Support' }));
    expect(navigate).toHaveBeenCalledWith('profile', { anchor: 'support', delayMs: 100 });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(navigate).toHaveBeenLastCalledWith('dashboard');
  });
});
