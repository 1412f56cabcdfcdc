// The one source of "now" for rules that depend on time (plan expiry, schedules), so tests can
// move time forward instead of sleeping.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to; for tests. */
export function manualClock(start: Date = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(date: Date) {
      current = date.getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}
