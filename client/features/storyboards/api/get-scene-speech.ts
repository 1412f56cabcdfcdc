// GET /api/storyboards/{id}/scenes/{number}/speech: the scene's narration spoken in the
// storyboard's voice and speed (audio/wav), for "Hear this scene". 404 when it has no voice.
// Fetched, not set as an <audio> source, so a refusal can say why and an edit is never heard stale.
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export async function getSceneSpeech(
  storyboardId: number,
  sceneNumber: number,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/storyboards/${storyboardId}/scenes/${sceneNumber}/speech`, {
      credentials: 'include',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const message =
      typeof data?.message === 'string'
        ? data.message
        : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, undefined, data ?? {});
  }
  return response.blob();
}
