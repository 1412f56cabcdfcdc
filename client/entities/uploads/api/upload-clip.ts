// POST /api/upload-clip: sends one MP4, MOV or WebM (at most 60 s, 100 MB) as multipart field
// `clip`, for a storyboard shot to show. A refusal carries the server's own words ('Invalid file
// type', 'File too large', 'Clips can be at most 60 seconds long.', the upload quota) as its message.
import type { UploadClipResponse } from '@shared/schemas/videos';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

export const UPLOAD_CLIP_ERROR_MESSAGE = 'The clip could not be uploaded. Please try again.';

export async function uploadClip(file: File): Promise<UploadClipResponse> {
  const body = new FormData();
  body.append('clip', file, file.name);
  let response: Response;
  try {
    // No content-type header: the browser writes the multipart boundary itself.
    response = await fetch('/api/upload-clip', { method: 'POST', credentials: 'include', body });
  } catch {
    throw new ApiError(0, UPLOAD_CLIP_ERROR_MESSAGE);
  }
  const parsed: unknown = await response.json().catch(() => null);
  const data = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  if (!response.ok || typeof data.url !== 'string' || !data.url) {
    const code = typeof data.code === 'string' ? data.code : undefined;
    const reason =
      typeof data.message === 'string' && data.message ? data.message : UPLOAD_CLIP_ERROR_MESSAGE;
    throw new ApiError(response.ok ? 500 : response.status, reason, code, data);
  }
  return {
    url: data.url,
    durationSeconds: Number(data.durationSeconds),
    width: Number(data.width),
    height: Number(data.height),
  };
}

export function useUploadClip() {
  return useMutation({ mutationFn: uploadClip });
}
