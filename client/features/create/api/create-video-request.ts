// POST /api/video-creation-requests: queues a video from the Create form, then refreshes the
// request, video and credit caches so every screen shows the new entry and balance (spec/api.md §7.2).
import type { AspectRatio, SceneSource } from '@shared/catalogue';
import { LIMITS } from '@shared/limits';
import type { CreatedVideoRequest, CreateVideoRequestInput } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoRequestCreated } from '@/entities/videos/video-events';
import { type Narration, narrationBody } from '@/entities/voices/narration';
import { apiRequest } from '@/lib/api-client';

export type CreateVideoFields = {
  title: string;
  description: string;
  aspectRatio: AspectRatio;
  scenes: number;
  watermark: boolean;
  sourceImageUrl: string | null;
  /** The member's image per scene, in order, when there are several. */
  sceneImageUrls?: readonly string[];
  /** The scene source the member picked; null or absent while they left it to the server. */
  sceneSource?: SceneSource | null;
  /** The picker's voice, speed and caption style; null or absent while the member left it alone. */
  narration?: Narration | null;
};

/**
 * The request body. `scenes` is sent only when the member changed it from the default, so the
 * server applies its own default otherwise (spec/api.md §7.2); no image means no sourceImageUrl,
 * and sceneImageUrls goes only with several images. Likewise sceneSource, voiceId, voiceSpeed and
 * captionStyle go only once the member touched their picker; the server then uses its default
 * source and the member's saved voice, which the pickers were showing.
 */
export function buildCreateVideoRequest(fields: CreateVideoFields): CreateVideoRequestInput {
  return {
    title: fields.title.trim(),
    description: fields.description.trim(),
    ...(fields.sourceImageUrl ? { sourceImageUrl: fields.sourceImageUrl } : {}),
    ...(fields.sceneImageUrls?.length ? { sceneImageUrls: [...fields.sceneImageUrls] } : {}),
    ...(fields.sceneSource ? { sceneSource: fields.sceneSource } : {}),
    aspectRatio: fields.aspectRatio,
    ...(fields.scenes !== LIMITS.scenesDefault ? { scenes: fields.scenes } : {}),
    watermark: fields.watermark,
    ...narrationBody(fields.narration ?? null),
  };
}

/**
 * One key per submission: the mutation's retry after a network error sends the same body object,
 * so it carries the same key, and the server answers with the video it already queued instead of
 * charging a second credit.
 */
const idempotencyKeys = new WeakMap<object, string>();

function randomKey(): string {
  // randomUUID needs a secure context; getRandomValues does not (a LAN address over http).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function idempotencyKeyFor(body: CreateVideoRequestInput): string {
  let key = idempotencyKeys.get(body);
  if (!key) {
    key = randomKey();
    idempotencyKeys.set(body, key);
  }
  return key;
}

export function createVideoRequest(body: CreateVideoRequestInput): Promise<CreatedVideoRequest> {
  return apiRequest<CreatedVideoRequest>('POST', '/api/video-creation-requests', body, {
    'idempotency-key': idempotencyKeyFor(body),
  });
}

export function useCreateVideoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideoRequest,
    onSuccess: () => videoRequestCreated(queryClient),
  });
}
