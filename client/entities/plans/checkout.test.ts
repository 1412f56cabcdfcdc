// Where a checkout button goes for each deployment and member: the server's checkout, the
// configured link carrying the member, or the demo alert (a visitor, an unknown pack, no link).
import type { ClientConfig } from '@shared/schemas/client-config';
import { describe, expect, it } from 'vitest';
import { testClientConfig } from '@/entities/client-config/test-config';
import { checkoutRoute } from './checkout';

const member = { id: 'user-7', email: 'ana+shop@example.com' };

const withLinks: ClientConfig = {
  ...testClientConfig,
  paymentLinks: {
    ...testClientConfig.paymentLinks,
    pro: 'https://buy.stripe.com/pro?prefilled_promo_code=LAUNCH',
    packs: { ...testClientConfig.paymentLinks.packs, power: 'not a link' },
  },
};

describe('checkoutRoute', () => {
  it('goes to the configured link with the member id and email, keeping its own parameters', () => {
    const route = checkoutRoute('pro', { config: withLinks, member });
    if (route.kind !== 'link') throw new Error(`expected a link, got ${route.kind}`);
    const url = new URL(route.href);
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/pro');
    expect(url.searchParams.get('prefilled_promo_code')).toBe('LAUNCH');
    expect(url.searchParams.get('client_reference_id')).toBe('user-7');
    expect(url.searchParams.get('prefilled_email')).toBe('ana+shop@example.com');
  });

  it('asks the server for a checkout when it makes them, whatever links exist', () => {
    expect(
      checkoutRoute('ultimate', { config: { ...withLinks, checkoutSessions: true }, member }),
    ).toEqual({ kind: 'session', product: 'ultimate' });
  });

  it('shows the demo alert to a visitor, even where a checkout exists', () => {
    expect(checkoutRoute('pro', { config: withLinks, member: null })).toEqual({ kind: 'demo' });
    expect(
      checkoutRoute('pro', { config: { ...withLinks, checkoutSessions: true }, member: null }),
    ).toEqual({ kind: 'demo' });
  });

  it('shows the demo alert for an unknown pack', () => {
    expect(
      checkoutRoute('mega', { config: { ...withLinks, checkoutSessions: true }, member }),
    ).toEqual({ kind: 'demo' });
  });

  it('shows the demo alert where no link is configured, or the setting is not a link', () => {
    expect(checkoutRoute('elite', { config: withLinks, member })).toEqual({ kind: 'demo' });
    expect(checkoutRoute('power', { config: withLinks, member })).toEqual({ kind: 'demo' });
    expect(checkoutRoute('starter', { config: undefined, member })).toEqual({ kind: 'demo' });
  });
});
