// The body a delivery signs and sends: the event's JSON as is when it is small, and under the
// 20 kB limit however long its fields, the longest shortened first and `truncated` set.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '../../../shared/schemas/webhooks';
import { deliveryJobExpirySeconds, newDeliveryId, payloadText } from './events';

const event = { type: 'video.completed' as const, timestamp: '2026-11-20T10:00:00.000Z' };

describe('payloadText', () => {
  it('is the event as JSON when it fits', () => {
    const data = { id: '12', title: 'Harbour at dawn', scenes: 1 };
    expect(payloadText({ ...event, data })).toBe(JSON.stringify({ ...event, data }));
  });

  it('shortens the longest fields until it is under the limit, saying so', () => {
    const data = {
      id: '12',
      title: 'Harbour at dawn',
      generatedPrompt: `${'A long storyboard. '.repeat(2000)}é`,
      description: 'ü'.repeat(9000),
      assets: Array.from({ length: 200 }, (_, index) => ({ assetId: String(index), author: 'x' })),
    };
    const text = payloadText({ ...event, data });
    expect(Buffer.byteLength(text)).toBeLessThan(WEBHOOK_LIMITS.payloadMaxBytes);
    const parsed = JSON.parse(text);
    expect(parsed).toMatchObject({ ...event, data: { id: '12', title: 'Harbour at dawn' } });
    expect(parsed.data.truncated).toBe(true);
    expect(parsed.data.generatedPrompt.length).toBeLessThan(data.generatedPrompt.length);
  });

  it('keeps only the event when nothing else would fit', () => {
    const data = Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, 1]));
    const text = payloadText({ ...event, data }, 1000);
    expect(Buffer.byteLength(text)).toBeLessThan(1000);
    expect(JSON.parse(text).type).toBe('video.completed');
  });
});

describe('delivery ids and job expiry', () => {
  it('makes webhook-ids without dots, each its own', () => {
    const ids = new Set(Array.from({ length: 100 }, newDeliveryId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
  });

  it('lets a job outlive its attempt', () => {
    expect(deliveryJobExpirySeconds(15)).toBe(20);
    expect(deliveryJobExpirySeconds(2)).toBe(4);
  });
});
