// Display formats both sides share, so the server's text and the client's agree.

/** Seconds as m:ss (8 → 0:08, 75 → 1:15). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day in words, as messages to members name it (November 23, 2026). */
export function formatLongDate(date: Date): string {
  return LONG_DATE.format(date);
}
