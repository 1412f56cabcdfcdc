// The offline planner's scene splitting over every valid input: it ends quickly, gives exactly the
// scenes asked for, no word of the member's description is lost from the visuals, and every
// narration is the member's own words, within its scene's budget, scene 1 always speaking.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aspectRatio, memberDescription, memberTitle, sceneCount } from '../../../test/member-text';
import { planLocally } from './local-planner';
import { captionOfNarration, narrationWordBudget, narrationWordCount } from './narration';

const TIME_BOUND_MS = 1000;

/** Words with at least one letter (a bare number at a line's start may be a list bullet). */
const wordsOf = (text: string) =>
  (text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).filter((word) => /\p{L}/u.test(word));

function plan(input: Parameters<typeof planLocally>[0]) {
  const started = performance.now();
  const result = planLocally(input);
  return { result, ms: performance.now() - started };
}

/** Narration fits, scene 1 speaks, and every spoken word is one the member wrote. */
function expectNarrationOf(result: ReturnType<typeof planLocally>, title: string, text: string) {
  const written = `${title} ${text}`.normalize('NFC');
  expect(result.scenes[0]?.narration.trim()).not.toBe('');
  for (const scene of result.scenes) {
    expect(scene.caption).toBe(captionOfNarration(scene.narration ?? ''));
    expect(narrationWordCount(scene.narration)).toBeLessThanOrEqual(narrationWordBudget(8));
    // A word cut from a run of CJK text is a part of it, so: contained, not equal.
    for (const word of wordsOf(scene.narration)) expect(written).toContain(word);
  }
}

describe('the offline planner', () => {
  it('splits any description into the scenes asked for, with every word in a visual', () => {
    fc.assert(
      fc.property(
        memberTitle,
        memberDescription,
        aspectRatio,
        sceneCount,
        fc.boolean(),
        (title, description, aspect, scenes, hasSourceImage) => {
          const { result, ms } = plan({
            title,
            description,
            scenes,
            aspectRatio: aspect,
            hasSourceImage,
          });
          expect(ms).toBeLessThan(TIME_BOUND_MS);
          expect(result.scenes).toHaveLength(scenes);
          const visuals = new Set(result.scenes.flatMap((scene) => wordsOf(scene.visual)));
          for (const word of wordsOf(description)) expect(visuals).toContain(word);
          expectNarrationOf(result, title, description);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps each marked scene's words when the member writes 'Scene 1: … Scene 2: …'", () => {
    fc.assert(
      fc.property(
        memberTitle,
        fc.array(
          memberDescription.map((text) => text.slice(0, 300)),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        sceneCount,
        (title, parts, scenes) => {
          const description = parts.map((part, index) => `Scene ${index + 1}: ${part}`).join('\n');
          const { result, ms } = plan({
            title,
            description,
            scenes,
            aspectRatio: 'portrait',
            hasSourceImage: false,
          });
          expect(ms).toBeLessThan(TIME_BOUND_MS);
          expect(result.scenes).toHaveLength(scenes);
          const visuals = new Set(result.scenes.flatMap((scene) => wordsOf(scene.visual)));
          for (const word of wordsOf(parts.join(' '))) expect(visuals).toContain(word);
          expectNarrationOf(result, title, description);
        },
      ),
      { numRuns: 200 },
    );
  });
});
