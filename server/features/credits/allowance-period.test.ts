import { describe, expect, it } from 'vitest';
import { allowancePeriod } from './allowance-period';

const at = (iso: string) => new Date(iso);

describe('allowancePeriod', () => {
  it('starts on sign-up and lasts a calendar month', () => {
    expect(allowancePeriod(at('2026-03-10T08:00:00Z'), at('2026-03-20T00:00:00Z'))).toEqual({
      start: at('2026-03-10T08:00:00Z'),
      end: at('2026-04-10T08:00:00Z'),
    });
  });

  it('turns over at the exact time of day of the sign-up', () => {
    const signedUp = at('2026-03-10T08:00:00Z');
    expect(allowancePeriod(signedUp, at('2026-04-10T07:59:59Z')).start).toEqual(signedUp);
    expect(allowancePeriod(signedUp, at('2026-04-10T08:00:00Z')).start).toEqual(
      at('2026-04-10T08:00:00Z'),
    );
  });

  it('clamps a sign-up on the 31st to the last day of shorter months', () => {
    const signedUp = at('2026-01-31T12:00:00Z');
    expect(allowancePeriod(signedUp, at('2026-03-01T00:00:00Z'))).toEqual({
      start: at('2026-02-28T12:00:00Z'),
      end: at('2026-03-31T12:00:00Z'),
    });
  });

  it('counts across years', () => {
    expect(allowancePeriod(at('2025-11-15T00:00:00Z'), at('2027-01-20T00:00:00Z'))).toEqual({
      start: at('2027-01-15T00:00:00Z'),
      end: at('2027-02-15T00:00:00Z'),
    });
  });
});
