// The offline planner over every valid input (any script, emoji, invisible characters, words far
// longer than a line; how quickly: `npm run bench -- bounds`): it ends, gives exactly the scenes
// asked for, no word of the member's description is lost from the visuals, every narration is the
// member's own words (an address said as words aside) within its scene's time, scene 1 speaks when
// there is anything to say, and every scene's shots follow one another from its start to its end,
// never splitting a word.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aspectRatio, memberDescription, memberTitle, sceneCount } from '../../../test/member-text';
import { SCENE_TIMING } from '../../media/scene-timing';
import { planLocally } from './local-planner';
import {
  captionOfNarration,
  NARRATION_MAX_SPEED,
  NARRATION_WORDS_PER_SECOND,
  narrationWordCount,
} from './narration';

/** Words with at least one letter (a bare number at a line's start may be a list bullet). */
const wordsOf = (text: string) =>
  (text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).filter((word) => /\p{L}/u.test(word));
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;
/** What an address said as words adds ("ember and oak dot example"), in any language guessed. */
const LINK_WORDS = new Set(
  'dot at slash and punto arroba barra ponto point arobase Punkt Schrägstrich chiocciola punt apenstaartje ドット アット スラッシュ'.split(
    ' ',
  ),
);
const segmenter = new Intl.Segmenter('en', { granularity: 'word' });

/**
 * The shots are the narration, in order, each starting and ending where Unicode's word
 * segmentation has a boundary (or between two Japanese or Chinese characters of a "word" longer
 * than a shot): no word is split between two shots.
 */
function expectWholeWords(narration: string, shots: readonly { text: string }[]) {
  const bounds = new Set([0, narration.length]);
  for (const { index, segment } of segmenter.segment(narration)) {
    bounds.add(index);
    bounds.add(index + segment.length);
  }
  const between = (at: number) =>
    CJK.test(narration[at - 1] ?? '') && CJK.test(narration[at] ?? '');
  let at = 0;
  for (const shot of shots) {
    if (!shot.text) continue;
    const found = narration.indexOf(shot.text, at);
    expect(found).toBeGreaterThanOrEqual(at);
    expect(narration.slice(at, found).trim()).toBe('');
    expect(bounds.has(found) || between(found)).toBe(true);
    at = found + shot.text.length;
    expect(bounds.has(at) || between(at)).toBe(true);
  }
  expect(narration.slice(at).trim()).toBe('');
}

/**
 * How long scene `index` of `count` may speak at 1.25×, in words: worked out here from the
 * renderer's timing (8 s less the moment before the voice and the breath or end card after it).
 */
function mostWords(index: number, count: number): number {
  const start = index === 0 ? SCENE_TIMING.firstVoiceStart : SCENE_TIMING.voiceStart;
  const tail = index === count - 1 ? SCENE_TIMING.endCard : SCENE_TIMING.breath;
  return (8 - start - tail) * NARRATION_WORDS_PER_SECOND * NARRATION_MAX_SPEED;
}

function plan(input: Parameters<typeof planLocally>[0]) {
  return { result: planLocally(input) };
}

/** Narration fits, scene 1 speaks, every spoken word is one the member wrote, shots tile. */
function expectNarrationOf(
  result: ReturnType<typeof planLocally>,
  title: string,
  text: string,
  voiced: boolean,
) {
  const written = `${title} ${text}`.normalize('NFC');
  // Scene 1 speaks whenever the member wrote anything to say or show: a word, a number, an
  // emoji or a flag. A title and description of punctuation alone ("!" and "}") say nothing.
  if (/[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]/u.test(written)) {
    expect(result.scenes[0]?.narration.trim()).not.toBe('');
  }
  result.scenes.forEach((scene, index) => {
    expect(scene.caption).toBe(captionOfNarration(scene.narration ?? ''));
    expect(narrationWordCount(scene.narration)).toBeLessThanOrEqual(
      mostWords(index, result.scenes.length) + 1e-6,
    );
    // A word cut from a run of CJK text is a part of it, so: contained, not equal.
    for (const word of wordsOf(scene.narration)) {
      if (!LINK_WORDS.has(word)) expect(written).toContain(word);
    }
    if (voiced) {
      expect(scene.durationSeconds).toBeGreaterThanOrEqual(3);
      expect(scene.durationSeconds).toBeLessThanOrEqual(8);
    } else {
      expect(scene.durationSeconds).toBe(8);
    }
    const shots = scene.shots ?? [];
    expect(shots[0]?.start).toBe(0);
    expect(shots.at(-1)?.end).toBe(scene.durationSeconds);
    shots.forEach((shot, at) => {
      if (at > 0) expect(shot.start).toBe(shots[at - 1]?.end);
      expect(shot.end).toBeGreaterThan(shot.start);
      expect(shot.end - shot.start).toBeLessThanOrEqual(4 + 0.011);
    });
    expectWholeWords(scene.narration, shots);
  });
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
        fc.boolean(),
        (title, description, aspect, scenes, hasSourceImage, voiced) => {
          const { result } = plan({
            title,
            description,
            scenes,
            aspectRatio: aspect,
            hasSourceImage,
            voiced,
          });
          expect(result.scenes).toHaveLength(scenes);
          const visuals = new Set(result.scenes.flatMap((scene) => wordsOf(scene.visual)));
          for (const word of wordsOf(description)) expect(visuals).toContain(word);
          expectNarrationOf(result, title, description, voiced);
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
        fc.boolean(),
        (title, parts, scenes, voiced) => {
          const description = parts.map((part, index) => `Scene ${index + 1}: ${part}`).join('\n');
          const { result } = plan({
            title,
            description,
            scenes,
            aspectRatio: 'portrait',
            hasSourceImage: false,
            voiced,
          });
          expect(result.scenes).toHaveLength(scenes);
          const visuals = new Set(result.scenes.flatMap((scene) => wordsOf(scene.visual)));
          for (const word of wordsOf(parts.join(' '))) expect(visuals).toContain(word);
          expectNarrationOf(result, title, description, voiced);
        },
      ),
      { numRuns: 200 },
    );
  });
});
