// How the /watch page words a video's facts (spec/product.md, "Shared video page").
import { ASPECT_RATIO_LABELS, type AspectRatio } from '@shared/catalogue';

const LONG_US_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "November 22, 2026"; null when the server sent something that is not a date. */
export function formatCreatedDate(createdAt: string): string | null {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? null : LONG_US_DATE.format(date);
}

/** "1 scene", "4 scenes". */
export function sceneCountLabel(scenes: number): string {
  return `${scenes} ${scenes === 1 ? 'scene' : 'scenes'}`;
}

/** Landscape is 16:9; anything else is shown as portrait, 9:16. */
export function aspectLabel(aspectRatio: AspectRatio | string): string {
  return aspectRatio === 'landscape' ? ASPECT_RATIO_LABELS.landscape : ASPECT_RATIO_LABELS.portrait;
}
