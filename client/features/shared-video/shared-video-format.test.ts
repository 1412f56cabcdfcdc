import { describe, expect, it } from 'vitest';
import { aspectLabel, formatCreatedDate, sceneCountLabel } from './shared-video-format';

describe('shared video facts', () => {
  it('writes the creation date in long US form', () => {
    expect(formatCreatedDate('2026-11-22T12:00:00.000Z')).toBe('November 22, 2026');
    expect(formatCreatedDate('not a date')).toBeNull();
  });

  it('counts scenes in the singular and the plural', () => {
    expect(sceneCountLabel(1)).toBe('1 scene');
    expect(sceneCountLabel(4)).toBe('4 scenes');
  });

  it('labels landscape 16:9 and everything else 9:16', () => {
    expect(aspectLabel('landscape')).toBe('16:9');
    expect(aspectLabel('portrait')).toBe('9:16');
  });
});
