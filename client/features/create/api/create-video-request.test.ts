import { describe, expect, it } from 'vitest';
import { buildCreateVideoRequest, type CreateVideoFields } from './create-video-request';

const fields: CreateVideoFields = {
  title: '  Sunrise  ',
  description: ' A city wakes up. ',
  aspectRatio: 'landscape',
  scenes: 1,
  watermark: true,
  sourceImageUrl: null,
};

describe('buildCreateVideoRequest', () => {
  it('leaves scenes and the image out when the member did not set them', () => {
    expect(buildCreateVideoRequest(fields)).toEqual({
      title: 'Sunrise',
      description: 'A city wakes up.',
      aspectRatio: 'landscape',
      watermark: true,
    });
  });

  it('sends scenes once changed from the default, and the uploaded image address', () => {
    expect(
      buildCreateVideoRequest({
        ...fields,
        scenes: 3,
        aspectRatio: 'portrait',
        watermark: false,
        sourceImageUrl: '/media/uploads/u1/a.png',
      }),
    ).toEqual({
      title: 'Sunrise',
      description: 'A city wakes up.',
      sourceImageUrl: '/media/uploads/u1/a.png',
      aspectRatio: 'portrait',
      scenes: 3,
      watermark: false,
    });
  });
});
