// DELETE /api/storyboards/{id}: throws a draft away (nothing was charged for it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storyboardDeleted } from '@/entities/storyboards/storyboard-events';
import { apiRequest } from '@/lib/api-client';

export function deleteStoryboard(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/api/storyboards/${id}`);
}

export function useDeleteStoryboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStoryboard,
    onSuccess: (_answer, id) => storyboardDeleted(queryClient, id),
  });
}
