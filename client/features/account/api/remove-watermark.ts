// DELETE /api/account/watermark: removes the member's own watermark and its image; their videos
// carry ours again while the watermark switch is on.
import { WATERMARK_URL, type WatermarkRemoved } from '@shared/schemas/watermark';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';

export function removeWatermark(): Promise<WatermarkRemoved> {
  return apiRequest<WatermarkRemoved>('DELETE', WATERMARK_URL);
}

export function useRemoveWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWatermark,
    onSuccess: () => queryClient.setQueryData(accountKeys.watermark(), null),
  });
}
