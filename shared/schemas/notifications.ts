// Messages kept for a member (a reviewed submission, a grant, a skipped job run). They arrive live
// over the socket when a tab is open and wait in the notification list when none is.
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'submission_approved',
  'submission_rejected',
  'credits_granted',
  'referral_rewarded',
  /** Someone signed up with the member's referral link (the reward follows their first video). */
  'referral_joined',
  'job_run_skipped',
  /** A paid checkout: credits added or a membership started. */
  'payment_received',
  /** A membership changed, was scheduled to end, or ended. */
  'plan_changed',
  /** A refund took back a pack's unspent credits. */
  'payment_refunded',
  /** A platform refused a connection's grant: the member must connect it again. */
  'connection_lost',
  /** A Creator Engine job's video could not be published to a platform. */
  'publish_failed',
  /** The member called off a pending change of email. */
  'email_change_cancelled',
  /** A Creator Engine job's video waits for the member's review before it is published. */
  'video_held',
  /** A webhook endpoint was turned off: it answered 410, or every delivery failed for 3 days. */
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const memberNotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberNotification = z.infer<typeof memberNotificationSchema>;

/** GET /api/notifications: the latest notifications, newest first, and how many are unread. */
export const notificationListSchema = z.object({
  items: z.array(memberNotificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: how many were marked. */
export const markedReadSchema = z.object({ marked: z.number().int() });
export type MarkedRead = z.infer<typeof markedReadSchema>;

export const NOTIFICATIONS_PAGE = 20;
