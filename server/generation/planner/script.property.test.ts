// The offline planner's script over a corpus of descriptions (plain, numbered and bulleted lists,
// long and short, in six languages), checked against the sentences the corpus wrote: every
// sentence, or its shortened form, is said in order with nothing else in between; what was left
// out is listed, from the end and list items last, only after shortening and speeding up; no
// narration ends mid-phrase; every list item is kept while the items fit; scenes and shots keep
// their bounds; and the plan is the same every time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Storyboard } from '../../../shared/schemas/videos';
import { SCENE_TIMING } from '../../media/scene-timing';
import { type CorpusCase, corpusCase } from './description-corpus';
import { planLocally } from './local-planner';
import { NARRATION_WORDS_PER_SECOND, narrationWordCount } from './narration';

const RUNS = 400;

/** Letters and digits only, no spaces: Japanese has none, so words are compared as one run. */
const squash = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '');
const words = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

/**
 * Worked out here from the renderer's timing (not the planner's own helpers): when a scene's voice
 * starts, the time after its last word (a breath, or the end card after the video's last), and
 * how many words it speaks at 2.5 a second in the 8 s it may last.
 */
const startOf = (index: number) =>
  index === 0 ? SCENE_TIMING.firstVoiceStart : SCENE_TIMING.voiceStart;
const tailOf = (index: number, count: number) =>
  index === count - 1 ? SCENE_TIMING.endCard : SCENE_TIMING.breath;
function capacity(index: number, count: number): number {
  return (8 - startOf(index) - tailOf(index, count)) * NARRATION_WORDS_PER_SECOND;
}

/** Words a phrase never ends on, in the corpus's languages. */
const FUNCTION_WORDS = new Set(
  `a an the and or but to of in on at by for from with into while as than that which who is are
  el la los las un una y o de del al en con por para que se su
  o os as um uma e ou do da dos das no na em com seu sua
  le les un une des et ou du au aux à avec pour par qui se son sa
  der die das den dem des ein eine einen und oder zu mit für von im auf bei am`.split(/\s+/u),
);
/** Words a new phrase may start with, where a scene may change mid-sentence. */
const PHRASE_STARTS = new Set(
  `with in on at for to by until while because before after from into then
  en con para por cuando antes hasta y luego
  em com até enquanto antes nas no
  en sur avant quand à
  in auf bei vor am und`.split(/\s+/u),
);
const JAPANESE_PARTICLE_END = /[はがをにでともへて][、]?$/u;
const ENDS_PHRASE = /[.!?…。！？,;:、，；：—–]["'”’»」』)\]]*$/u;

function plan(example: CorpusCase): { result: Storyboard } {
  const result = planLocally({
    title: example.title,
    description: example.description,
    scenes: example.scenes,
    aspectRatio: 'portrait',
    hasSourceImage: false,
    voiced: example.voiced,
    narrationLanguage: example.narrationLanguage,
    engineRun: example.engineRun,
  });
  return { result };
}

/** The title, when the plan opens with it as its hook. */
function hookOf(example: CorpusCase): string | null {
  if (example.engineRun) return null;
  const first = example.sentences[0];
  return first && squash(first.text).includes(squash(example.title)) ? null : example.title;
}

/**
 * Walks the whole narration: the hook, each sentence as written or shortened (or listed as
 * omitted), the call to action, in order and nothing else. Returns how each sentence was said.
 */
function said(example: CorpusCase, result: Storyboard): Array<'full' | 'short' | 'omitted'> {
  const spoken = squash(result.scenes.map((scene) => scene.narration).join(' '));
  let at = 0;
  const hook = hookOf(example);
  if (hook && !result.omitted?.includes(hook)) {
    expect(spoken.startsWith(squash(hook)), 'opens with the title').toBe(true);
    at += squash(hook).length;
  }
  const forms = example.sentences.map((sentence) => {
    if (result.omitted?.includes(sentence.text)) return 'omitted' as const;
    const full = squash(sentence.text);
    const short = squash(sentence.short);
    if (spoken.startsWith(full, at)) {
      at += full.length;
      return full === short ? ('short' as const) : ('full' as const);
    }
    expect(spoken.slice(at, at + short.length), `says “${sentence.short}” next`).toBe(short);
    at += short.length;
    return 'short' as const;
  });
  if (example.closing) {
    expect(spoken.slice(at), 'ends with the call to action').toBe(squash(example.closing.spoken));
    at += squash(example.closing.spoken).length;
  }
  expect(at, 'says nothing more').toBe(spoken.length);
  return forms;
}

/** Lines the plan says (hook, kept sentences, call to action): can every scene have one? */
function spokenLines(example: CorpusCase, forms: string[]): number {
  return (
    (hookOf(example) ? 1 : 0) +
    forms.filter((form) => form !== 'omitted').length +
    (example.closing ? 1 : 0)
  );
}

describe('the script of the offline planner, over a corpus in six languages', () => {
  it('says every sentence or its shortened form, in order, and lists what it leaves out', () => {
    fc.assert(
      fc.property(corpusCase, (example) => {
        const { result } = plan(example);
        expect(result.scenes).toHaveLength(example.scenes);
        const forms = said(example, result);
        // The first line is never left out (a list's intro may be, for its items); nothing the
        // member did not write is listed.
        const intro =
          example.sentences.some((sentence) => sentence.item) && !example.sentences[0]?.item;
        const anchor = intro ? example.sentences.findIndex((sentence) => sentence.item) : 0;
        expect(forms[anchor]).not.toBe('omitted');
        const written = [example.title, ...example.sentences.map((sentence) => sentence.text)];
        for (const line of result.omitted ?? []) expect(written).toContain(line);
        const dropped = forms.map((form) => form === 'omitted');
        if (dropped.some(Boolean)) {
          // Shortening and speeding up come first: once anything is left out, every sentence
          // said is shortened and the voice is at its fastest where the words are packed.
          expect(forms.filter((form) => form === 'full')).toEqual([]);
          // Then (the title making room first) from the end: sentences, then list items.
          const kinds = example.sentences.map((sentence, index) => ({ ...sentence, index }));
          const lastKeptSentence = kinds.findLast((one) => !one.item && !dropped[one.index]);
          const firstDroppedSentence = kinds.find((one) => !one.item && dropped[one.index]);
          if (firstDroppedSentence && lastKeptSentence && lastKeptSentence.index > 0) {
            expect(lastKeptSentence.index).toBeLessThan(firstDroppedSentence.index);
          }
          const others = kinds.filter((one) => !one.item && (one.index > 0 || intro));
          const items = kinds.filter((one) => one.item && one.index !== anchor);
          const firstDroppedItem = items.findIndex((one) => dropped[one.index]);
          if (firstDroppedItem >= 0) {
            expect(items.slice(firstDroppedItem).every((one) => dropped[one.index])).toBe(true);
            expect(others.every((one) => dropped[one.index])).toBe(true);
          }
        }
        // Speaking faster comes after shortening: a faster voice says every sentence shortened.
        if (result.scenes.some((scene) => (scene.speed ?? 1) > 1)) {
          expect(forms.filter((form) => form === 'full')).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('never ends a narration mid-phrase', () => {
    fc.assert(
      fc.property(corpusCase, (example) => {
        const { result } = plan(example);
        const narrations = result.scenes.map((scene) => scene.narration.trim());
        const speaking = narrations.filter(Boolean);
        expect(speaking.at(-1)).toMatch(/[.!?…。！？]["'”’»」』)\]]*$/u);
        const forms = said(example, result);
        const enoughLines = spokenLines(example, forms) >= example.scenes;
        narrations.forEach((narration, index) => {
          if (!narration) return;
          // Where the member put a stop or a comma, the phrase ends; elsewhere a scene never
          // ends on "the" or "with" ("…Hitze an." is a German verb's end).
          const last = words(narration).at(-1) ?? '';
          if (!ENDS_PHRASE.test(narration)) {
            expect(FUNCTION_WORDS.has(last), `“${narration}” ends on “${last}”`).toBe(false);
          }
          // With a line for every scene, a scene ends at a sentence, a clause or before a phrase.
          if (!enoughLines || ENDS_PHRASE.test(narration)) return;
          if (example.language === 'ja') {
            expect(narration).toMatch(JAPANESE_PARTICLE_END);
            return;
          }
          const next = words(narrations.slice(index + 1).find(Boolean) ?? '')[0] ?? '';
          expect(PHRASE_STARTS.has(next), `“${narration}” | “${next}…”`).toBe(true);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps every list item while the items’ shortened forms fit', () => {
    fc.assert(
      fc.property(
        corpusCase.filter((example) => example.sentences.some((sentence) => sentence.item)),
        (example) => {
          const { result } = plan(example);
          const hook = hookOf(example);
          const needed =
            narrationWordCount(hook ?? '') +
            narrationWordCount(example.sentences[0]?.short ?? '') +
            example.sentences
              .slice(1)
              .filter((sentence) => sentence.item)
              .reduce((sum, sentence) => sum + narrationWordCount(sentence.short), 0) +
            narrationWordCount(example.closing?.spoken ?? '');
          let room = 0;
          for (let index = 0; index < example.scenes; index += 1) {
            room += capacity(index, example.scenes) * 1.25;
          }
          if (needed > room * 0.7) return;
          for (const sentence of example.sentences.filter((one) => one.item)) {
            expect(result.omitted).not.toContain(sentence.text);
          }
          said(example, result);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('keeps scenes within 3–8 s (8 s without a voice) and shots within 1.5–4 s', () => {
    fc.assert(
      fc.property(corpusCase, (example) => {
        const { result } = plan(example);
        const count = example.scenes;
        const forms = said(example, result);
        result.scenes.forEach((scene, index) => {
          const speed = scene.speed ?? 1;
          const spoken = narrationWordCount(scene.narration);
          expect(speed).toBeGreaterThanOrEqual(1);
          expect(speed).toBeLessThanOrEqual(1.25);
          // Without a voice, captions hold as many words as the voice could say at its fastest.
          const pace = example.voiced ? speed : 1.25;
          expect(spoken).toBeLessThanOrEqual(capacity(index, count) * pace + 1e-6);
          if (example.voiced) {
            const speech = spoken / (NARRATION_WORDS_PER_SECOND * speed);
            const estimate = Math.min(
              8,
              Math.max(3, startOf(index) + speech + tailOf(index, count)),
            );
            expect(scene.durationSeconds).toBeCloseTo(estimate, 1);
            // With a voice, every scene speaks when the text has a line for every scene.
            if (spokenLines(example, forms) >= count) expect(scene.narration).not.toBe('');
          } else {
            expect(scene.durationSeconds).toBe(8);
            expect(speed).toBe(1);
          }
          const shots = scene.shots ?? [];
          expect(shots.length).toBeGreaterThan(0);
          expect(shots[0]?.start).toBe(0);
          expect(shots.at(-1)?.end).toBe(scene.durationSeconds);
          if (scene.durationSeconds > 4) expect(shots.length).toBeGreaterThanOrEqual(2);
          shots.forEach((shot, at) => {
            if (at > 0) expect(shot.start).toBe(shots[at - 1]?.end);
            expect(shot.end - shot.start).toBeGreaterThanOrEqual(1.5 - 0.011);
            expect(shot.end - shot.start).toBeLessThanOrEqual(4 + 0.011);
            expect(shot.visual).toBeNull();
          });
          // The shots are the narration, phrase by phrase, no word split between two of them.
          expect(squash(shots.map((shot) => shot.text).join(''))).toBe(squash(scene.narration));
          // (Japanese has no spaces: its shots fall between the words Intl.Segmenter finds.)
          if (example.language !== 'ja') {
            expect(shots.flatMap((shot) => words(shot.text))).toEqual(words(scene.narration));
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('says a call to action’s address as words and shows it as written', () => {
    fc.assert(
      fc.property(
        corpusCase.filter((example) => example.closing !== null),
        (example) => {
          const { result } = plan(example);
          const closing = example.closing as NonNullable<CorpusCase['closing']>;
          const spoken = result.scenes.map((scene) => scene.narration).join(' ');
          expect(squash(spoken).endsWith(squash(closing.spoken))).toBe(true);
          expect(spoken).not.toContain(closing.written);
          // Shown over the scene that says the address (the last, unless a short text is spread).
          const address = squash(closing.address);
          const saying = result.scenes.findLast((scene) =>
            squash(scene.narration).includes(address),
          );
          expect(saying?.overlay).toBe(closing.written);
          for (const scene of result.scenes) {
            if (scene !== saying) expect(scene.overlay).toBeNull();
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('gives the same plan for the same request', () => {
    fc.assert(
      fc.property(corpusCase, (example) => {
        expect(plan(structuredClone(example)).result).toEqual(plan(example).result);
      }),
      { numRuns: 100 },
    );
  });
});
