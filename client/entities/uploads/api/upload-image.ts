// POST /api/upload-image: sends one JPG, PNG or GIF as multipart field `image` and answers with the
// address to put in a video request's sourceImageUrl (spec/api.md §7.2).
import type { UploadImageResponse } from '@shared/schemas/videos';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** The call's own failure message (spec/api.md §8.2); the server's reason stays in `data`. */
export const UPLOAD_IMAGE_ERROR_MESSAGE = 'Failed to upload image';

export async function uploadImage(file: File): Promise<UploadImageResponse> {
  const body = new FormData();
  body.append('image', file, file.name);
  let response: Response;
  try {
    // No content-type header: the browser writes the multipart boundary itself.
    response = await fetch('/api/upload-image', { method: 'POST', credentials: 'include', body });
  } catch {
    // Status 0 marks a network failure, which the mutation defaults retry once.
    throw new ApiError(0, UPLOAD_IMAGE_ERROR_MESSAGE);
  }
  const parsed: unknown = await response.json().catch(() => null);
  const data = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  if (!response.ok || typeof data.url !== 'string' || !data.url) {
    const code = typeof data.code === 'string' ? data.code : undefined;
    throw new ApiError(response.ok ? 500 : response.status, UPLOAD_IMAGE_ERROR_MESSAGE, code, data);
  }
  return { url: data.url };
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
