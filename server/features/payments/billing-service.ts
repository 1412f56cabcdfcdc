// What a member does about paying (spec/api.md §7.9): the checkout the server creates when it
// holds a Stripe key (carrying the member and the product in its metadata), the billing portal
// (a session for the member's customer, or the configured portal link), and the summary the
// Profile shows. Payment itself only ever changes anything through the verified webhook.

import {
  type BillingSummary,
  type CheckoutProduct,
  creditPack,
  isMembershipProduct,
  MEMBERSHIP_LEVELS,
  type RedirectResponse,
} from '../../../shared/schemas/billing';
import { TIERS, type Tier } from '../../../shared/tiers';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import { AppError, Conflict, Unavailable } from '../../errors';
import type { Logger } from '../../logger';
import type { TiersService } from '../tiers';
import { PRODUCT_METADATA_KEY, PRODUCT_PRICE_CENTS, USER_METADATA_KEY } from './catalogue';
import type { PaymentsRepository } from './repository';
import type { CheckoutSessionParams, StripeGateway } from './stripe-gateway';

const CURRENCY = 'usd';

export class BillingService {
  constructor(
    private readonly deps: {
      config: Pick<Config, 'publicUrl' | 'billingPortalUrl' | 'stripe'>;
      repository: PaymentsRepository;
      tiers: TiersService;
      gateway: StripeGateway | null;
      log: Logger;
    },
  ) {}

  async summary(member: UserRow): Promise<BillingSummary> {
    const hasPaid = await this.hasPaid(member);
    const { tiers } = this.deps;
    const renews = member.stripeSubscriptionId !== null && !tiers.hasScheduledEnd(member);
    const paidPlan = tiers.paidPlanOf(member);
    return {
      hasPaid,
      canManageBilling: hasPaid && this.portalFor(member) !== null,
      subscription:
        member.stripeSubscriptionId && paidPlan !== 'Free'
          ? {
              plan: paidPlan,
              renewsAt: renews ? (member.subscriptionPeriodEnd?.toISOString() ?? null) : null,
              endsAt: renews ? null : (member.planExpiresAt?.toISOString() ?? null),
            }
          : null,
    };
  }

  /** POST /api/billing/checkout: a Checkout Session for the member, when the server has a key. */
  async checkout(member: UserRow, product: CheckoutProduct): Promise<RedirectResponse> {
    const { gateway, config } = this.deps;
    if (!gateway) {
      throw new Unavailable(
        'CHECKOUT_NOT_CONFIGURED',
        'Checkout is not set up on this server. Please use the checkout links.',
      );
    }
    if (isMembershipProduct(product)) this.assertUpgrade(member, MEMBERSHIP_LEVELS[product]);
    const metadata = { [PRODUCT_METADATA_KEY]: product, [USER_METADATA_KEY]: member.id };
    const membership = isMembershipProduct(product);
    const params: CheckoutSessionParams = {
      mode: membership ? 'subscription' : 'payment',
      line_items: [{ quantity: 1, ...this.lineItem(product) }],
      client_reference_id: member.id,
      metadata,
      success_url: `${config.publicUrl}/?tab=purchase&checkout=success`,
      cancel_url: `${config.publicUrl}/?tab=purchase&checkout=cancelled`,
      ...(member.stripeCustomerId
        ? { customer: member.stripeCustomerId }
        : { customer_email: member.email }),
      ...(membership
        ? { subscription_data: { metadata } }
        : {
            payment_intent_data: { metadata },
            // A customer for every buyer: their receipts and the billing portal need one.
            ...(member.stripeCustomerId ? {} : { customer_creation: 'always' as const }),
          }),
    };
    try {
      const session = await gateway.createCheckoutSession(params);
      return { url: session.url };
    } catch (error) {
      this.deps.log.error({ err: error, product }, 'creating a checkout session failed');
      throw new Unavailable(
        'CHECKOUT_FAILED',
        'Checkout is unavailable right now. Please try again in a moment.',
        502,
      );
    }
  }

  /** POST /api/billing/portal: where the member manages or cancels what they pay for. */
  async portal(member: UserRow): Promise<RedirectResponse> {
    const portal = (await this.hasPaid(member)) ? this.portalFor(member) : null;
    if (!portal) throw new NoBillingAccount();
    if (portal === 'link') {
      const url = new URL(this.deps.config.billingPortalUrl as string);
      url.searchParams.set('prefilled_email', member.email);
      return { url: url.toString() };
    }
    try {
      return await portal.createPortalSession(
        member.stripeCustomerId as string,
        `${this.deps.config.publicUrl}/?tab=profile`,
      );
    } catch (error) {
      this.deps.log.error({ err: error }, 'creating a billing portal session failed');
      throw new Unavailable(
        'PORTAL_FAILED',
        'The billing portal is unavailable right now. Please try again in a moment.',
        502,
      );
    }
  }

  private async hasPaid(member: UserRow): Promise<boolean> {
    return member.stripeCustomerId !== null || this.deps.repository.hasPurchased(member.id);
  }

  /** A portal session with the member's customer when the server can make one, else the link. */
  private portalFor(member: UserRow): StripeGateway | 'link' | null {
    if (this.deps.gateway && member.stripeCustomerId) return this.deps.gateway;
    return this.deps.config.billingPortalUrl ? 'link' : null;
  }

  /** A membership checkout must raise the plan the member pays for (or renew a cancelled one). */
  private assertUpgrade(member: UserRow, level: Tier): void {
    const { tiers } = this.deps;
    const paid = tiers.paidPlanOf(member);
    if (tiers.hasScheduledEnd(member)) return;
    if (TIERS.indexOf(paid) >= TIERS.indexOf(level)) {
      throw new Conflict(
        'ALREADY_ON_PLAN',
        paid === level
          ? `You're on ${paid} already.`
          : `You're on ${paid}, which includes everything in ${level}.`,
      );
    }
  }

  /** The configured price, or the catalogue's price inline when none is configured. */
  private lineItem(product: CheckoutProduct) {
    const price = this.deps.config.stripe.prices[product];
    if (price) return { price };
    const pack = creditPack(product);
    const name = pack
      ? `${pack.name} pack: ${pack.credits} video credits`
      : `Reelforge ${MEMBERSHIP_LEVELS[product as 'pro' | 'elite']} membership`;
    return {
      price_data: {
        currency: CURRENCY,
        unit_amount: PRODUCT_PRICE_CENTS[product],
        product_data: { name },
        ...(pack ? {} : { recurring: { interval: 'month' as const } }),
      },
    };
  }
}

/** The member has never paid, or no portal is configured: nothing to manage. */
export class NoBillingAccount extends AppError {
  constructor() {
    super('NO_BILLING_ACCOUNT', 404, 'You have no payments to manage yet.');
  }
}
