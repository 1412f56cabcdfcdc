// POST /api/videos/{id}/publish: one publication per platform (202), each then moving on by itself
// (pushes say how). The answer goes into the cached lists at once; a refusal about a connection
// means the connections shown are out of date, so they are fetched again.
import type { Publication, PublishVideoInput } from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectionKeys } from '@/entities/connections/api/connection-keys';
import { ApiError, apiRequest } from '@/lib/api-client';
import { cachePublications } from '../publication-cache';
import { publicationKeys } from './publication-keys';

/** Refusals that say the member's connections changed since the dialog loaded them. */
const CONNECTION_CODES = new Set(['NOT_CONNECTED', 'RECONNECT_NEEDED']);

export function publishVideo({
  videoId,
  input,
}: {
  videoId: Video['id'];
  input: PublishVideoInput;
}): Promise<Publication[]> {
  return apiRequest<Publication[]>(
    'POST',
    `/api/videos/${encodeURIComponent(videoId)}/publish`,
    input,
  );
}

export function usePublishVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishVideo,
    onSuccess: (publications) => {
      if (Array.isArray(publications)) cachePublications(queryClient, publications);
      return queryClient.invalidateQueries({ queryKey: publicationKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code && CONNECTION_CODES.has(error.code)) {
        void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      }
      // Already published or publishing: the dialog's list is behind the server.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: publicationKeys.all });
      }
    },
  });
}
