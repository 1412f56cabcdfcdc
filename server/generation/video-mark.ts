// Which mark a video carries (docs/watermark.md): none when the member turned the watermark off;
// their own when their plan allows it (Elite) and they saved one; ours otherwise. Theirs is drawn
// once per render, in its work folder, at the video's size; if it cannot be, ours is used.
import path from 'node:path';
import type { WatermarkCorner } from '../../shared/schemas/watermark';
import { normalizeTier, TIER_RULES } from '../../shared/tiers';
import type { Logger } from '../logger';
import type { CustomMark } from '../media/scene-layout';
import { type MarkSource, prepareCustomMark } from '../media/watermark';
import type { Storage } from '../storage/storage';
import type { Limiter } from './limiter';
import type { RenderRepository, RenderRequest } from './render-repository';
import { sceneSize } from './render-run';

export async function videoMark(
  deps: {
    repository: Pick<RenderRepository, 'memberWatermark'>;
    storage: Storage;
    log: Logger;
  },
  request: RenderRequest,
  run: { workDir: string; signal: AbortSignal; limit: Limiter },
): Promise<boolean | CustomMark> {
  if (!request.watermark) return false;
  const saved = await deps.repository.memberWatermark(request.userId);
  if (!saved || !TIER_RULES[normalizeTier(saved.memberLevel)].customWatermark) return true;
  try {
    let source: MarkSource;
    if (saved.kind === 'image' && saved.imageKey) {
      const file = path.join(
        run.workDir,
        `custom-mark-source${path.posix.extname(saved.imageKey)}`,
      );
      await deps.storage.getFile(saved.imageKey, file);
      source = { kind: 'image', file };
    } else if (saved.kind === 'text' && saved.text) {
      source = { kind: 'text', text: saved.text };
    } else {
      return true;
    }
    return await run.limit(() =>
      prepareCustomMark({
        source,
        corner: saved.corner as WatermarkCorner,
        opacity: saved.opacity,
        size: sceneSize(request),
        workDir: run.workDir,
        signal: run.signal,
      }),
    );
  } catch (error) {
    if (run.signal.aborted) throw error;
    deps.log.warn({ err: error }, `video ${request.id}: the member's watermark was left for ours`);
    return true;
  }
}
