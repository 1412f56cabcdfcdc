// What a notification for the member changes: a reviewed submission, a grant, a referral reward or a
// payment changed the balance and its history; an approved milestone or a payment may have changed
// the plan; a skipped run changed a job; a job's video held for review changed its publications
// (the library's review block); a webhook endpoint the server turned off changed the endpoints.
// Everything they touch is fetched again, so an open Profile shows the new balance, entry and
// plan without a reload.
import type { MemberNotification, NotificationKind } from '@shared/schemas/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { webhooksChanged } from '@/entities/automation/webhook-events';
import { billingKeys } from '@/entities/billing/api/billing-keys';
import { creditsChanged } from '@/entities/credits/credit-events';
import { earningKeys } from '@/entities/earning/api/earning-keys';
import { jobsChanged } from '@/entities/jobs/job-events';
import { publicationKeys } from '@/entities/publications/api/publication-keys';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { notificationKeys } from './api/notification-keys';

/** Notifications from payments: the billing summary (subscription, portal) may have changed. */
const PAYMENTS = new Set<NotificationKind>([
  'payment_received',
  'plan_changed',
  'payment_refunded',
]);
/** Notifications after which the member's plan may differ (the session user carries it). */
const PLAN_CHANGING = new Set<NotificationKind>(['submission_approved', ...PAYMENTS]);

export function notificationArrived(
  queryClient: QueryClient,
  notification: Pick<MemberNotification, 'kind'>,
): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  void creditsChanged(queryClient);
  void queryClient.invalidateQueries({ queryKey: earningKeys.submissions() });
  void queryClient.invalidateQueries({ queryKey: earningKeys.referrals() });
  if (PLAN_CHANGING.has(notification.kind)) {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
  }
  if (PAYMENTS.has(notification.kind)) {
    void queryClient.invalidateQueries({ queryKey: billingKeys.summary() });
  }
  if (notification.kind === 'job_run_skipped') void jobsChanged(queryClient);
  if (notification.kind === 'video_held') {
    void queryClient.invalidateQueries({ queryKey: publicationKeys.all });
  }
  if (notification.kind === 'webhook_disabled') void webhooksChanged(queryClient);
}
