// Addresses the library builds for a video: its download (and its captions') through the proxy, its
// public watch page, and the delete call, which differs for requests and finished videos
// (spec/api.md §7.3).
import type { Video } from '@shared/schemas/videos';

/** The proxy names the file after the title, so the member gets "Sunrise.mp4", not a hash. */
export function downloadUrl(video: Pick<Video, 'title' | 'videoUrl'>): string | null {
  if (!video.videoUrl) return null;
  const filename = `${video.title || 'video'}.mp4`;
  return `/api/proxy/download?url=${encodeURIComponent(video.videoUrl)}&filename=${encodeURIComponent(filename)}`;
}

/** The captions as "Sunrise.vtt"; the proxy takes the extension from the stored file. */
export function captionsDownloadUrl(video: Pick<Video, 'title' | 'captionsUrl'>): string | null {
  if (!video.captionsUrl) return null;
  const filename = `${video.title || 'video'}.vtt`;
  return `/api/proxy/download?url=${encodeURIComponent(video.captionsUrl)}&filename=${encodeURIComponent(filename)}`;
}

export function watchUrl(origin: string, id: Video['id']): string {
  return `${origin}/watch/${id}`;
}

/** `req-{n}` is still a request; every other id is generated content. */
export function deletePath(id: Video['id']): string {
  const text = String(id);
  return text.startsWith('req-')
    ? `/api/video-creation-requests/${text.slice('req-'.length)}`
    : `/api/video-generated-content/${text}`;
}
