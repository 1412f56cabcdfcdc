// The queue jobs the render pipeline handles: rendering one attempt of a video, and polling a scene
// a paid model is generating.
import type { Logger } from '../logger';
import type { JobHandlers } from '../queue/job-map';
import type { RenderPipeline } from './pipeline';
import type { ProviderRenders } from './provider-renders';

export function renderJobHandlers(deps: {
  pipeline: Pick<RenderPipeline, 'run'>;
  /** Null when the local renderer makes every scene. */
  providerRenders: Pick<ProviderRenders, 'poll'> | null;
  log: Logger;
}): Pick<JobHandlers, 'render-video' | 'poll-video-scene'> {
  return {
    'render-video': async (payload) => {
      await deps.pipeline.run(payload);
    },
    'poll-video-scene': async (payload) => {
      if (!deps.providerRenders) {
        // Polls left from a paid provider after switching to VIDEO_PROVIDER=local: they wait.
        deps.log.warn(`scene poll ${payload.jobId} skipped: no video provider is configured`);
        return;
      }
      await deps.providerRenders.poll(payload);
    },
  };
}
