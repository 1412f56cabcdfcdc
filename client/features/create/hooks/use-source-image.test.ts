import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  checkImageFile,
  describeUploadFailure,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  UPLOAD_FAILED,
} from './use-source-image';

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

describe('describeUploadFailure', () => {
  it('says a file the server found is not an image is not an image, by name', () => {
    const refused = new ApiError(400, 'Failed to upload image', 'VALIDATION_ERROR', {
      message: 'Invalid file type',
      field: 'image',
    });
    expect(describeUploadFailure(refused, 'notes.png')).toEqual({
      title: 'Not an Image',
      description: '"notes.png" is not a JPG, PNG or GIF image. Please choose a picture.',
    });
  });

  it("passes on the server's reason for a size or quota refusal", () => {
    const quota = new ApiError(413, 'Failed to upload image', 'UPLOAD_QUOTA', {
      message: 'Your uploads fill your 100 MB.',
    });
    expect(describeUploadFailure(quota, 'a.png')).toEqual({
      title: 'Upload Failed',
      description: 'Your uploads fill your 100 MB.',
    });
    const tooBig = new ApiError(413, 'Failed to upload image', 'PAYLOAD_TOO_LARGE', {
      message: 'File too large',
    });
    expect(describeUploadFailure(tooBig, 'a.png')).toBe(FILE_TOO_LARGE);
  });

  it('asks to try again only when nothing better is known', () => {
    expect(describeUploadFailure(new ApiError(0, 'Failed to upload image'), 'a.png')).toBe(
      UPLOAD_FAILED,
    );
    expect(describeUploadFailure(new Error('boom'), 'a.png')).toBe(UPLOAD_FAILED);
  });
});
