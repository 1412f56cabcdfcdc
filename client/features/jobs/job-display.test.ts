import { describe, expect, it } from 'vitest';
import { jobLastResult, jobSchedule } from './job-display';

const now = new Date('2026-11-23T12:00:00Z');

describe('job display', () => {
  it('says when the next video comes, or why none is coming', () => {
    expect(jobSchedule({ isActive: false, pausedReason: null, nextRunAt: null }, now)).toEqual({
      tone: 'off',
      text: 'Off: switch it on to resume',
    });
    expect(
      jobSchedule({ isActive: true, pausedReason: 'Paused: upgrade.', nextRunAt: null }, now),
    ).toEqual({ tone: 'paused', text: 'Paused: upgrade.' });
    expect(
      jobSchedule({ isActive: true, pausedReason: null, nextRunAt: '2026-11-23T11:59:00Z' }, now)
        .text,
    ).toBe('Next video: within a minute');
    expect(
      jobSchedule({ isActive: true, pausedReason: null, nextRunAt: '2026-11-24T12:00:00Z' }, now)
        .text,
    ).toMatch(/^Next video: Nov 2[34], \d{1,2}:00 [AP]M$/);
  });

  it('shows the last result with its time', () => {
    expect(jobLastResult({ lastResult: null, lastRunAt: null })).toBe('Last run: none yet');
    expect(
      jobLastResult({
        lastResult: 'Created "Tea (Nov 23, 12:00)"',
        lastRunAt: '2026-11-23T12:00:00Z',
      }),
    ).toMatch(/^Last run Nov 2[34], \d{1,2}:00 [AP]M: Created "Tea \(Nov 23, 12:00\)"$/);
  });
});
