// POST /api/storyboards: plans the Create form's video as a storyboard to review before rendering
// (the same body as a video request, plus music). Planning charges nothing; the answer is cached
// as the editor reads it, so the editor opens without asking again.
import {
  type CreateStoryboardInput,
  DEFAULT_MUSIC,
  type StoryboardView,
} from '@shared/schemas/storyboards';
import type { CreateVideoRequestInput } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storyboardSaved } from '@/entities/storyboards/storyboard-events';
import { apiRequest } from '@/lib/api-client';

/** Create's request as a storyboard: the same fields, with the music a render would choose. */
export function storyboardBodyOf(request: CreateVideoRequestInput): CreateStoryboardInput {
  const { jobId: _jobId, videoPrompt: _videoPrompt, ...fields } = request;
  return { ...fields, music: DEFAULT_MUSIC };
}

export function createStoryboard(body: CreateStoryboardInput): Promise<StoryboardView> {
  return apiRequest<StoryboardView>('POST', '/api/storyboards', body);
}

export function useCreateStoryboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStoryboard,
    // Not retried: a second try after a lost answer would plan a second draft.
    retry: false,
    onSuccess: (storyboard) => storyboardSaved(queryClient, storyboard),
  });
}
