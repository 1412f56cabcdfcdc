// Renders the landing page's demo clips into media storage in the background when a worker starts
// and the store lacks some, so start-up never waits for them; the landing page shows gradients
// until they exist.

import type { Logger } from '../logger';
import { ensureDemoClips } from '../media/demo-clip-renderer';
import { inRenderLane } from '../media/ffmpeg';
import type { Storage } from '../storage/storage';
import type { Limiter } from './limiter';
import { BACKGROUND_PRIORITY } from './priorities';

export function startDemoClips(
  storage: Storage,
  log: Logger,
  limitFfmpeg: Limiter,
): { stop: () => Promise<void> } {
  const abort = new AbortController();
  const rendering = ensureDemoClips({
    storage,
    signal: abort.signal,
    // Starts only when the worker is idle, and pauses while members' renders run.
    slot: (task) =>
      limitFfmpeg(() => inRenderLane('background', task), BACKGROUND_PRIORITY, {
        whenIdle: true,
      }),
    log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
  }).catch((error) => {
    if (!abort.signal.aborted) log.warn({ err: error }, 'demo clips could not be rendered');
  });
  return {
    // A clip cut short is never stored, so it is rendered again at the next start.
    stop: async () => {
      abort.abort();
      await rendering;
    },
  };
}
