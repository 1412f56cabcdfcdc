// List prices of the image models these clients call, as one picture at the size they ask for
// costs: for the cost estimate before a video is submitted and the cost recorded per scene.
// Sources (read for issue 26; providers change them, so a price here is a list price, not a bill):
// - fal FLUX.1 [schnell]: "$0.003 per megapixel. Images are billed by rounding up to the nearest
//   megapixel" (https://fal.ai/models/fal-ai/flux/schnell/api, https://fal.ai/pricing).
// - fal FLUX.1 [dev]: $0.025 per megapixel (https://fal.ai/models/fal-ai/flux-1/dev/llms.txt).
// - Replicate black-forest-labs/flux-schnell $0.003 and flux-dev $0.025 per output image
//   (https://replicate.com/black-forest-labs/flux-schnell, https://replicate.com/pricing).
// - Gemini (https://ai.google.dev/gemini-api/docs/pricing): image output is billed as tokens.
//   3.1 Flash Image: $60 per 1M tokens, 1,120 tokens for a picture up to 1K → $0.067;
//   2.5 Flash Image: $30 per 1M tokens, 1,290 tokens for a picture up to 1024 px → $0.039.
//   The prompt's input tokens ($0.30–0.50 per 1M) add well under $0.0001 and are left out.
import { FAL_IMAGE_SIZES } from './fal-image';

export type ImageProviderName = 'fal' | 'replicate' | 'gemini';

/** A model's list price: per picture, or per started megapixel of the picture (fal). */
export type ImagePrice = { usdPerImage: number } | { usdPerMegapixel: number };

export const IMAGE_PROVIDER_PRICES: Record<ImageProviderName, Record<string, ImagePrice>> = {
  fal: {
    'fal-ai/flux/schnell': { usdPerMegapixel: 0.003 },
    'fal-ai/flux-1/schnell': { usdPerMegapixel: 0.003 },
    'fal-ai/flux/dev': { usdPerMegapixel: 0.025 },
    'fal-ai/flux-1/dev': { usdPerMegapixel: 0.025 },
  },
  replicate: {
    'black-forest-labs/flux-schnell': { usdPerImage: 0.003 },
    'black-forest-labs/flux-dev': { usdPerImage: 0.025 },
  },
  gemini: {
    'gemini-3.1-flash-image': { usdPerImage: 0.067 },
    'gemini-3.1-flash-image-preview': { usdPerImage: 0.067 },
    'gemini-2.5-flash-image': { usdPerImage: 0.039 },
  },
};

/**
 * What one picture from `model` costs at list price, in USD; null for a model not listed here
 * (the caller decides: a configured price, or no estimate). A Replicate version pin and Gemini's
 * `models/` prefix do not change the price.
 */
export function costPerImageUsd(provider: ImageProviderName, model: string): number | null {
  const id =
    provider === 'replicate' ? (model.split(':')[0] ?? model) : model.replace(/^models\//u, '');
  const price = IMAGE_PROVIDER_PRICES[provider][id];
  if (!price) return null;
  if ('usdPerImage' in price) return price.usdPerImage;
  // Both 16:9 presets have the same area; fal bills each started megapixel.
  const { width, height } = FAL_IMAGE_SIZES.landscape;
  return Math.ceil((width * height) / 1_000_000) * price.usdPerMegapixel;
}
