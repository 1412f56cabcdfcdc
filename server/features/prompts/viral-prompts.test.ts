// The ready-made prompts must each be a valid description for the Create form.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits';
import { createVideoRequestSchema } from '../../../shared/schemas/videos';
import { VIRAL_PROMPTS } from './viral-prompts';

describe('VIRAL_PROMPTS', () => {
  it('offers at least 30 different prompts', () => {
    expect(VIRAL_PROMPTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(VIRAL_PROMPTS.map((prompt) => prompt.trim().toLowerCase())).size).toBe(
      VIRAL_PROMPTS.length,
    );
  });

  it('keeps every prompt non-blank, vivid (200–600 characters) and within the description limit', () => {
    for (const prompt of VIRAL_PROMPTS) {
      expect(prompt.trim()).toBe(prompt);
      expect(prompt.length, prompt).toBeGreaterThanOrEqual(200);
      expect(prompt.length, prompt).toBeLessThanOrEqual(600);
      expect(prompt.length).toBeLessThan(LIMITS.descriptionMax);
    }
  });

  it('passes the Create form validation as a description', () => {
    for (const prompt of VIRAL_PROMPTS) {
      const parsed = createVideoRequestSchema.safeParse({
        title: 'Idea',
        description: prompt,
        aspectRatio: 'portrait',
      });
      expect(parsed.success, prompt).toBe(true);
    }
  });
});
