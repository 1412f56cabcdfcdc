// PATCH /api/storyboards/{id}: saves the editor's changes (with the updatedAt last read) and
// answers with the storyboard re-measured and re-cut. The editor's draft sends one at a time and
// is the only caller, so there is no mutation hook: a retry here would only meet a 409.
import type { StoryboardView } from '@shared/schemas/storyboards';
import { apiRequest } from '@/lib/api-client';
import type { StoryboardPatchBody } from '../storyboard-draft';

export function updateStoryboard(id: number, body: StoryboardPatchBody): Promise<StoryboardView> {
  return apiRequest<StoryboardView>('PATCH', `/api/storyboards/${id}`, body);
}
