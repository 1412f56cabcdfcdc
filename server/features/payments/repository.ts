// SQL for payments: each verified event stored once with what handling it did, the purchases
// (paid checkouts) it applied, and the lists admins and members read.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentEventOutcome } from '../../../shared/schemas/billing';
import type { Database } from '../../db/client';
import { type PaymentEventRow, type PurchaseRow, paymentEvents, purchases } from '../../db/schema';

const EVENTS_PAGE = 100;

export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores an event the first time it arrives and answers true; answers false, writing nothing,
   * for a redelivery. A parallel copy waits on the primary key until the first commits.
   */
  async recordEvent(
    db: Database,
    event: { id: string; type: string; payload: unknown; createdAt: Date },
  ): Promise<boolean> {
    const rows = await db
      .insert(paymentEvents)
      .values({
        id: event.id,
        type: event.type,
        payload: event.payload,
        eventCreatedAt: event.createdAt,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  async finishEvent(
    db: Database,
    id: string,
    result: { outcome: PaymentEventOutcome; detail: string; userId: string | null },
  ): Promise<void> {
    await db
      .update(paymentEvents)
      .set({ outcome: result.outcome, detail: result.detail, userId: result.userId })
      .where(eq(paymentEvents.id, id));
  }

  /** What handling an event did, once work after its commit (a call to Stripe) has finished. */
  async setEventDetail(id: string, detail: string): Promise<void> {
    await this.db.update(paymentEvents).set({ detail }).where(eq(paymentEvents.id, id));
  }

  async findEvent(id: string): Promise<PaymentEventRow | undefined> {
    const [row] = await this.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
    return row;
  }

  /** Newest first, read straight off payment_events_outcome_idx (whose order is nulls last). */
  async listEvents(outcome: PaymentEventOutcome): Promise<PaymentEventRow[]> {
    return this.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.outcome, outcome))
      .orderBy(sql`${paymentEvents.processedAt} desc nulls last`)
      .limit(EVENTS_PAGE);
  }

  /** A paid checkout, once: answers false when this session was applied already. */
  async recordPurchase(db: Database, purchase: typeof purchases.$inferInsert): Promise<boolean> {
    const rows = await db
      .insert(purchases)
      .values(purchase)
      .onConflictDoNothing()
      .returning({ id: purchases.id });
    return rows.length > 0;
  }

  /** The pack a payment bought, locked (for its refunds). */
  async lockPurchaseByPaymentIntent(
    db: Database,
    paymentIntentId: string,
  ): Promise<PurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.paymentIntentId, paymentIntentId))
      .orderBy(desc(purchases.createdAt))
      .limit(1)
      .for('update');
    return row;
  }

  async setCreditsTakenBack(db: Database, purchaseId: string, total: number): Promise<void> {
    await db.update(purchases).set({ creditsTakenBack: total }).where(eq(purchases.id, purchaseId));
  }

  async hasPurchased(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.userId, userId)))
      .limit(1);
    return row !== undefined;
  }
}
