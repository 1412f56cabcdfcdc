import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './schedule';

const at = (iso: string) => new Date(iso);

describe('nextRunAfter', () => {
  it('steps by hours, days and weeks', () => {
    const from = at('2026-11-23T10:15:00Z');
    expect(nextRunAfter('1hour', from).toISOString()).toBe('2026-11-23T11:15:00.000Z');
    expect(nextRunAfter('12hours', from).toISOString()).toBe('2026-11-23T22:15:00.000Z');
    expect(nextRunAfter('daily', from).toISOString()).toBe('2026-11-24T10:15:00.000Z');
    expect(nextRunAfter('weekly', from).toISOString()).toBe('2026-11-30T10:15:00.000Z');
  });

  it('steps a month to the same day, or the month’s last day', () => {
    expect(nextRunAfter('monthly', at('2026-01-31T08:00:00Z')).toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(nextRunAfter('monthly', at('2027-12-15T08:00:00Z')).toISOString()).toBe(
      '2028-01-15T08:00:00.000Z',
    );
  });
});
