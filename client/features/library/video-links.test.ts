import { describe, expect, it } from 'vitest';
import { deletePath, downloadUrl, watchUrl } from './video-links';

describe('video links', () => {
  it('downloads through the proxy, named after the title', () => {
    expect(downloadUrl({ title: 'Boats & bikes', videoUrl: 'https://cdn.example/a b.mp4' })).toBe(
      '/api/proxy/download?url=https%3A%2F%2Fcdn.example%2Fa%20b.mp4&filename=Boats%20%26%20bikes.mp4',
    );
    expect(downloadUrl({ title: 'x', videoUrl: null })).toBeNull();
  });
  it('shares the public watch page', () => {
    expect(watchUrl('https://reelforge.test', 41)).toBe('https://reelforge.test/watch/41');
  });
  it('deletes requests and finished videos through their own routes', () => {
    expect(deletePath('req-7')).toBe('/api/video-creation-requests/7');
    expect(deletePath(41)).toBe('/api/video-generated-content/41');
  });
});
