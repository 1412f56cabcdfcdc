import { describe, expect, it } from 'vitest';
import { mergeLatestPublications, mergeVideoPublications } from './publication-cache';
import { makePublication } from './test-publishing';

describe('publication cache edits', () => {
  it('keeps the latest per video and platform: a newer publication replaces an older one', () => {
    const failed = makePublication({ id: 3, platform: 'youtube', status: 'failed' });
    const tiktok = makePublication({ id: 4, platform: 'tiktok', status: 'published' });
    const retry = makePublication({ id: 5, platform: 'youtube', status: 'queued' });
    expect(mergeLatestPublications([failed, tiktok], [retry])).toEqual([retry, tiktok]);
    // A late push about the older one does not hide the newer one.
    expect(mergeLatestPublications([retry, tiktok], [failed])).toEqual([retry, tiktok]);
    // Another video's YouTube is its own entry.
    const other = makePublication({ id: 6, videoId: 40, platform: 'youtube' });
    expect(mergeLatestPublications([retry], [other])).toEqual([other, retry]);
  });

  it('never lets an earlier state of the same publication undo a later one', () => {
    const published = makePublication({
      id: 7,
      status: 'published',
      updatedAt: '2026-11-20T10:05:00.000Z',
    });
    const uploading = makePublication({
      id: 7,
      status: 'uploading',
      updatedAt: '2026-11-20T10:01:00.000Z',
    });
    const list = [published];
    expect(mergeLatestPublications(list, [uploading])).toBe(list);
    expect(mergeVideoPublications(list, [uploading])).toBe(list);
  });

  it("keeps a video's history newest first", () => {
    const first = makePublication({ id: 2 });
    const second = makePublication({ id: 3, platform: 'tiktok' });
    expect(mergeVideoPublications([first], [second]).map((entry) => entry.id)).toEqual([3, 2]);
  });
});
