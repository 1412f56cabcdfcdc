import { describe, expect, it } from 'vitest';
import { hashtagsOf, publishDefaults } from './publishing';
import { PUBLISH_LIMITS, publishVideoSchema } from './schemas/publishing';

describe('what a post says by default', () => {
  it("takes the title, the plan's spoken script and hashtags from the video's own words", () => {
    const defaults = publishDefaults({
      title: 'Lighthouse in a winter storm',
      description: 'Waves crash against an old lighthouse while snow falls over the harbour.',
      generatedPrompt: JSON.stringify({
        title: 'Lighthouse in a winter storm',
        scenes: [
          { number: 1, narration: 'Waves crash against the lighthouse.', caption: 'x' },
          { number: 2, narration: 'Snow settles on the harbour.', caption: 'y' },
        ],
      }),
    });
    expect(defaults.title).toBe('Lighthouse in a winter storm');
    expect(defaults.description).toBe(
      'Waves crash against the lighthouse. Snow settles on the harbour.',
    );
    expect(defaults.hashtags).toEqual(['lighthouse', 'winter', 'storm', 'harbour', 'waves']);
  });

  it('falls back to the description when the plan has no script', () => {
    const defaults = publishDefaults({
      title: 'Coffee',
      description: 'A morning ritual.',
      generatedPrompt: 'not json',
    });
    expect(defaults.description).toBe('A morning ritual.');
  });

  it('keeps hashtags to words of letters and digits, in any script, without stop words', () => {
    expect(hashtagsOf('東京の夜景 #tokyo night-lights with 2026 views', 'spectacular')).toEqual([
      '東京の夜景',
      'tokyo',
      'night',
      'lights',
      'views',
    ]);
    expect(hashtagsOf('Ok', 'a spectacular show')).toEqual(['spectacular']);
  });

  it('always gives what the publish schema accepts, however long or strange the video', () => {
    const long = `${'🌊'.repeat(60)} ${'word '.repeat(400)}`;
    const defaults = publishDefaults({
      title: '🌊'.repeat(50),
      description: long,
      generatedPrompt: null,
    });
    expect(defaults.description.length).toBeLessThanOrEqual(PUBLISH_LIMITS.descriptionMax);
    const parsed = publishVideoSchema.safeParse({ platforms: ['youtube'], ...defaults });
    expect(parsed.success).toBe(true);
  });
});
