// Downloading a video or its captions: a quick HEAD through the download proxy first, so a file
// that is gone or refused says 'Download Failed' in the app instead of leaving a broken entry in
// the browser's downloads; then the browser fetches it itself, streamed to disk with its own
// progress.
import type { Video } from '@shared/schemas/videos';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { captionsDownloadUrl, downloadUrl } from './video-links';

export async function downloadVideo(video: Pick<Video, 'title' | 'videoUrl' | 'status'>) {
  const url = video.status === 'completed' ? downloadUrl(video) : null;
  if (!url) {
    toast({
      title: 'Download Not Available',
      description: 'Cannot download failed videos',
      variant: 'destructive',
    });
    return;
  }
  await saveThroughProxy(url, `${video.title || 'video'}.mp4`, 'This video');
}

export async function downloadCaptions(video: Pick<Video, 'title' | 'captionsUrl'>) {
  const url = captionsDownloadUrl(video);
  if (!url) {
    toast({
      title: 'Download Not Available',
      description: 'This video has no captions to download',
      variant: 'destructive',
    });
    return;
  }
  await saveThroughProxy(url, `${video.title || 'video'}.vtt`, 'The captions');
}

async function saveThroughProxy(url: string, filename: string, what: string) {
  try {
    await apiRequest('HEAD', url);
  } catch (error) {
    toast({
      title: 'Download Failed',
      description: isNetworkError(error)
        ? NETWORK_ERROR_MESSAGE
        : `${what} could not be downloaded. Please try again.`,
      variant: 'destructive',
    });
    return;
  }
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.click();
}
