// List prices of the paid models, for the video's estimate before submitting and the operator's
// cost column. A model with no published price costs 0 unless the operator sets one
// (VIDEO_COST_PER_SECOND, IMAGE_COST_PER_IMAGE).
import { costPerImageUsd, type ImageProviderName } from './providers/images/prices';

/** USD per generated second, from the providers' pricing pages (docs/providers.md). */
const VIDEO_LIST_PRICES: Record<string, number> = {
  // Gemini API, Veo with audio at 720p/1080p.
  'veo-3.1-generate-preview': 0.4,
  'veo-3.1-fast-generate-preview': 0.15,
  'veo-3.0-generate-001': 0.4,
  'veo-3.0-fast-generate-001': 0.15,
  // Vertex AI, Veo 3.1 GA with audio.
  'veo-3.1-generate-001': 0.4,
  'veo-3.1-fast-generate-001': 0.15,
  // Gemini Omni: Google's page names no price yet; a reseller's 720p figure (field notes).
  'gemini-omni-1.1-flash': 0.1,
  'gemini-omni-1.2-flash': 0.1,
};

export function videoPricePerSecond(model: string, override: number | null): number {
  return override ?? VIDEO_LIST_PRICES[model] ?? 0;
}

export function imagePrice(
  provider: ImageProviderName,
  model: string,
  override: number | null,
): number {
  return override ?? costPerImageUsd(provider, model) ?? 0;
}
