// The Create form's fields and their starting values, and the description's over-limit warning.
import { type AspectRatio, LIMITS, type SceneSource } from '@shared/plans';
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
};

export const CREATE_FORM_DEFAULTS: CreateVideoFormValues = {
  title: '',
  description: '',
  aspectRatio: 'landscape',
  scenes: LIMITS.scenesDefault,
  watermark: LIMITS.watermarkDefault,
  sceneSource: null,
  narration: null,
};

/** The description warning of spec/product.md §5, shown once the text is over the limit. */
export const DESCRIPTION_LIMIT_WARNING = `must be < ${LIMITS.descriptionMax}`;
