// A member's monthly allowance period runs from one "monthiversary" of their sign-up to the next
// (signed up on the 31st: the period turns on the last day of shorter months).

/** The same day and time `months` later; the 31st becomes the last day of a shorter month. */
export function addMonthsClamped(start: Date, months: number): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** The allowance period that contains `now` for a member who signed up at `signedUpAt`. */
export function allowancePeriod(signedUpAt: Date, now: Date): { start: Date; end: Date } {
  if (now < signedUpAt) return { start: signedUpAt, end: addMonthsClamped(signedUpAt, 1) };
  let months =
    (now.getUTCFullYear() - signedUpAt.getUTCFullYear()) * 12 +
    (now.getUTCMonth() - signedUpAt.getUTCMonth());
  // The estimate can be one ahead (the day of the month has not come yet).
  while (months > 0 && addMonthsClamped(signedUpAt, months) > now) months -= 1;
  return {
    start: addMonthsClamped(signedUpAt, months),
    end: addMonthsClamped(signedUpAt, months + 1),
  };
}
