import { describe, expect, it } from 'vitest';
import { makeVideo } from '@/entities/videos/test-videos';
import {
  canCombine,
  combinableVideos,
  selectAllVideos,
  selectedVideos,
  selectionActions,
  toggleSelection,
} from './library-selection';

const done = (id: number) => makeVideo({ id, status: 'completed', videoUrl: `/v/${id}.mp4` });

describe('selection', () => {
  it('toggles a whole video in and out', () => {
    const once = toggleSelection(new Set(), '41');
    expect([...once]).toEqual(['41']);
    expect([...toggleSelection(once, '41')]).toEqual([]);
  });

  it('select all takes every shown video; deleted videos drop out of the selection', () => {
    const videos = [done(1), makeVideo({ id: 'req-2' })];
    const all = selectAllVideos(videos);
    expect([...all]).toEqual(['1', 'req-2']);
    expect(selectedVideos([done(1)], all).map((video) => video.id)).toEqual([1]);
  });

  it("offers 'Select All' only when nothing is selected, and the rest only with a selection", () => {
    expect(selectionActions(0, 4)).toEqual({
      selectAll: true,
      deselectAll: false,
      combine: false,
      delete: false,
    });
    expect(selectionActions(1, 4)).toEqual({
      selectAll: false,
      deselectAll: true,
      combine: true,
      delete: true,
    });
  });

  it('enables Combine only with 2 or more selected completed videos, sending their integer ids', () => {
    expect(canCombine([done(1)])).toBe(false);
    expect(canCombine([done(1), makeVideo({ id: 'req-5', status: 'processing' })])).toBe(false);
    expect(canCombine([done(1), makeVideo({ id: 7, status: 'failed' })])).toBe(false);
    expect(canCombine([done(1), done(2)])).toBe(true);
    expect(
      combinableVideos([done(1), makeVideo({ id: 'req-5' }), done(2)]).map((video) => video.id),
    ).toEqual([1, 2]);
  });
});
