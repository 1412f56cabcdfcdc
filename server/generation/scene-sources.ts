// Which scene sources this server offers, what each would cost a video before anything is
// submitted, and which one a video gets: the member's choice when the server offers it, the plan
// allows it and it fits the plan's provider budget; otherwise the default, stepped down to a
// cheaper source until it fits (ai-video → ai-image → stock footage → the member's images or
// offline pictures).
import { SCENE_SOURCE_LABELS, SCENE_SOURCES, type SceneSource } from '../../shared/catalogue';
import { SECONDS_PER_SCENE } from '../../shared/limits';
import { UPLOAD_NEEDS_IMAGES_MESSAGE } from '../../shared/schemas/videos';
import { TIER_RULES, type Tier } from '../../shared/tiers';
import { PlanLimit, ValidationFailed } from '../errors';

/** A configured paid model and its price, as the video's estimate uses it. */
export type PricedModel = {
  provider: string;
  /** The model a plan's videos use (a plan may have its own). */
  modelFor: (level: Tier) => string;
  /** USD per generated second (video) or per image (image) of a model. */
  priceOf: (model: string) => number;
};

export type SceneSourceSettings = {
  video: PricedModel | null;
  image: PricedModel | null;
  /** A stock footage key is set (Pexels or Pixabay): free, like our own renderer. */
  stock?: boolean;
};

export type SceneSourceChoice = {
  source: SceneSource;
  /** What the video is estimated to cost in provider fees (USD). */
  estimatedCostUsd: number;
  /** Why the server chose another source than the default; null when it did not. */
  notice: string | null;
};

export function notOfferedMessage(source: SceneSource): string {
  return `${SCENE_SOURCE_LABELS[source]} is not offered on this server. Please pick another scene source.`;
}

function usd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

export class SceneSources {
  constructor(private readonly settings: SceneSourceSettings) {}

  /** Sources this server can make, cheapest first. */
  offered(): SceneSource[] {
    const offered: SceneSource[] = ['offline', 'upload'];
    if (this.settings.stock) offered.push('stock');
    if (this.settings.image) offered.push('ai-image');
    if (this.settings.video) offered.push('ai-video');
    return offered;
  }

  /**
   * What a video gets when nobody chose: the richest source the server has (a paid model the
   * operator configured, else stock footage, else offline pictures).
   */
  defaultSource(): SceneSource {
    if (this.settings.video) return 'ai-video';
    if (this.settings.image) return 'ai-image';
    if (this.settings.stock) return 'stock';
    return 'offline';
  }

  /** Provider fees for a video of `scenes` scenes from `source` (0 for our own renderer). */
  estimateUsd(source: SceneSource, scenes: number, level: Tier): number {
    if (source === 'ai-video' && this.settings.video) {
      const { modelFor, priceOf } = this.settings.video;
      return scenes * SECONDS_PER_SCENE * priceOf(modelFor(level));
    }
    if (source === 'ai-image' && this.settings.image) {
      const { modelFor, priceOf } = this.settings.image;
      return scenes * priceOf(modelFor(level));
    }
    return 0;
  }

  /**
   * The source a video is made from. A member's explicit choice is kept or refused with the
   * reason; a job run (`stepDown`) or a video with no choice steps down to what fits instead.
   */
  choose(options: {
    level: Tier;
    scenes: number;
    requested: SceneSource | null;
    hasImages: boolean;
    /** A scheduled run has nobody to tell: it steps down instead of failing. */
    stepDown?: boolean;
  }): SceneSourceChoice {
    const { level, scenes, requested, hasImages } = options;
    const rules = TIER_RULES[level];
    const offered = this.offered();
    if (requested && !options.stepDown) {
      if (!offered.includes(requested)) {
        throw new ValidationFailed(notOfferedMessage(requested), 'sceneSource');
      }
      if (!rules.sceneSources.includes(requested)) {
        throw new PlanLimit(
          `${SCENE_SOURCE_LABELS[requested]} is not part of the ${level} plan. Please pick another scene source.`,
        );
      }
      if (requested === 'upload' && !hasImages) {
        throw new ValidationFailed(UPLOAD_NEEDS_IMAGES_MESSAGE, 'sceneImageUrls');
      }
      const cost = this.estimateUsd(requested, scenes, level);
      if (cost > rules.maxProviderCostUsd) {
        throw new PlanLimit(
          `${SCENE_SOURCE_LABELS[requested]} would cost about ${usd(cost)} for this video; ${level} videos may cost up to ${usd(rules.maxProviderCostUsd)}. Please pick fewer scenes or a cheaper scene source.`,
        );
      }
      return { source: requested, estimatedCostUsd: cost, notice: null };
    }

    // The start: the member's pick (a job's) or the default; a member's images with no model to
    // animate them are their own scenes.
    const start = requested ?? this.defaultSource();
    const first: SceneSource = hasImages && start !== 'ai-video' ? 'upload' : start;
    // With images, the step down keeps them (shown as they are) rather than painting new ones.
    const order: SceneSource[] = hasImages
      ? [first, 'upload']
      : [first, 'ai-image', 'stock', 'offline'];
    for (const source of order) {
      if (!offered.includes(source) || !rules.sceneSources.includes(source)) continue;
      if (source === 'upload' && !hasImages) continue;
      const cost = this.estimateUsd(source, scenes, level);
      if (cost > rules.maxProviderCostUsd) continue;
      const notice =
        source === first
          ? null
          : `${SCENE_SOURCE_LABELS[first]} would cost more than ${level} videos allow (${usd(rules.maxProviderCostUsd)}), so this one is made with ${SCENE_SOURCE_LABELS[source]}.`;
      return { source, estimatedCostUsd: cost, notice };
    }
    return { source: 'offline', estimatedCostUsd: 0, notice: null };
  }
}

/**
 * A request's scene source. Requests made before sources existed have none: they were filmed
 * by the video model when one was configured, else drawn from the member's image or offline.
 */
export function sceneSourceOf(
  request: { sceneSource: string | null; sourceImageUrl: string | null; kind?: string },
  sources: Pick<SceneSources, 'offered'>,
): SceneSource {
  const stored = SCENE_SOURCES.find((source) => source === request.sceneSource);
  if (stored) return stored;
  if (sources.offered().includes('ai-video') && request.kind !== 'combine') return 'ai-video';
  return request.sourceImageUrl ? 'upload' : 'offline';
}
