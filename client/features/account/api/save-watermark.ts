// PUT /api/account/watermark: saves the Elite member's own watermark (a text, or an image uploaded
// first with POST /api/upload-image). The answer is the saved watermark, shown without a refetch.
import { WATERMARK_URL, type Watermark, type WatermarkInput } from '@shared/schemas/watermark';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';

export function saveWatermark(input: WatermarkInput): Promise<Watermark> {
  return apiRequest<Watermark>('PUT', WATERMARK_URL, input);
}

export function useSaveWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWatermark,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.watermark(), saved),
  });
}
