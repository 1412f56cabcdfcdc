// A member's own watermark (docs/watermark.md): Elite members save an image or a text, a corner and
// an opacity; the renderer puts it on their videos instead of ours. The image is one of the
// member's uploads (PNG or JPEG, at most 2 MB), copied into their watermark folder so that clearing
// unused uploads never takes it and deleting the account does.
import { buffer } from 'node:stream/consumers';
import {
  WATERMARK_LIMITS,
  WATERMARK_MESSAGES,
  type Watermark,
  type WatermarkCorner,
  type WatermarkSave,
} from '../../../shared/schemas/watermark';
import { normalizeTier, TIER_RULES } from '../../../shared/tiers';
import type { UserRow } from '../../db/schema';
import { NotFound, PlanFeatureLocked, ValidationFailed } from '../../errors';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage/storage';
import {
  isUserUploadKey,
  keyFromMediaUrl,
  mediaUrl,
  newWatermarkKey,
} from '../../storage/storage-keys';
import { detectImageType, IMAGE_SIGNATURE_BYTES } from '../uploads';
import type { WatermarkRepository, WatermarkRow } from './watermark-repository';

type Member = Pick<UserRow, 'id' | 'memberLevel'>;

export function presentWatermark(row: WatermarkRow): Watermark {
  return {
    kind: row.kind === 'image' ? 'image' : 'text',
    imageUrl: row.imageKey ? mediaUrl(row.imageKey) : null,
    text: row.text,
    corner: row.corner as WatermarkCorner,
    opacity: row.opacity,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class WatermarkService {
  constructor(
    private readonly deps: { repository: WatermarkRepository; storage: Storage; log: Logger },
  ) {}

  /** The member's watermark, whatever their plan (one kept from Elite is shown, not used). */
  async get(member: Member): Promise<Watermark | null> {
    const row = await this.deps.repository.find(member.id);
    return row ? presentWatermark(row) : null;
  }

  async save(member: Member, input: WatermarkSave): Promise<Watermark> {
    if (!TIER_RULES[normalizeTier(member.memberLevel)].customWatermark) {
      throw new PlanFeatureLocked(WATERMARK_MESSAGES.eliteOnly);
    }
    const { repository, storage, log } = this.deps;
    const current = await repository.find(member.id);
    const imageKey =
      input.kind === 'image' ? await this.imageKeyFor(member.id, input.imageUrl, current) : null;
    const { saved, replacedImageKey } = await repository.save(member.id, {
      kind: input.kind,
      imageKey,
      text: input.kind === 'text' ? input.text : null,
      corner: input.corner,
      opacity: input.opacity,
    });
    if (replacedImageKey && replacedImageKey !== saved.imageKey) {
      await storage.delete(replacedImageKey).catch((error) => {
        log.warn({ err: error, userId: member.id }, 'replaced watermark image not deleted');
      });
    }
    return presentWatermark(saved);
  }

  /**
   * Removes the member's watermark and its image: their videos carry ours again. Any member may
   * remove theirs (one kept from Elite included); removing none is not an error.
   */
  async remove(member: Member): Promise<void> {
    const removed = await this.deps.repository.remove(member.id);
    if (removed?.imageKey) await this.deps.storage.delete(removed.imageKey);
  }

  /**
   * The storage key of the watermark's image: the current one when `url` is its address, else a
   * copy of the member's own upload at `url`, once its bytes show a PNG or JPEG of at most 2 MB.
   */
  private async imageKeyFor(
    userId: string,
    url: string,
    current: WatermarkRow | null,
  ): Promise<string> {
    const { storage } = this.deps;
    const key = keyFromMediaUrl(url);
    if (key && key === current?.imageKey) return key;
    const info = key && isUserUploadKey(key, userId) ? await storage.stat(key) : null;
    if (!key || !info) throw new NotFound(WATERMARK_MESSAGES.imageNotFound);
    if (info.bytes > WATERMARK_LIMITS.imageMaxBytes) {
      throw new ValidationFailed(WATERMARK_MESSAGES.imageTooLarge, 'imageUrl');
    }
    const head = await buffer(
      await storage.read(key, { start: 0, end: IMAGE_SIGNATURE_BYTES - 1 }),
    );
    const type = detectImageType(head);
    if (type?.extension !== 'png' && type?.extension !== 'jpg') {
      throw new ValidationFailed(WATERMARK_MESSAGES.imageWrongType, 'imageUrl');
    }
    const copy = newWatermarkKey(userId, type.extension);
    await storage.putStream(copy, await storage.read(key));
    return copy;
  }
}
