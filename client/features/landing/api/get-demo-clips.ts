// GET /api/demo-clips: the demo clips rendered so far; cards without one show their gradient.
import type { DemoClips } from '@shared/schemas/demo-clips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { DEMO_ITEMS, type DemoItem } from '../demo-items';
import { landingKeys } from './landing-keys';

export function getDemoClips(): Promise<DemoClips> {
  return apiRequest<DemoClips>('GET', '/api/demo-clips');
}

export const demoClipsQueryOptions = queryOptions({
  queryKey: landingKeys.demoClips(),
  queryFn: getDemoClips,
  staleTime: 60_000,
});

/** The nine demo items, each with its clip and poster once the server has rendered them. */
export function useDemoItems(): DemoItem[] {
  const { data } = useQuery(demoClipsQueryOptions);
  const clips = new Map(data?.clips.map((clip) => [clip.id, clip]));
  return DEMO_ITEMS.map((item) => {
    const clip = clips.get(item.id);
    return clip ? { ...item, videoSrc: clip.videoSrc, thumbnailSrc: clip.thumbnailSrc } : item;
  });
}
