// When a Creator Engine job runs next: every frequency as a step from a moment, in UTC. Months
// clamp to their last day (a job made on 31 January runs on 28 or 29 February, then 31 March).
import type { Frequency } from '../../../shared/catalogue';

const HOUR_MS = 60 * 60 * 1000;

const HOURS: Partial<Record<Frequency, number>> = {
  '1hour': 1,
  '2hours': 2,
  '4hours': 4,
  '8hours': 8,
  '12hours': 12,
  daily: 24,
  weekly: 24 * 7,
};

/** The moment one `frequency` step after `from`. */
export function nextRunAfter(frequency: Frequency, from: Date): Date {
  const hours = HOURS[frequency];
  if (hours !== undefined) return new Date(from.getTime() + hours * HOUR_MS);
  // monthly: the same day and time next month, or that month's last day.
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
