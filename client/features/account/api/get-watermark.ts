// GET /api/account/watermark: the member's own watermark (an image or a text, its corner and
// opacity), or null when they have none.
import { WATERMARK_URL, type Watermark } from '@shared/schemas/watermark';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';

export function getWatermark(): Promise<Watermark | null> {
  return apiRequest<Watermark | null>('GET', WATERMARK_URL);
}

export const watermarkQueryOptions = queryOptions({
  queryKey: accountKeys.watermark(),
  queryFn: getWatermark,
});

export function useWatermark() {
  return useQuery(watermarkQueryOptions);
}
