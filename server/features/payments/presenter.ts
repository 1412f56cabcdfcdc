// A stored payment event as Admin Tools lists it: who paid (as Stripe knows them) and how much,
// read from whichever object the event carries.
import type { PaymentEventSummary } from '../../../shared/schemas/billing';
import type { PaymentEventRow } from '../../db/schema';

type EventObject = Record<string, unknown> & {
  customer_details?: { email?: unknown } | null;
  billing_details?: { email?: unknown } | null;
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function integer(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

export function presentPaymentEvent(row: PaymentEventRow): PaymentEventSummary {
  const object = ((row.payload as { data?: { object?: EventObject } }).data?.object ??
    {}) as EventObject;
  return {
    id: row.id,
    type: row.type,
    outcome: row.outcome as PaymentEventSummary['outcome'],
    detail: row.detail,
    userId: row.userId,
    email:
      text(object.customer_details?.email) ??
      text(object.customer_email) ??
      text(object.billing_details?.email),
    amount: integer(object.amount_total) ?? integer(object.amount_paid) ?? integer(object.amount),
    currency: text(object.currency),
    receivedAt: row.processedAt.toISOString(),
  };
}
