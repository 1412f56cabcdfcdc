// List prices per picture: fal's per-megapixel price at the size the client asks for, Replicate's
// per-image price whatever version is pinned, Gemini's token-billed picture, and no guess for
// a model not listed.
import { describe, expect, it } from 'vitest';
import { costPerImageUsd } from './prices';

describe('image model list prices', () => {
  it('prices one picture of each default model', () => {
    // 1024×576 is 0.59 MP, billed as one started megapixel.
    expect(costPerImageUsd('fal', 'fal-ai/flux/schnell')).toBeCloseTo(0.003, 6);
    expect(costPerImageUsd('replicate', 'black-forest-labs/flux-schnell')).toBe(0.003);
    expect(costPerImageUsd('gemini', 'gemini-3.1-flash-image')).toBe(0.067);
  });

  it('ignores a Replicate version pin and the models/ prefix', () => {
    expect(costPerImageUsd('replicate', 'black-forest-labs/flux-dev:abc123')).toBe(0.025);
    expect(costPerImageUsd('gemini', 'models/gemini-2.5-flash-image')).toBe(0.039);
  });

  it('has no price for a model it does not list', () => {
    expect(costPerImageUsd('fal', 'fal-ai/recraft/v3')).toBeNull();
    expect(costPerImageUsd('gemini', 'gemini-9-image')).toBeNull();
  });
});
