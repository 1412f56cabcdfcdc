// Verified Stripe webhook events become changes to members (docs/payments.md): a paid checkout
// adds a pack's credits or starts a membership, a paid invoice renews the month, a subscription
// update or deletion changes or ends the plan, a refund takes back a pack's unspent credits. Each
// event is stored once by its id, in the same transaction as what it changes, so a redelivery
// (even a parallel one) changes nothing. An event naming a member or product we do not know, or a
// member who deleted their account, is stored as unmatched, applied to nobody, and listed for
// admins; a subscription paid for a deleted account is cancelled.
import type pg from 'pg';
import type { z } from 'zod';
import { formatLongDate } from '../../../shared/format';
import {
  creditPack,
  MEMBERSHIP_LEVELS,
  type MembershipProduct,
  type PaymentEventOutcome,
  type PaymentEventSummary,
  type WebhookReceipt,
} from '../../../shared/schemas/billing';
import { TIER_RULES, type Tier } from '../../../shared/tiers';
import type { Clock } from '../../clock';
import type { StripeSettings } from '../../config';
import type { UserRow } from '../../db/schema';
import { inTransaction, type Transaction } from '../../db/transaction';
import type { Logger } from '../../logger';
import type { CreditsService } from '../credits';
import type { MemberRecords } from '../members';
import type { NotificationMessage, NotificationsService } from '../notifications';
import type { ReferralsService } from '../referrals';
import type { TiersService } from '../tiers';
import { membershipOfPrice, productOfCheckout, USER_METADATA_KEY } from './catalogue';
import { presentPaymentEvent } from './presenter';
import type { PaymentsRepository } from './repository';
import { type StripeGateway, verifyWebhook } from './stripe-gateway';
import {
  type Charge,
  type CheckoutSession,
  chargeSchema,
  checkoutSessionSchema,
  fromUnix,
  type Invoice,
  invoiceSchema,
  paidPeriodOf,
  periodEndOf,
  type StripeEvent,
  type Subscription,
  subscriptionOfInvoice,
  subscriptionSchema,
} from './stripe-objects';

/** What handling one event did, stored with it. */
type Handled = {
  outcome: PaymentEventOutcome;
  detail: string;
  userId: string | null;
  /** Work for after the commit (a call to Stripe must not hold the transaction open). */
  afterCommit?: () => Promise<void>;
};

/** Subscription statuses after which it pays for nothing. */
const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);
/**
 * The statuses in which a subscription is paid up, and so may move the member to its price's
 * plan. `past_due` and `incomplete` wait for a payment that may never come: until Stripe reports
 * the subscription active, the member keeps the plan they had.
 */
const PAYING_STATUSES = new Set(['active', 'trialing']);

const applied = (userId: string, detail: string): Handled => ({
  outcome: 'applied',
  detail,
  userId,
});
const ignored = (detail: string, userId: string | null = null): Handled => ({
  outcome: 'ignored',
  detail,
  userId,
});
const unmatched = (detail: string, userId: string | null = null): Handled => ({
  outcome: 'unmatched',
  detail,
  userId,
});

function creditsText(credits: number): string {
  return `${credits} credit${credits === 1 ? '' : 's'}`;
}

function allowanceText(level: Tier): string {
  const monthly = TIER_RULES[level].monthlyCredits;
  return monthly === null ? 'unlimited generations' : `${monthly} generations a month`;
}

export class PaymentsService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      repository: PaymentsRepository;
      members: MemberRecords;
      tiers: TiersService;
      credits: CreditsService;
      referrals: ReferralsService;
      notifications: NotificationsService;
      settings: StripeSettings;
      gateway: StripeGateway | null;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /**
   * POST /api/webhooks/stripe: verifies the signature on the raw body (SignatureRejected when it
   * does not) and reads the event's envelope (EventUnreadable when it is none), then applies the
   * event once.
   */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookReceipt> {
    const event = verifyWebhook(this.deps.settings, rawBody, signature);
    const handled = await inTransaction(this.deps.pool, async (tx) => {
      const fresh = await this.deps.repository.recordEvent(tx.db, {
        id: event.id,
        type: event.type,
        payload: event,
        createdAt: fromUnix(event.created),
      });
      if (!fresh) return null;
      const result = await this.apply(tx, event);
      await this.deps.repository.finishEvent(tx.db, event.id, result);
      return result;
    });
    if (!handled) {
      const stored = await this.deps.repository.findEvent(event.id);
      const outcome = (stored?.outcome ?? 'applied') as PaymentEventOutcome;
      return { received: true, duplicate: true, outcome };
    }
    if (handled.outcome === 'unmatched') {
      this.deps.log.warn({ eventId: event.id, type: event.type }, handled.detail);
    }
    await handled
      .afterCommit?.()
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, eventId: event.id }, 'payment follow-up failed'),
      );
    return { received: true, duplicate: false, outcome: handled.outcome };
  }

  /** Admin Tools: verified events with this outcome, newest first. */
  async listEvents(outcome: PaymentEventOutcome): Promise<PaymentEventSummary[]> {
    return (await this.deps.repository.listEvents(outcome)).map(presentPaymentEvent);
  }

  private async apply(tx: Transaction, event: StripeEvent): Promise<Handled> {
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.read(checkoutSessionSchema, object, 'checkout session', (session) =>
          this.checkoutPaid(tx, event.id, session),
        );
      case 'invoice.paid':
        return this.read(invoiceSchema, object, 'invoice', (invoice) =>
          this.invoicePaid(tx, event.id, invoice),
        );
      case 'customer.subscription.updated':
        return this.read(subscriptionSchema, object, 'subscription', (subscription) =>
          this.subscriptionUpdated(tx, event.id, subscription),
        );
      case 'customer.subscription.deleted':
        return this.read(subscriptionSchema, object, 'subscription', (subscription) =>
          this.subscriptionDeleted(tx, event.id, subscription),
        );
      case 'charge.refunded':
        return this.read(chargeSchema, object, 'charge', (charge) =>
          this.chargeRefunded(tx, event.id, charge),
        );
      default:
        return ignored(`Reelforge does not act on ${event.type} events.`);
    }
  }

  /** An object we cannot read is recorded for an admin to look at, not retried forever. */
  private async read<T>(
    schema: z.ZodType<T>,
    object: unknown,
    what: string,
    handle: (value: T) => Promise<Handled>,
  ): Promise<Handled> {
    const parsed = schema.safeParse(object);
    if (parsed.success) return handle(parsed.data);
    const [issue] = parsed.error.issues;
    const where = issue?.path.map(String).join('.') || 'object';
    return unmatched(`Could not read the ${what}: ${where}: ${issue?.message ?? 'unknown shape'}.`);
  }

  /** A paid checkout: a pack's credits, or the start of a membership. Once per session. */
  private async checkoutPaid(
    tx: Transaction,
    eventId: string,
    session: CheckoutSession,
  ): Promise<Handled> {
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
      return ignored(
        'The payment has not cleared yet; checkout.session.async_payment_succeeded applies it.',
      );
    }
    const found = await this.memberOfCheckout(tx, session);
    if ('unknown' in found) return unmatched(found.unknown);
    const { member } = found;
    if (member.deletedAt) {
      return this.paidForDeletedAccount(
        eventId,
        member,
        `Checkout ${session.id} names a deleted account (member ${member.id}): nothing was applied. Refund the payment in the Stripe Dashboard.`,
        session.subscription ?? null,
      );
    }
    const match = productOfCheckout(session);
    if ('unknown' in match) return unmatched(match.unknown, member.id);
    const { product } = match;
    const pack = creditPack(product);
    if (!pack && !session.subscription) {
      return unmatched(`The ${product} checkout ${session.id} carries no subscription.`, member.id);
    }
    const fresh = await this.deps.repository.recordPurchase(tx.db, {
      id: session.id,
      userId: member.id,
      product,
      credits: pack?.credits ?? 0,
      amountCents: session.amount_total ?? null,
      currency: session.currency ?? null,
      paymentIntentId: session.payment_intent ?? null,
      customerId: session.customer ?? null,
      subscriptionId: session.subscription ?? null,
      eventId,
    });
    if (!fresh) return ignored(`Checkout ${session.id} was applied already.`, member.id);
    if (session.customer) {
      // A membership's customer is the one its portal manages; a pack's joins only a member who
      // has none yet (a Payment Link may make a new customer for every purchase).
      await this.deps.members.claimCustomer(tx.db, member.id, session.customer, {
        replace: pack === undefined,
      });
    }

    let handled: Handled;
    if (pack) {
      await this.deps.credits.addBonus(tx.db, {
        userId: member.id,
        amount: pack.credits,
        transactionType: 'purchase',
        description: `${pack.name} pack: ${creditsText(pack.credits)}`,
        reference: eventId,
      });
      await this.tell(tx, member.id, {
        kind: 'payment_received',
        title: 'Payment Received',
        message: `${creditsText(pack.credits)} from the ${pack.name} pack were added to your balance. They never expire.`,
      });
      handled = applied(member.id, `Added the ${pack.name} pack's ${creditsText(pack.credits)}.`);
    } else {
      handled = await this.startMembership(
        tx,
        eventId,
        member,
        MEMBERSHIP_LEVELS[product as MembershipProduct],
        {
          subscriptionId: session.subscription as string,
        },
      );
    }
    // The first payment of a member who came through a referral link pays the referrer, once.
    await this.deps.referrals.rewardFirstPayment(tx, member.id);
    return handled;
  }

  private async memberOfCheckout(
    tx: Transaction,
    session: CheckoutSession,
  ): Promise<{ member: UserRow } | { unknown: string }> {
    const userId = session.client_reference_id ?? session.metadata?.[USER_METADATA_KEY];
    if (userId) {
      const member = await this.deps.members.lockById(tx.db, userId);
      return member
        ? { member }
        : { unknown: `No member has the id "${userId}" that checkout ${session.id} names.` };
    }
    const member = session.customer
      ? await this.deps.members.lockByCustomer(tx.db, session.customer)
      : undefined;
    return member
      ? { member }
      : {
          unknown: `Checkout ${session.id} names no member (no client_reference_id), and its customer is no member's.`,
        };
  }

  private async startMembership(
    tx: Transaction,
    eventId: string,
    member: UserRow,
    level: Exclude<Tier, 'Free'>,
    billing: { subscriptionId: string },
  ): Promise<Handled> {
    const replaced =
      member.stripeSubscriptionId && member.stripeSubscriptionId !== billing.subscriptionId
        ? member.stripeSubscriptionId
        : null;
    await this.deps.tiers.setPermanentPlan(tx, member, level, {
      reference: eventId,
      billing: { stripeSubscriptionId: billing.subscriptionId, subscriptionPeriodEnd: null },
    });
    await this.tell(tx, member.id, {
      kind: 'plan_changed',
      title: `Welcome to ${level}`,
      message: `Your ${level} membership is active: ${allowanceText(level)}. It renews every month until you cancel.`,
    });
    const detail = `Started ${level} (subscription ${billing.subscriptionId}).`;
    if (!replaced) return applied(member.id, detail);
    // Upgrading through a new checkout leaves the old subscription billing: end it at once, with
    // its unused time credited to the customer, when the server may call Stripe.
    const { gateway } = this.deps;
    if (!gateway) {
      return applied(
        member.id,
        `${detail} The replaced subscription ${replaced} still bills: cancel it in the Stripe Dashboard.`,
      );
    }
    return {
      ...applied(member.id, `${detail} Cancelled the replaced subscription ${replaced}.`),
      afterCommit: () => gateway.cancelSubscription(replaced),
    };
  }

  /**
   * A payment naming a member who deleted their account (a checkout opened before and paid after,
   * the customer they were, a subscription that outlived them): nothing reaches the emptied row
   * or anyone else, and Unmatched Payments lists it for a refund. A subscription it pays for is
   * cancelled after the commit, and the stored detail then says whether that worked.
   */
  private paidForDeletedAccount(
    eventId: string,
    member: UserRow,
    detail: string,
    subscriptionId: string | null,
  ): Handled {
    if (!subscriptionId) return unmatched(detail, member.id);
    const { gateway, repository, log } = this.deps;
    if (!gateway) {
      return unmatched(
        `${detail} Its subscription ${subscriptionId} still bills: cancel it in the Stripe Dashboard.`,
        member.id,
      );
    }
    return {
      // Stays so only if the server stops before the call: then it is for the operator to do.
      ...unmatched(
        `${detail} Its subscription ${subscriptionId} is to be cancelled: if this does not change to "was cancelled", cancel it in the Stripe Dashboard.`,
        member.id,
      ),
      afterCommit: async () => {
        const outcome = await gateway.cancelSubscription(subscriptionId).then(
          () => `Its subscription ${subscriptionId} was cancelled.`,
          (error: unknown) => {
            log.error(
              { err: error, eventId, subscriptionId },
              'could not cancel a subscription paid for a deleted account',
            );
            return `Cancelling its subscription ${subscriptionId} failed: cancel it in the Stripe Dashboard.`;
          },
        );
        await repository.setEventDetail(eventId, `${detail} ${outcome}`);
      },
    };
  }

  /** A subscription's invoice: a new month renews the allowance (the first one starts nothing). */
  private async invoicePaid(tx: Transaction, eventId: string, invoice: Invoice): Promise<Handled> {
    const subscriptionId = subscriptionOfInvoice(invoice);
    if (!subscriptionId) {
      return ignored('Not a subscription invoice: packs are applied by their checkout.');
    }
    const member = await this.deps.members.lockBySubscription(tx.db, subscriptionId);
    const now = this.deps.clock.now();
    const period = paidPeriodOf(invoice, now);
    if (invoice.billing_reason === 'subscription_create') {
      if (member) {
        await this.deps.members.update(
          tx.db,
          member.id,
          { subscriptionPeriodEnd: period.end },
          now,
        );
      }
      return ignored(
        'The first invoice: checkout.session.completed starts the membership.',
        member?.id ?? null,
      );
    }
    if (!member) {
      const former = invoice.customer
        ? await this.deps.members.lockByCustomer(tx.db, invoice.customer)
        : undefined;
      if (former?.deletedAt) {
        // Deleting the account cancels its subscription; this one still billed (that call failed).
        return this.paidForDeletedAccount(
          eventId,
          former,
          `Subscription ${subscriptionId} billed a deleted account (member ${former.id}): nothing was applied. Refund the payment in the Stripe Dashboard.`,
          subscriptionId,
        );
      }
      return unmatched(`Subscription ${subscriptionId} was paid, but no member's plan is on it.`);
    }
    // A new month (Stripe names it subscription_cycle); prorations and one-off invoices are not.
    if (invoice.billing_reason && invoice.billing_reason !== 'subscription_cycle') {
      return ignored(
        `A ${invoice.billing_reason} invoice: only a new month renews the allowance.`,
        member.id,
      );
    }
    const line = invoice.lines.data[0];
    const product =
      membershipOfPrice(line?.price, this.deps.settings.prices) ??
      this.membershipOfPriceId(line?.pricing?.price_details?.price);
    const level = product ? MEMBERSHIP_LEVELS[product] : this.deps.tiers.paidPlanOf(member);
    await this.deps.members.update(tx.db, member.id, { subscriptionPeriodEnd: period.end }, now);
    const renewed = await this.deps.credits.renewAllowance(tx.db, member.id, {
      memberLevel: level,
      period,
      reference: eventId,
    });
    if (!renewed) return ignored('This month was renewed already.', member.id);
    await this.tell(tx, member.id, {
      kind: 'payment_received',
      title: 'Membership Renewed',
      message: `Your ${level} membership renewed: ${allowanceText(level)}, until ${formatLongDate(period.end)}.`,
    });
    return applied(member.id, `Renewed ${level} until ${period.end.toISOString()}.`);
  }

  private membershipOfPriceId(priceId: string | undefined) {
    if (!priceId) return null;
    return membershipOfPrice({ id: priceId }, this.deps.settings.prices);
  }

  /**
   * A subscription changed: a new price switches the plan (the portal's upgrade or downgrade), a
   * cancellation at the end of the period schedules Free for then (and calling it off undoes
   * that), and an ended status ends the membership now.
   */
  private async subscriptionUpdated(
    tx: Transaction,
    eventId: string,
    subscription: Subscription,
  ): Promise<Handled> {
    const member = await this.deps.members.lockBySubscription(tx.db, subscription.id);
    if (!member) return this.notCurrentSubscription(tx, subscription);
    if (ENDED_STATUSES.has(subscription.status)) {
      return this.endMembership(tx, eventId, member, subscription);
    }
    const { tiers } = this.deps;
    const changes: string[] = [];
    let current = member;
    const product = membershipOfPrice(subscription.items.data[0]?.price, this.deps.settings.prices);
    const level = product ? MEMBERSHIP_LEVELS[product] : null;
    const paid = tiers.paidPlanOf(member);
    let waiting: string | null = null;
    if (level && level !== paid && !PAYING_STATUSES.has(subscription.status)) {
      waiting = `Subscription ${subscription.id} is ${subscription.status}: ${level} starts once it is paid.`;
    } else if (level && level !== paid) {
      current = await tiers.setPermanentPlan(tx, current, level, { reference: eventId });
      changes.push(`Plan changed from ${paid} to ${level}.`);
      await this.tell(tx, member.id, {
        kind: 'plan_changed',
        title: 'Plan Changed',
        message: `You're on ${level} now: ${allowanceText(level)}.`,
      });
    }
    const periodEnd = periodEndOf(subscription);
    const endsAt = subscription.cancel_at
      ? fromUnix(subscription.cancel_at)
      : subscription.cancel_at_period_end
        ? periodEnd
        : null;
    if (endsAt) {
      const before = current.planExpiresAt?.getTime();
      current = await tiers.scheduleEnd(tx, current, endsAt);
      // Told once: a later update of the same cancellation (or one under a temporary plan, which
      // the end of the subscription settles) schedules nothing new.
      if (before !== endsAt.getTime() && current.planExpiresAt?.getTime() === endsAt.getTime()) {
        changes.push(`Ends on ${endsAt.toISOString()}, then Free.`);
        await this.tell(tx, member.id, {
          kind: 'plan_changed',
          title: 'Membership Cancelled',
          message: `Your ${tiers.paidPlanOf(current)} plan stays until ${formatLongDate(endsAt)}, then you're on Free. Your bonus credits stay yours.`,
        });
      }
    } else if (tiers.hasScheduledEnd(current)) {
      current = await tiers.cancelScheduledEnd(tx, current);
      changes.push('Cancellation called off: it renews again.');
      await this.tell(tx, member.id, {
        kind: 'plan_changed',
        title: 'Membership Renews',
        message: `Your ${tiers.paidPlanOf(current)} membership will renew as usual.`,
      });
    }
    if (periodEnd) {
      await this.deps.members.update(
        tx.db,
        member.id,
        { subscriptionPeriodEnd: periodEnd },
        this.deps.clock.now(),
      );
    }
    const detail = [...changes, ...(waiting ? [waiting] : [])].join(' ');
    return changes.length > 0
      ? applied(member.id, detail)
      : ignored(detail || 'Nothing that changes the plan.', member.id);
  }

  private async subscriptionDeleted(
    tx: Transaction,
    eventId: string,
    subscription: Subscription,
  ): Promise<Handled> {
    const member = await this.deps.members.lockBySubscription(tx.db, subscription.id);
    if (!member) return this.notCurrentSubscription(tx, subscription);
    return this.endMembership(tx, eventId, member, subscription);
  }

  private async endMembership(
    tx: Transaction,
    eventId: string,
    member: UserRow,
    subscription: Subscription,
  ): Promise<Handled> {
    const paid = this.deps.tiers.paidPlanOf(member);
    await this.deps.tiers.endMembership(tx, member, eventId);
    await this.tell(tx, member.id, {
      kind: 'plan_changed',
      title: 'Membership Ended',
      message: `Your ${paid} membership has ended. You're on Free with ${allowanceText('Free')}; your bonus credits stay yours.`,
    });
    return applied(
      member.id,
      `Subscription ${subscription.id} ${subscription.status}: ${paid} ended.`,
    );
  }

  /** An event about a subscription no member's plan is on (one a newer subscription replaced). */
  private async notCurrentSubscription(
    tx: Transaction,
    subscription: Subscription,
  ): Promise<Handled> {
    const customer = await this.deps.members.lockByCustomer(tx.db, subscription.customer);
    return ignored(
      customer
        ? `Subscription ${subscription.id} no longer pays for the member's plan.`
        : `No member's plan is on subscription ${subscription.id}.`,
      customer?.id ?? null,
    );
  }

  /**
   * A refund of a pack takes back its credits in proportion to the amount refunded, as far as the
   * member's bonus credits still hold them: credits already spent stay spent (docs/payments.md).
   */
  private async chargeRefunded(tx: Transaction, eventId: string, charge: Charge): Promise<Handled> {
    if (!charge.payment_intent) return ignored(`Charge ${charge.id} has no payment intent.`);
    const purchase = await this.deps.repository.lockPurchaseByPaymentIntent(
      tx.db,
      charge.payment_intent,
    );
    if (!purchase?.userId || purchase.credits === 0) {
      return ignored(
        `No credit pack was bought with ${charge.payment_intent}: a membership's plan follows its subscription.`,
        purchase?.userId ?? null,
      );
    }
    const pack = creditPack(purchase.product);
    const due =
      charge.amount > 0
        ? Math.min(
            purchase.credits,
            Math.floor((purchase.credits * charge.amount_refunded) / charge.amount),
          )
        : purchase.credits;
    const owed = due - purchase.creditsTakenBack;
    if (owed <= 0) return ignored('Those credits were taken back already.', purchase.userId);
    // Queues behind any other change to the member, as every payment change does.
    const owner = await this.deps.members.lockById(tx.db, purchase.userId);
    if (owner?.deletedAt) {
      return ignored(
        `The ${pack?.name ?? purchase.product} pack was bought by an account since deleted: no credits to take back.`,
        purchase.userId,
      );
    }
    const taken = await this.deps.credits.takeBackBonus(tx.db, {
      userId: purchase.userId,
      amount: owed,
      description: `Refund: ${pack?.name ?? purchase.product} pack`,
      reference: eventId,
    });
    await this.deps.repository.setCreditsTakenBack(tx.db, purchase.id, due);
    await this.tell(tx, purchase.userId, {
      kind: 'payment_refunded',
      title: 'Refund Processed',
      message:
        taken > 0
          ? `Your refund for the ${pack?.name ?? purchase.product} pack went through: ${creditsText(taken)} that you had not spent were taken back.`
          : `Your refund for the ${pack?.name ?? purchase.product} pack went through. Its credits were spent already, so your balance stays as it is.`,
    });
    const spent = owed - taken;
    return applied(
      purchase.userId,
      `Took back ${creditsText(taken)} of ${owed}${spent > 0 ? `; ${spent} had been spent` : ''}.`,
    );
  }

  private tell(tx: Transaction, userId: string, message: NotificationMessage): Promise<void> {
    return this.deps.notifications.notify(tx, userId, message);
  }
}
