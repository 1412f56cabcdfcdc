// Stored media is found again only by these exact keys: the layout must never drift.
import { describe, expect, it } from 'vitest';
import {
  demoClipFolder,
  demoClipKey,
  isUserMediaKey,
  isUserUploadKey,
  keyFromMediaUrl,
  mediaUrl,
  newUploadKey,
  sceneClipKey,
  sourceClipPrefix,
  userMediaPrefix,
  userUploadPrefix,
  videoFileKeys,
  videoPrefix,
} from './storage-keys';

describe('storage keys', () => {
  it("lays out a member's uploads under users/{id}/uploads/", () => {
    expect(userMediaPrefix('u1')).toBe('users/u1/');
    expect(userUploadPrefix('u1')).toBe('users/u1/uploads/');
    expect(newUploadKey('u1', 'png')).toMatch(/^users\/u1\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(isUserUploadKey('users/u1/uploads/a.png', 'u1')).toBe(true);
    expect(isUserUploadKey('users/u1/videos/a/video.mp4', 'u1')).toBe(false);
    expect(isUserMediaKey('users/u1/videos/a/video.mp4', 'u1')).toBe(true);
    expect(isUserMediaKey('users/u10/uploads/a.png', 'u1')).toBe(false);
  });

  it("lays out a video's files in its attempt's folder", () => {
    const prefix = videoPrefix('u1', 12, 2);
    expect(prefix).toMatch(/^users\/u1\/videos\/12-2-[0-9a-f]{8}\/$/);
    expect(videoFileKeys('users/u1/videos/12-2-abcd1234/')).toEqual({
      video: 'users/u1/videos/12-2-abcd1234/video.mp4',
      thumbnail: 'users/u1/videos/12-2-abcd1234/thumbnail.jpg',
      captions: 'users/u1/videos/12-2-abcd1234/captions.vtt',
      chapters: 'users/u1/videos/12-2-abcd1234/chapters.vtt',
    });
    expect(sceneClipKey('users/u1/videos/12-2-abcd1234/', 3)).toBe(
      'users/u1/videos/12-2-abcd1234/scene-3.mp4',
    );
  });

  it("keeps a video model's clips in the attempt's generated folder", () => {
    expect(sourceClipPrefix('u1', 12, 2)).toBe('users/u1/videos/12-2-generated/');
    expect(sceneClipKey(sourceClipPrefix('u1', 12, 2), 1, 'png')).toBe(
      'users/u1/videos/12-2-generated/scene-1.png',
    );
  });

  it('keeps demo clips per renderer version', () => {
    expect(demoClipFolder('3')).toBe('demo-clips/3/');
    expect(demoClipKey('3', 'orbit', 'video')).toBe('demo-clips/3/orbit.mp4');
    expect(demoClipKey('3', 'orbit', 'poster')).toBe('demo-clips/3/orbit.jpg');
  });

  it('answers /media/{key} for a key, and only our own addresses for a key', () => {
    expect(mediaUrl('users/u1/uploads/a.png')).toBe('/media/users/u1/uploads/a.png');
    expect(keyFromMediaUrl('/media/users/u1/uploads/a.png')).toBe('users/u1/uploads/a.png');
    expect(keyFromMediaUrl('/media/users/../secret')).toBeNull();
    expect(keyFromMediaUrl('https://example.com/media/a.png')).toBeNull();
  });
});
