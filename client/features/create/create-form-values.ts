// The Create form's fields and their starting values (with the watermark and "Review the script
// first" choices this browser remembers), and the description's over-limit warning.
import type { AspectRatio, SceneSource } from '@shared/catalogue';
import { LIMITS } from '@shared/limits';
import type { Narration } from '@/entities/voices/narration';

export type CreateVideoFormValues = {
  title: string;
  description: string;
  aspectRatio: AspectRatio;
  scenes: number;
  watermark: boolean;
  /** The scene source once the member picks one; null shows (and leaves it to) the server's. */
  sceneSource: SceneSource | null;
  /** The voice, speed and caption style once the member changes them; null shows their defaults. */
  narration: Narration | null;
  /** Plan a storyboard to review and edit before rendering, instead of creating at once. */
  reviewFirst: boolean;
};

export const CREATE_FORM_DEFAULTS: CreateVideoFormValues = {
  title: '',
  description: '',
  aspectRatio: 'landscape',
  scenes: LIMITS.scenesDefault,
  watermark: LIMITS.watermarkDefault,
  sceneSource: null,
  narration: null,
  reviewFirst: false,
};

/** The description warning of spec/product.md §5, shown once the text is over the limit. */
export const DESCRIPTION_LIMIT_WARNING = `must be < ${LIMITS.descriptionMax}`;

const WATERMARK_CHOICE_KEY = 'reelforge.createWatermark';

/**
 * The watermark switch as the member last left it, for a plan that may remove it: Pro and Elite
 * members who turn it off should not find it on again after each video or visit.
 */
export function rememberedWatermark(removable: boolean): boolean {
  if (!removable) return true;
  try {
    return window.localStorage.getItem(WATERMARK_CHOICE_KEY) !== 'off';
  } catch {
    return LIMITS.watermarkDefault;
  }
}

export function rememberWatermark(watermark: boolean): void {
  try {
    window.localStorage.setItem(WATERMARK_CHOICE_KEY, watermark ? 'on' : 'off');
  } catch {
    // Storage may be off (private mode): the choice then lasts until the page closes.
  }
}

const REVIEW_FIRST_KEY = 'reelforge.createReviewFirst';

/** "Review the script first" as the member last left it in this browser (off until turned on). */
export function rememberedReviewFirst(): boolean {
  try {
    return window.localStorage.getItem(REVIEW_FIRST_KEY) === 'on';
  } catch {
    return false;
  }
}

export function rememberReviewFirst(reviewFirst: boolean): void {
  try {
    window.localStorage.setItem(REVIEW_FIRST_KEY, reviewFirst ? 'on' : 'off');
  } catch {
    // Storage may be off (private mode): the choice then lasts until the page closes.
  }
}
