// Each scene's render progress, as the socket pushes it (`videoProgress.scenes`) while our renderer
// draws a video: kept in the query cache under the request's id, never fetched, so a card shows
// which scenes are done (a scene a remix reuses is done at once).
import type { VideoProgressUpdate } from '@shared/realtime';
import { type QueryClient, skipToken, useQuery } from '@tanstack/react-query';

const sceneProgressKey = (requestId: number) => ['scene-progress', requestId] as const;

/** Keeps a pushed update's per-scene figures (absent while planning or joining: kept as they were). */
export function keepSceneProgress(queryClient: QueryClient, update: VideoProgressUpdate): void {
  if (!update.scenes || update.scenes.length === 0) return;
  queryClient.setQueryData(
    sceneProgressKey(update.requestId),
    update.scenes.map((value) => Math.max(0, Math.min(100, value))),
  );
}

/** The request's scenes' progress (0–100 each), or null before the renderer has reported any. */
export function useSceneProgress(requestId: number | null): number[] | null {
  const { data } = useQuery<number[]>({
    queryKey: sceneProgressKey(requestId ?? -1),
    queryFn: skipToken,
    enabled: requestId !== null,
  });
  return data ?? null;
}
