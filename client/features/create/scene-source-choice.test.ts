import { describe, expect, it } from 'vitest';
import { imageFields, imageSlotCount, shownSceneSource } from './scene-source-choice';

const ALL = ['offline', 'upload', 'ai-image', 'ai-video'] as const;

describe('shownSceneSource', () => {
  it("shows the member's pick while the server offers it", () => {
    const base = { offered: ALL, serverDefault: 'ai-video' as const, hasImages: false };
    expect(shownSceneSource({ ...base, chosen: 'ai-image' })).toBe('ai-image');
    expect(shownSceneSource({ ...base, chosen: 'ai-image', offered: ['offline', 'upload'] })).toBe(
      'ai-video',
    );
  });

  it('otherwise shows what the server does with nothing sent', () => {
    const base = { chosen: null, offered: ALL };
    expect(shownSceneSource({ ...base, serverDefault: 'offline', hasImages: false })).toBe(
      'offline',
    );
    // The member's images are their scenes, unless a video model takes them as its first frame.
    expect(shownSceneSource({ ...base, serverDefault: 'ai-image', hasImages: true })).toBe(
      'upload',
    );
    expect(shownSceneSource({ ...base, serverDefault: 'ai-video', hasImages: true })).toBe(
      'ai-video',
    );
  });
});

describe('imageSlotCount', () => {
  it('offers one slot more than the images, up to one per scene, for My images', () => {
    expect(imageSlotCount('upload', 4, 0)).toBe(1);
    expect(imageSlotCount('upload', 4, 2)).toBe(3);
    expect(imageSlotCount('upload', 2, 2)).toBe(2);
    expect(imageSlotCount('upload', 1, 3)).toBe(1);
  });

  it("offers a video model's single source image, and none to sources that draw their own", () => {
    expect(imageSlotCount('ai-video', 4, 2)).toBe(1);
    expect(imageSlotCount('offline', 4, 2)).toBe(0);
    expect(imageSlotCount('ai-image', 4, 0)).toBe(0);
  });
});

describe('imageFields', () => {
  const urls = ['/a.png', '/b.png', '/c.png'];

  it('sends one image as sourceImageUrl and several as sceneImageUrls, at most one per scene', () => {
    expect(imageFields('upload', urls.slice(0, 1), 4)).toEqual({ sourceImageUrl: '/a.png' });
    expect(imageFields('upload', urls, 2)).toEqual({
      sourceImageUrl: null,
      sceneImageUrls: ['/a.png', '/b.png'],
    });
    expect(imageFields('upload', urls, 1)).toEqual({ sourceImageUrl: '/a.png' });
    expect(imageFields('upload', [], 1)).toEqual({ sourceImageUrl: null });
  });

  it('sends a video model only its first frame, and set-aside images to nobody', () => {
    expect(imageFields('ai-video', urls, 4)).toEqual({ sourceImageUrl: '/a.png' });
    expect(imageFields('offline', urls, 4)).toEqual({ sourceImageUrl: null });
    expect(imageFields('ai-image', urls, 4)).toEqual({ sourceImageUrl: null });
  });
});
