// Video fixtures for tests of the screens and the realtime layer.
import type { VideoStatusUpdate } from '@shared/realtime';
import type { Video } from '@shared/schemas/videos';

export function makeVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: 'req-1',
    requestId: 1,
    title: 'Sunrise over Lisbon',
    description: 'A slow pan across the rooftops at dawn.',
    thumbnailUrl: null,
    videoUrl: null,
    status: 'queued',
    progress: 0,
    duration: null,
    scenes: 1,
    aspectRatio: 'landscape',
    createdAt: '2025-05-01T09:30:00.000Z',
    favorites: false,
    userFolderId: null,
    jobId: null,
    isPublic: false,
    generatedPrompt: null,
    errorMessage: null,
    voiceId: null,
    narrated: false,
    captionsUrl: null,
    captionsBurnedIn: false,
    chaptersUrl: null,
    assets: [],
    notice: null,
    ...overrides,
  };
}

export function makeStatusUpdate(overrides: Partial<VideoStatusUpdate> = {}): VideoStatusUpdate {
  return {
    videoId: 'req-1',
    requestId: 1,
    status: 'processing',
    title: 'Sunrise over Lisbon',
    progress: 0,
    errorMessage: null,
    ...overrides,
  };
}
