import { describe, expect, it } from 'vitest';
import { idempotencyKeyFor } from './create-video-request';

const body = () => ({
  title: 'Sunrise',
  description: 'Boats at dawn.',
  aspectRatio: 'landscape' as const,
  watermark: true,
});

describe('idempotencyKeyFor', () => {
  it('gives a retried submission (the same body) the same key, and a new submission a new one', () => {
    const submission = body();
    const key = idempotencyKeyFor(submission);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(idempotencyKeyFor(submission)).toBe(key);
    expect(idempotencyKeyFor(body())).not.toBe(key);
  });
});
