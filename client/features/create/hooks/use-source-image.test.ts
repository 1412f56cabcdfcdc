import { describe, expect, it } from 'vitest';
import { checkImageFile, FILE_TOO_LARGE, INVALID_FILE_TYPE } from './use-source-image';

const MB = 1024 * 1024;

describe('checkImageFile', () => {
  it('accepts JPG, PNG and GIF up to 10MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif']) {
      expect(checkImageFile({ type, size: 10 * MB })).toBeNull();
    }
  });

  it('refuses files over 10MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 * MB + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select a file under 10MB.',
    });
    expect(checkImageFile({ type: 'image/png', size: 10 * MB + 1 })).toBe(FILE_TOO_LARGE);
  });

  it('refuses other types', () => {
    for (const type of ['image/webp', 'application/pdf', '']) {
      expect(checkImageFile({ type, size: 1000 })).toEqual({
        title: 'Invalid file type',
        description: 'Please select a JPG, PNG, or GIF image.',
      });
    }
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe(INVALID_FILE_TYPE);
  });
});
