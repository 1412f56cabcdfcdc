// Messages kept for a member (a reviewed submission, a grant, a skipped job run). They arrive live
// over the socket when a tab is open and wait in the notification list when none is.

export const NOTIFICATION_KINDS = [
  'submission_approved',
  'submission_rejected',
  'credits_granted',
  'referral_rewarded',
  'job_run_skipped',
  /** A paid checkout: credits added or a membership started. */
  'payment_received',
  /** A membership changed, was scheduled to end, or ended. */
  'plan_changed',
  /** A refund took back a pack's unspent credits. */
  'payment_refunded',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type MemberNotification = {
  id: number;
  kind: NotificationKind;
  title: string;
  message: string;
  readAt: string | null;
  createdAt: string;
};

/** GET /api/notifications: the latest notifications, newest first, and how many are unread. */
export type NotificationList = { items: MemberNotification[]; unreadCount: number };

export const NOTIFICATIONS_PAGE = 20;
