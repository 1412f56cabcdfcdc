// Word timings from each engine's evidence: espeak-ng's word events, ElevenLabs' character times,
// and, with no timings at all, the audio's pauses matched to the text's punctuation. Every word
// comes back once, in order, inside the audio, never going backwards.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpokenWord } from '../../shared/schemas/voices';
import { wordsOf } from './text-words';
import {
  parseSilenceDetect,
  scaleWords,
  speechBetweenSilences,
  speechSpansOfSamples,
  timeWordsFromCharacters,
  timeWordsFromEvents,
  timeWordsFromPauses,
  wordsWithin,
} from './word-timings';

/** Every word once and in order, times inside the audio, never backwards, each with a length. */
function expectWellFormed(words: SpokenWord[], text: string, durationSeconds: number) {
  expect(words.map((word) => word.text)).toEqual(wordsOf(text).map((word) => word.text));
  let previousEnd = 0;
  for (const word of words) {
    expect(word.start).toBeGreaterThanOrEqual(previousEnd - 1e-9);
    expect(word.end).toBeGreaterThan(word.start);
    expect(word.end).toBeLessThanOrEqual(durationSeconds + 1e-9);
    previousEnd = word.end;
  }
}

describe('timeWordsFromEvents (espeak-ng)', () => {
  it('starts each word at its event and ends it at the next word or its clause end', () => {
    const text = 'Hello there, friend. Bye';
    const words = timeWordsFromEvents({
      words: wordsOf(text),
      events: [
        { position: 0, seconds: 0 },
        { position: 6, seconds: 0.4 },
        { position: 13, seconds: 1.1 },
        { position: 21, seconds: 2 },
      ],
      clauseEnds: [0.9, 1.8, 2.4],
      durationSeconds: 2.5,
      speech: [],
    });
    expect(words).toEqual([
      { text: 'Hello', start: 0, end: 0.4 },
      { text: 'there,', start: 0.4, end: 0.9 },
      { text: 'friend.', start: 1.1, end: 1.8 },
      { text: 'Bye', start: 2, end: 2.4 },
    ]);
  });

  it('pulls a word’s ends in to where speech is audible', () => {
    const words = timeWordsFromEvents({
      words: wordsOf('Hi, you'),
      events: [
        { position: 0, seconds: 0 },
        { position: 4, seconds: 0.5 },
      ],
      clauseEnds: [0.5, 1],
      durationSeconds: 1,
      speech: [
        { start: 0.02, end: 0.3 },
        { start: 0.6, end: 0.95 },
      ],
    });
    expect(words).toEqual([
      { text: 'Hi,', start: 0.02, end: 0.3 },
      { text: 'you', start: 0.6, end: 0.95 },
    ]);
  });

  it('places a word without an event between its neighbours, by its length', () => {
    const words = timeWordsFromEvents({
      words: wordsOf('a bbbbbbb c'),
      events: [
        { position: 0, seconds: 0 },
        { position: 10, seconds: 1 },
      ],
      clauseEnds: [1.2],
      durationSeconds: 1.2,
      speech: [],
    });
    // Weights: 'a' 2, 'bbbbbbb' 8 share the second before 'c'.
    expect(words.map((word) => word.start)).toEqual([0, 0.2, 1]);
  });

  it('keeps the first event of a word the engine spoke as several, and ignores going back', () => {
    const words = timeWordsFromEvents({
      words: wordsOf('paid $1,234 today'),
      events: [
        { position: 0, seconds: 0 },
        { position: 5, seconds: 0.3 },
        { position: 7, seconds: 0.6 },
        { position: 9, seconds: 0.9 },
        { position: 2, seconds: 0.95 },
        { position: 12, seconds: 1.5 },
      ],
      clauseEnds: [],
      durationSeconds: 2,
      speech: [],
    });
    expect(words.map((word) => [word.start, word.end])).toEqual([
      [0, 0.3],
      [0.3, 1.5],
      [1.5, 2],
    ]);
  });

  it('always answers every word, in order, inside the audio (any events at all)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zé,.!日𝒜]{1,6}$/u), { minLength: 1, maxLength: 20 }),
        fc.array(
          fc.record({
            position: fc.nat(200),
            seconds: fc.double({ min: 0, max: 12, noNaN: true }),
          }),
          {
            maxLength: 30,
          },
        ),
        fc.array(fc.double({ min: 0, max: 12, noNaN: true }), { maxLength: 6 }),
        fc.double({ min: 0.5, max: 12, noNaN: true }),
        (pieces, events, clauseEnds, durationSeconds) => {
          const text = pieces.join(' ');
          const words = timeWordsFromEvents({
            words: wordsOf(text),
            events,
            clauseEnds,
            durationSeconds,
            speech: [{ start: 0.1, end: durationSeconds / 2 }],
          });
          expect(words.map((word) => word.text)).toEqual(wordsOf(text).map((word) => word.text));
          for (const [index, word] of words.entries()) {
            expect(word.start).toBeGreaterThanOrEqual(
              index === 0 ? 0 : (words[index - 1] as SpokenWord).end,
            );
            expect(word.end).toBeGreaterThanOrEqual(word.start);
            expect(word.end).toBeLessThanOrEqual(durationSeconds + 1e-9);
          }
        },
      ),
    );
  });
});

describe('timeWordsFromPauses (speech without timings)', () => {
  it('gives each stretch of speech its sentence, matching pauses to punctuation', () => {
    const text = 'Waves roll in. Gulls circle overhead, calling. The lamp turns on.';
    const words = timeWordsFromPauses({
      words: wordsOf(text),
      speech: [
        { start: 0.05, end: 1.0 },
        { start: 1.4, end: 2.3 },
        { start: 2.5, end: 3.0 },
        { start: 3.4, end: 4.4 },
      ],
      durationSeconds: 4.6,
    });
    expectWellFormed(words, text, 4.6);
    const startOf = (text: string) => words.find((word) => word.text === text)?.start;
    const endOf = (text: string) => words.find((word) => word.text === text)?.end;
    expect(startOf('Waves')).toBe(0.05);
    expect(endOf('in.')).toBe(1);
    expect(startOf('Gulls')).toBe(1.4);
    expect(endOf('overhead,')).toBe(2.3);
    expect(startOf('calling.')).toBe(2.5);
    expect(startOf('The')).toBe(3.4);
    expect(endOf('on.')).toBe(4.4);
  });

  it('shares a stretch among its words by their length', () => {
    const words = timeWordsFromPauses({
      words: wordsOf('a bbbbbbbbb'),
      speech: [{ start: 0, end: 1.2 }],
      durationSeconds: 1.2,
    });
    // Weights: a letter each, and one for the gap after the word.
    expect(words).toEqual([
      { text: 'a', start: 0, end: 0.2 },
      { text: 'bbbbbbbbb', start: 0.2, end: 1.2 },
    ]);
  });

  it('merges more stretches than words (a breath, a click) at their closest gaps', () => {
    const words = timeWordsFromPauses({
      words: wordsOf('One. Two.'),
      speech: [
        { start: 0, end: 0.4 },
        { start: 0.45, end: 0.5 },
        { start: 1, end: 1.5 },
      ],
      durationSeconds: 1.6,
    });
    expect(words).toEqual([
      { text: 'One.', start: 0, end: 0.5 },
      { text: 'Two.', start: 1, end: 1.5 },
    ]);
  });

  it('with no pause measured, spreads the words over the whole audio', () => {
    const words = timeWordsFromPauses({ words: wordsOf('x y'), speech: [], durationSeconds: 1 });
    expect(words).toEqual([
      { text: 'x', start: 0, end: 0.5 },
      { text: 'y', start: 0.5, end: 1 },
    ]);
  });

  it('stays well-formed for a long narration with many pauses', () => {
    const text = Array.from(
      { length: 300 },
      (_, index) => `word${index}${index % 7 === 6 ? '.' : ''}`,
    ).join(' ');
    const speech = Array.from({ length: 80 }, (_, index) => ({
      start: index * 1.5,
      end: index * 1.5 + 1.2,
    }));
    // How quickly: `npm run bench -- bounds`.
    const words = timeWordsFromPauses({ words: wordsOf(text), speech, durationSeconds: 121 });
    expectWellFormed(words, text, 121);
  });
});

describe('timeWordsFromCharacters (ElevenLabs)', () => {
  it('runs each word from its first character’s start to its last one’s end', () => {
    const text = 'Hi, café!';
    const characters = Array.from(text).map((character, index) => ({
      character,
      start: index * 0.1,
      end: index * 0.1 + 0.08,
    }));
    expect(
      timeWordsFromCharacters({ text, words: wordsOf(text), characters, durationSeconds: 1 }),
    ).toEqual([
      { text: 'Hi,', start: 0, end: 0.28 },
      { text: 'café!', start: 0.4, end: 0.88 },
    ]);
  });

  it('follows the text where the service’s characters differ a little', () => {
    // The service straightened the apostrophe, added a space and left out the full stop.
    const text = 'It’s one of two.';
    const spoken = "It's  one of two";
    const characters = Array.from(spoken).map((character, index) => ({
      character,
      start: index * 0.1,
      end: index * 0.1 + 0.1,
    }));
    const words = timeWordsFromCharacters({
      text,
      words: wordsOf(text),
      characters,
      durationSeconds: 2,
    });
    expectWellFormed(words, text, 2);
    expect(words).toEqual([
      { text: 'It’s', start: 0, end: 0.4 },
      { text: 'one', start: 0.6, end: 0.9 },
      { text: 'of', start: 1, end: 1.2 },
      { text: 'two.', start: 1.3, end: 1.6 },
    ]);
  });

  it('places a word none of whose characters was timed between its neighbours', () => {
    const text = 'one two';
    const characters = 'one'.split('').map((character, index) => ({
      character,
      start: index * 0.1,
      end: index * 0.1 + 0.1,
    }));
    const words = timeWordsFromCharacters({
      text,
      words: wordsOf(text),
      characters,
      durationSeconds: 1,
    });
    expectWellFormed(words, text, 1);
    expect(words[0]).toEqual({ text: 'one', start: 0, end: 0.3 });
    expect(words[1]?.start).toBeGreaterThanOrEqual(0.3);
    expect(words[1]?.end).toBe(1);
  });
});

describe('speech and silence', () => {
  it('finds where 16-bit samples are audible', () => {
    const rate = 1000;
    const samples = new Int16Array(1000);
    for (let index = 100; index < 300; index++) samples[index] = index % 2 ? 8000 : -8000;
    for (let index = 600; index < 800; index++) samples[index] = index % 2 ? 4000 : -4000;
    expect(speechSpansOfSamples(samples, rate)).toEqual([
      { start: 0.1, end: 0.3 },
      { start: 0.6, end: 0.8 },
    ]);
  });

  it('reads silencedetect’s log lines and frame metadata alike', () => {
    const log =
      '[silencedetect @ 0x1] silence_start: 0.5\n[silencedetect @ 0x1] silence_end: 0.9 | silence_duration: 0.4\n[silencedetect @ 0x1] silence_start: 2.5';
    expect(parseSilenceDetect(log, 3)).toEqual([
      { start: 0.5, end: 0.9 },
      { start: 2.5, end: 3 },
    ]);
    const metadata =
      'frame:1 pts:1 pts_time:0.1\nlavfi.silence_start=0\nframe:9\nlavfi.silence_end=0.2\nlavfi.silence_duration=0.2\n';
    expect(parseSilenceDetect(metadata, 3)).toEqual([{ start: 0, end: 0.2 }]);
    expect(speechBetweenSilences(parseSilenceDetect(log, 3), 3)).toEqual([
      { start: 0, end: 0.5 },
      { start: 0.9, end: 2.5 },
    ]);
  });
});

describe('fitting', () => {
  const words = [
    { text: 'a', start: 0, end: 0.5 },
    { text: 'b', start: 0.5, end: 1.2 },
  ];
  it('keeps the words spoken completely in time, and scales times', () => {
    expect(wordsWithin(words, 1)).toEqual([words[0]]);
    expect(scaleWords(words, 0.5)).toEqual([
      { text: 'a', start: 0, end: 0.25 },
      { text: 'b', start: 0.25, end: 0.6 },
    ]);
  });

  it('never lets a scaled word end after the retimed audio does', () => {
    // atempo made 0.596 s of audio where the ratio promised 0.6.
    expect(scaleWords(words, 0.5, 0.596).at(-1)).toEqual({ text: 'b', start: 0.25, end: 0.596 });
  });
});
