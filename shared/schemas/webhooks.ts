// Outbound webhooks (docs/automation.md): endpoints a member registers, the events we send them,
// and the delivery log. The Profile's form and the /api/webhook-endpoints routes share these.
import { z } from 'zod';

export const WEBHOOK_ENDPOINTS_URL = '/api/webhook-endpoints';

export const WEBHOOK_EVENTS = [
  'video.completed',
  'video.failed',
  'publication.published',
  'publication.failed',
  'job.run.finished',
  'credits.low',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Only "Send test event" sends it; endpoints never subscribe to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'video.completed': 'A video is ready',
  'video.failed': 'A video failed',
  'publication.published': 'A video was published to a platform',
  'publication.failed': 'Publishing a video failed',
  'job.run.finished': 'A Creator Engine run finished',
  'credits.low': 'Your credits fell to 2',
};

/** `credits.low` is sent when a paid video takes the balance down to this (never on Elite). */
export const WEBHOOK_CREDITS_LOW_BALANCE = 2;

/** An endpoint whose every delivery has failed this long is disabled (and its member told). */
export const WEBHOOK_FAILING_DAYS = 3;
/** After a rotation the old secret signs too, this long, so receivers can switch over. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** How long the delivery log keeps a delivery. */
export const WEBHOOK_DELIVERY_LOG_DAYS = 30;
/** GET …/deliveries answers at most this many, newest first. */
export const WEBHOOK_DELIVERIES_PAGE = 50;

export const WEBHOOK_LIMITS = {
  perMember: 10,
  urlMax: 2000,
  descriptionMax: 200,
  /** A payload stays under this many bytes. */
  payloadMaxBytes: 20_000,
} as const;

export const WEBHOOK_MESSAGES = {
  url: 'Please enter the address as a full http:// or https:// URL.',
  urlTooLong: `The address can be at most ${WEBHOOK_LIMITS.urlMax} characters.`,
  urlNotAllowed:
    'That address points to a private, local or cloud-metadata network. Please use a public address.',
  urlUnresolvable: 'That address could not be found. Please check its host name.',
  eventsRequired: 'Please choose at least one event.',
  eventUnknown: 'Please choose events from the list.',
  descriptionTooLong: `The description can be at most ${WEBHOOK_LIMITS.descriptionMax} characters.`,
  tooMany: `You can have at most ${WEBHOOK_LIMITS.perMember} webhook endpoints.`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  disabled: 'This endpoint is disabled. Turn it on again before sending to it.',
  notRetryable: 'Only a failed delivery can be sent again.',
} as const;

const url = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .max(WEBHOOK_LIMITS.urlMax, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (
        (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== ''
      );
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.url);
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.eventUnknown)
  .transform((chosen) => WEBHOOK_EVENTS.filter((known) => chosen.includes(known)));
const description = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMax, WEBHOOK_MESSAGES.descriptionTooLong);

/** POST /api/webhook-endpoints. */
export const createWebhookEndpointSchema = z.object({
  url,
  events,
  description: description.optional().transform((text) => text ?? ''),
});
export type CreateWebhookEndpoint = z.input<typeof createWebhookEndpointSchema>;

/** PATCH /api/webhook-endpoints/{id}: any of the fields; `enabled: true` turns a disabled one on. */
export const updateWebhookEndpointSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpoint = z.input<typeof updateWebhookEndpointSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it was turned off: "gone" (it answered 410), "failing" (3 days of failures), "member". */
  disabledReason: z.enum(['gone', 'failing', 'member']).nullable(),
  createdAt: z.string(),
  /** Until this time deliveries carry the old secret's signature too. */
  previousSecretExpiresAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Answered once, when the endpoint is made and when its secret is rotated. */
export const webhookSecretSchema = z.object({
  secret: z.string().describe('whsec_ + base64: the Standard Webhooks signing secret. Shown once.'),
});
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend(webhookSecretSchema.shape);
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One event sent (or being sent) to one endpoint: the delivery log keeps 30 days. */
export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt. */
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The last attempt's HTTP status; null when it got no answer (or none was made yet). */
  statusCode: z.number().int().nullable(),
  attempts: z.number().int(),
  /** Why the last attempt failed, in a few words ("HTTP 500", "No answer in time"); null otherwise. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** DELETE /api/webhook-endpoints/{id}. */
export const deletedWebhookEndpointSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/**
 * What every delivery's body is (signed as these exact bytes): the event, when it happened, and
 * its data (the video, publication, run or balance it is about). `truncated` is set when a long
 * field was shortened to keep the body under payloadMaxBytes.
 */
export type WebhookPayload = {
  type: WebhookEvent | typeof WEBHOOK_TEST_EVENT;
  /** ISO-8601, when the event happened. */
  timestamp: string;
  data: Record<string, unknown>;
};
