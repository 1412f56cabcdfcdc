// What Create (and a rendered storyboard) says about the video it sent, as that video moves
// through the queue (the library list is kept current by the realtime session).
import type { Video } from '@shared/schemas/videos';

export type LastVideoStatus = { text: string; done: boolean };

export function lastVideoStatus(
  title: string,
  video: Pick<Video, 'status' | 'progress'> | undefined,
): LastVideoStatus {
  const name = `“${title}”`;
  switch (video?.status) {
    case 'processing':
      return { text: `${name} is being created (${video.progress}%).`, done: false };
    case 'completed':
      return { text: `${name} is ready.`, done: true };
    case 'failed':
      return { text: `${name} could not be created. Your credit was refunded.`, done: true };
    default:
      return { text: `${name} is in the queue.`, done: false };
  }
}
