// Display formats both sides share, so the server's text and the client's agree.

/** Seconds as m:ss (8 → 0:08, 75 → 1:15). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
