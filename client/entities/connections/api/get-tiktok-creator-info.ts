// GET /api/connections/tiktok/creator-info: who is posting and what TikTok lets them post (privacy
// options, longest video). TikTok asks for it fresh each time a post is composed, so it is read
// when TikTok is ticked and again whenever the form opens, never from an old copy.
import type { TikTokCreatorInfo } from '@shared/schemas/publishing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { connectionKeys } from './connection-keys';

export function getTikTokCreatorInfo(): Promise<TikTokCreatorInfo> {
  return apiRequest<TikTokCreatorInfo>('GET', '/api/connections/tiktok/creator-info');
}

export const tiktokCreatorInfoQueryOptions = queryOptions({
  queryKey: connectionKeys.tiktokCreatorInfo(),
  queryFn: getTikTokCreatorInfo,
  staleTime: 0,
});

/** Loads only while `enabled` (TikTok is ticked). */
export function useTikTokCreatorInfo(enabled: boolean) {
  return useQuery({ ...tiktokCreatorInfoQueryOptions, enabled });
}
