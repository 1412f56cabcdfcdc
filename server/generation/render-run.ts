// What every render mode shares: the run, progress points, scene size, voice, source, errors.

import type { AspectRatio, SceneSource } from '../../shared/catalogue';
import type { Storyboard } from '../../shared/schemas/videos';
import type { Logger } from '../logger';
import { SCENE_SIZES } from '../media/renderer';
import type { CustomMark } from '../media/scene-layout';
import type { Limiter } from './limiter';
import type { ProviderRenders } from './provider-renders';
import type { RenderRequest } from './render-repository';
import { sceneSourceOf } from './scene-sources';
import type { NarrationVoices } from './video-sound';

/** Progress points: planning takes the first few, rendering most, joining and storing the rest. */
export const PROGRESS = { planned: 5, rendered: 90, stored: 98 } as const;

/**
 * One attempt's working folder, storage prefix, abort signal and ffmpeg slots, and the mark its
 * scenes carry: ours (true), none (false), or the member's own, prepared once (video-mark.ts).
 */
export type RenderRun = {
  workDir: string;
  prefix: string;
  signal: AbortSignal;
  limit: Limiter;
  watermark: boolean | CustomMark;
};

/**
 * The planner's scenes for the request being rendered (RenderPipeline's planning), with or
 * without a source image, each scene `fixedSceneSeconds` long when that is not null.
 */
export type PlanScenes = (
  hasSourceImage: boolean,
  fixedSceneSeconds: number | null,
) => Promise<Storyboard>;

/** An error whose message a member may read as is. */
export class ReadableRenderError extends Error {}

export function sceneSize(request: RenderRequest): { width: number; height: number } {
  return SCENE_SIZES[request.aspectRatio as AspectRatio] ?? SCENE_SIZES.landscape;
}

/** The voice that narrates the request, when it has one this server still offers. */
export function voiceOf(
  request: RenderRequest,
  deps: { voices?: NarrationVoices | null; log: Logger },
): { id: string; language: string } | null {
  const { voices } = deps;
  if (!voices || !request.voiceId) return null;
  const language = voices.language(request.voiceId);
  if (language === null) {
    deps.log.warn(`video ${request.id}: voice ${request.voiceId} is no longer offered`);
    return null;
  }
  return { id: request.voiceId, language };
}

/** Where the request's scenes come from, as this server can make them. */
export function sourceOf(
  request: RenderRequest,
  deps: { providerRenders?: ProviderRenders | null; log: Logger },
): SceneSource {
  const renders = deps.providerRenders;
  const source = sceneSourceOf(request, {
    offered: () => (renders?.offers('video') ? ['ai-video'] : []),
  });
  const kind = source === 'ai-video' ? 'video' : source === 'ai-image' ? 'image' : null;
  if (kind && !renders?.offers(kind)) {
    // The server's models changed since the video was asked for: it is drawn offline instead.
    deps.log.warn(`video ${request.id}: no ${kind} model configured; drawn offline`);
    return request.sceneImageUrls?.length || request.sourceImageUrl ? 'upload' : 'offline';
  }
  return source;
}

/**
 * Whether the request's video has music, and in which mood: the member's storyboard choice, else
 * the server's setting (RENDER_MUSIC) in the opening scene's mood. `auto` follows the scenes.
 */
export function musicOf(
  request: RenderRequest,
  serverMusic: boolean | undefined,
): { music: boolean; musicMood?: string } {
  const chosen = request.music;
  if (!chosen) return { music: serverMusic ?? true };
  if (!chosen.enabled) return { music: false };
  return chosen.mood && chosen.mood !== 'auto'
    ? { music: serverMusic ?? true, musicMood: chosen.mood }
    : { music: serverMusic ?? true };
}

/** The storyboard the member edited, when the request renders one as written. */
export function memberStoryboardOf(request: RenderRequest): Storyboard | null {
  if (!request.memberStoryboard || !request.generatedPrompt) return null;
  return JSON.parse(request.generatedPrompt) as Storyboard;
}
