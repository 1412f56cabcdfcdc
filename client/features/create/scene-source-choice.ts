// The Create form's scene source as pure rules: what the picker shows before the member picks, which
// image slots the form offers, and what the request carries for them.
import type { SceneSource } from '@shared/catalogue';

/** What every server offers, shown until (or when) the client config cannot be read. */
export const ALWAYS_OFFERED: readonly SceneSource[] = ['offline', 'upload'];

/**
 * The server's words when `upload` comes without an image, said before sending so the member is
 * not kept waiting for them.
 */
export { UPLOAD_NEEDS_IMAGES_MESSAGE } from '@shared/schemas/videos';
/**
 * The source the picker shows: the member's pick while the server offers it; otherwise what the
 * server does with nothing sent, so nothing needs sending: its default, or the member's images
 * when there are some and the default does not use them as a video model's first frame.
 */
export function shownSceneSource(options: {
  chosen: SceneSource | null;
  offered: readonly SceneSource[];
  serverDefault: SceneSource;
  hasImages: boolean;
}): SceneSource {
  const { chosen, offered, serverDefault, hasImages } = options;
  if (chosen && offered.includes(chosen)) return chosen;
  if (hasImages && serverDefault !== 'ai-video') return 'upload';
  return serverDefault;
}

/**
 * How many image slots the form shows: none for sources drawn without the member's images; the
 * one source image a video model starts from; or, for the member's own images, one per scene, each
 * appearing once the one before it is filled (so scene n's image is always the n-th sent).
 */
export function imageSlotCount(source: SceneSource, scenes: number, images: number): number {
  if (source === 'ai-video') return 1;
  if (source !== 'upload') return 0;
  return Math.max(1, Math.min(scenes, images + 1));
}

/**
 * The request's image fields: a single image as the long-standing `sourceImageUrl` (the video
 * model's first frame, or every scene's picture); several as `sceneImageUrls`, one per scene.
 * Sources that draw their own scenes get none, so set-aside images do not end up in the video.
 */
export function imageFields(
  source: SceneSource,
  uploadedUrls: readonly string[],
  scenes: number,
): { sourceImageUrl: string | null; sceneImageUrls?: string[] } {
  if (source === 'ai-video') return { sourceImageUrl: uploadedUrls[0] ?? null };
  if (source !== 'upload') return { sourceImageUrl: null };
  const used = uploadedUrls.slice(0, scenes);
  if (used.length <= 1) return { sourceImageUrl: used[0] ?? null };
  return { sourceImageUrl: null, sceneImageUrls: used };
}
