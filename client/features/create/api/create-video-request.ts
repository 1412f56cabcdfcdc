// POST /api/video-creation-requests: queues a video from the Create form, then refreshes the
// request, video and credit caches so every screen shows the new entry and balance (spec/api.md §7.2).
import type { AspectRatio } from '@shared/plans';
import { LIMITS } from '@shared/plans';
import type { CreatedVideoRequest, CreateVideoRequestInput } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The caches a new video request changes: the library lists and the credit balance and ledger. */
export const QUERY_KEYS_CHANGED_BY_CREATION = [
  ['/api/video-creation-requests'],
  ['/api/videos'],
  ['/api/credits'],
  ['/api/credits/ledger'],
] as const;

export type CreateVideoFields = {
  title: string;
  description: string;
  aspectRatio: AspectRatio;
  scenes: number;
  watermark: boolean;
  sourceImageUrl: string | null;
};

/**
 * The request body. `scenes` is sent only when the member changed it from the default, so the
 * server applies its own default otherwise (spec/api.md §7.2); no image means no sourceImageUrl.
 */
export function buildCreateVideoRequest(fields: CreateVideoFields): CreateVideoRequestInput {
  return {
    title: fields.title.trim(),
    description: fields.description.trim(),
    ...(fields.sourceImageUrl ? { sourceImageUrl: fields.sourceImageUrl } : {}),
    aspectRatio: fields.aspectRatio,
    ...(fields.scenes !== LIMITS.scenesDefault ? { scenes: fields.scenes } : {}),
    watermark: fields.watermark,
  };
}

export function createVideoRequest(body: CreateVideoRequestInput): Promise<CreatedVideoRequest> {
  return apiRequest<CreatedVideoRequest>('POST', '/api/video-creation-requests', body);
}

export function useCreateVideoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideoRequest,
    // Not awaited: the member's confirmation should not wait for four refetches.
    onSuccess: () => {
      for (const queryKey of QUERY_KEYS_CHANGED_BY_CREATION) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
