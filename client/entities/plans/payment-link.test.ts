import type { PaymentLinks } from '@shared/schemas/client-config';
import { describe, expect, it } from 'vitest';
import { paymentLink, upgradeTarget, withClientReference } from './payment-link';

const links: PaymentLinks = {
  pro: 'https://buy.stripe.com/pro123',
  elite: 'https://buy.stripe.com/elite456?prefilled_promo_code=LAUNCH',
  packs: {
    starter: 'https://buy.stripe.com/starter',
    creator: null,
    power: 'https://buy.stripe.com/power',
    ultimate: 'https://buy.stripe.com/ultimate',
  },
};

describe('paymentLink', () => {
  it('appends the member id as client_reference_id', () => {
    expect(paymentLink(links, 'pro', 'user-42')).toBe(
      'https://buy.stripe.com/pro123?client_reference_id=user-42',
    );
  });

  it("keeps the link's own parameters", () => {
    const url = new URL(paymentLink(links, 'elite', 'user-42') ?? '');
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/elite456');
    expect(url.searchParams.get('prefilled_promo_code')).toBe('LAUNCH');
    expect(url.searchParams.get('client_reference_id')).toBe('user-42');
  });

  it('finds credit pack links by pack id', () => {
    expect(paymentLink(links, 'power', 'u1')).toBe(
      'https://buy.stripe.com/power?client_reference_id=u1',
    );
  });

  it('answers null when the link is not configured', () => {
    expect(paymentLink(links, 'creator', 'u1')).toBeNull();
    expect(paymentLink({ ...links, pro: null }, 'pro', 'u1')).toBeNull();
    expect(paymentLink(undefined, 'pro', 'u1')).toBeNull();
  });

  it("fills in the member's email where Stripe's checkout asks for it", () => {
    const url = new URL(paymentLink(links, 'starter', 'u1', 'robin@example.com') ?? '');
    expect(url.searchParams.get('client_reference_id')).toBe('u1');
    expect(url.searchParams.get('prefilled_email')).toBe('robin@example.com');
  });

  it('leaves the link as configured when the member is unknown', () => {
    expect(paymentLink(links, 'pro', null)).toBe('https://buy.stripe.com/pro123');
  });

  it('encodes the id and replaces a client_reference_id already in the link', () => {
    expect(withClientReference('https://pay.example/x?client_reference_id=old', 'a b&c')).toBe(
      'https://pay.example/x?client_reference_id=a+b%26c',
    );
  });

  it('treats a link that is not a URL as not configured', () => {
    expect(withClientReference('not a url', 'u1')).toBeNull();
  });
});

describe('upgradeTarget', () => {
  it('offers the next tier up', () => {
    expect(upgradeTarget('Free')).toBe('pro');
    expect(upgradeTarget('Pro')).toBe('elite');
    expect(upgradeTarget('Elite')).toBeNull();
  });
});
