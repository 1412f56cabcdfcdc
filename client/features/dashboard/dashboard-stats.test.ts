import { LIMITS } from '@shared/limits';
import { describe, expect, it } from 'vitest';
import { activityStat, countVideos } from './dashboard-stats';
import { TAGLINES } from './taglines';

const statuses = (...list: ('queued' | 'processing' | 'completed' | 'failed')[]) =>
  list.map((status) => ({ status }));

describe('dashboard counts', () => {
  it('counts videos by status', () => {
    expect(
      countVideos(statuses('completed', 'completed', 'processing', 'queued', 'failed')),
    ).toEqual({
      completed: 2,
      processing: 1,
      queued: 1,
    });
  });

  it('shows processing videos, or the queued ones labelled Queued when none are processing', () => {
    expect(activityStat(countVideos(statuses('processing', 'queued', 'queued')))).toEqual({
      label: 'Processing',
      value: 1,
    });
    expect(activityStat(countVideos(statuses('queued', 'queued', 'completed')))).toEqual({
      label: 'Queued',
      value: 2,
    });
    expect(activityStat(countVideos(statuses('completed')))).toEqual({
      label: 'Processing',
      value: 0,
    });
  });
});

describe('taglines', () => {
  it('has the ten distinct messages the spec asks for', () => {
    expect(new Set(TAGLINES).size).toBe(LIMITS.taglineCount);
  });
});
