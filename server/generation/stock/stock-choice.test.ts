// The rules that choose stock footage, one by one: the query in the member's language or in
// English where a service has none, the file nearest our size (never 4K, never over 50 MB), what
// a shot may show (its shape, its length, no blocked word), and the rate-limit headers read as
// each service means them.
import { describe, expect, it } from 'vitest';
import { blockedWordIn } from '../../media/pictures/blocklist';
import { normaliseQuery, pickFile, queryFor, suits } from './stock-footage';
import { rateHeaders } from './stock-http';
import type { StockCandidate } from './stock-types';

const clip = (overrides: Partial<StockCandidate> = {}): StockCandidate => ({
  provider: 'pexels',
  media: 'video',
  assetId: '1',
  pageUrl: 'https://www.pexels.com/video/coffee-1/',
  author: 'A',
  authorUrl: 'https://www.pexels.com/@a',
  durationSeconds: 10,
  width: 3840,
  height: 2160,
  description: 'coffee',
  thumbnailUrl: '',
  files: [
    { url: '4k', width: 3840, height: 2160, size: null },
    { url: '1080', width: 1920, height: 1080, size: null },
    { url: '720', width: 1280, height: 720, size: null },
    { url: '360', width: 640, height: 360, size: null },
  ],
  ...overrides,
});

describe('stock footage choice', () => {
  it('searches in the member language where the service has it, else in English', () => {
    const shot = { seconds: 3, subject: ['Café', 'molido'], english: ['hot', 'beverage'] };
    expect(queryFor('pexels', shot, 'es', 'landscape')).toEqual({
      query: 'café molido',
      language: 'es',
      orientation: 'landscape',
    });
    // Pexels has no Hindi, Pixabay no Arabic: both search for the picture's English name.
    const hindi = { seconds: 3, subject: ['कॉफ़ी'], english: ['hot', 'beverage'] };
    expect(queryFor('pexels', hindi, 'hi', 'portrait')).toEqual({
      query: 'hot beverage',
      language: 'en',
      orientation: 'portrait',
    });
    expect(queryFor('pixabay', { ...hindi, subject: ['قهوة'] }, 'ar', 'landscape')?.query).toBe(
      'hot beverage',
    );
    // Nothing to search for: no query.
    expect(queryFor('pixabay', { seconds: 3, subject: [], english: [] }, 'en', 'landscape')).toBe(
      null,
    );
    expect(normaliseQuery(['  Fresh,', 'BREAD!', 'and', 'butter'])).toBe('fresh bread and butter');
  });

  it('downloads the file nearest the frame, never above 1080p or 50 MB', () => {
    expect(pickFile(clip(), { width: 1280, height: 720 })?.url).toBe('720');
    expect(pickFile(clip(), { width: 720, height: 1280 })?.url).toBe('720');
    // Only 4K and a small one: the small one, not the 4K.
    const large = clip({
      files: [
        { url: '4k', width: 3840, height: 2160, size: null },
        { url: '360', width: 640, height: 360, size: null },
      ],
    });
    expect(pickFile(large, { width: 1280, height: 720 })?.url).toBe('360');
    const heavy = clip({
      files: [{ url: 'big', width: 1280, height: 720, size: 60 * 1024 * 1024 }],
    });
    expect(pickFile(heavy, { width: 1280, height: 720 })).toBe(null);
  });

  it('shows a shot only footage of its shape, long enough, and described with no blocked word', () => {
    const shot = { seconds: 4, subject: ['coffee'], english: [] };
    expect(suits(clip(), shot, 'landscape')).toBe(true);
    expect(suits(clip(), shot, 'portrait')).toBe(false);
    expect(suits(clip({ durationSeconds: 3 }), shot, 'landscape')).toBe(false);
    expect(suits(clip({ description: 'a soldier with a rifle' }), shot, 'landscape')).toBe(false);
    expect(suits(clip({ description: 'toilet paper rolls' }), shot, 'landscape')).toBe(false);
    // A photo has no length to check.
    expect(suits(clip({ media: 'photo', durationSeconds: null }), shot, 'landscape')).toBe(true);
    expect(blockedWordIn('Middle finger, gesture')).toBe('middle finger');
    expect(blockedWordIn('gunnar, coffee, gunpowder tea')).toBe(undefined);
  });

  it('reads Pexels’ reset as a UNIX time and Pixabay’s as seconds left', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const headers = new Headers({
      'x-ratelimit-limit': '200',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(now / 1000 + 3600),
    });
    expect(rateHeaders(headers, 'epoch-seconds', now)).toEqual({
      limit: 200,
      remaining: 0,
      resetAt: now + 3600 * 1000,
    });
    headers.set('x-ratelimit-reset', '40');
    expect(rateHeaders(headers, 'seconds-left', now)?.resetAt).toBe(now + 40_000);
    expect(rateHeaders(new Headers(), 'seconds-left', now)).toBe(null);
  });
});
