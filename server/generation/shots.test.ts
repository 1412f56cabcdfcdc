// Timing a plan by its voice: scene lengths from the speech, shots at their phrases, chapters.
import { describe, expect, it } from 'vitest';
import type { Storyboard, StoryboardScene } from '../../shared/schemas/videos';
import type { SpokenWord } from '../../shared/schemas/voices';
import { SCENE_TIMING } from '../media/scene-timing';
import { chaptersOf, chapterTitle, evenShots, MIN_SHOT_SECONDS, timeScenes } from './shots';

function scene(number: number, narration: string, shots: string[]): StoryboardScene {
  return {
    number,
    prompt: narration,
    narration,
    visual: narration,
    caption: narration,
    camera: '',
    mood: 'warm',
    durationSeconds: 8,
    shots: shots.map((text) => ({ text, start: 0, end: 0, visual: null })),
  };
}

/** Words spoken at `pace` a second from `start`, each lasting most of its slot. */
function spoken(text: string, start: number, pace = 2.5): SpokenWord[] {
  return text.split(' ').map((word, index) => ({
    text: word,
    start: start + index / pace,
    end: start + (index + 0.8) / pace,
  }));
}

describe('timeScenes', () => {
  const plan: Storyboard = {
    title: 'Coffee at home',
    scenes: [
      scene(1, 'Coffee at home. Start with freshly roasted beans and grind them medium-fine.', [
        'Coffee at home.',
        'Start with freshly roasted beans',
        'and grind them medium-fine.',
      ]),
      scene(2, 'Brew for four minutes.', ['Brew for four minutes.']),
    ],
  };

  it('makes each scene as long as its speech plus a breath, the last plus its end card', () => {
    const { firstVoiceStart, voiceStart, breath, endCard, minSeconds } = SCENE_TIMING;
    const first = spoken(plan.scenes[0]?.narration ?? '', firstVoiceStart);
    const second = spoken(plan.scenes[1]?.narration ?? '', voiceStart);
    const firstEnd = first.at(-1)?.end ?? 0;
    const secondEnd = second.at(-1)?.end ?? 0;
    const timed = timeScenes(plan, [{ words: first }, { words: second }]);
    const [one, two] = timed.scenes;
    // 12 words at 2.5 a second: the last ends 4.72 s after the voice starts; a breath after it,
    // to the nearest whole frame (1/30 s), so the clip is exactly as long as planned.
    const frame = 1 / 30;
    expect(firstEnd + breath).toBeGreaterThan(minSeconds);
    expect(Math.abs((one?.durationSeconds ?? 0) - (firstEnd + breath))).toBeLessThanOrEqual(
      frame / 2,
    );
    const frames = (one?.durationSeconds ?? 0) * 30;
    expect(Math.abs(frames - Math.round(frames))).toBeLessThan(0.05);
    expect(one?.startSeconds).toBe(0);
    // A short last scene, even with its end card after the last word: at least 3 s.
    expect(secondEnd + endCard).toBeLessThan(minSeconds);
    expect(two?.durationSeconds).toBe(minSeconds);
    expect(two?.startSeconds).toBe(one?.durationSeconds);
    // The same speech closing the video holds its end card instead of a breath.
    const alone = timeScenes({ ...plan, scenes: plan.scenes.slice(0, 1) }, [{ words: first }]);
    expect(
      Math.abs((alone.scenes[0]?.durationSeconds ?? 0) - (firstEnd + endCard)),
    ).toBeLessThanOrEqual(frame / 2);
  });

  it('starts each shot just before the word its phrase begins with', () => {
    const words = spoken(plan.scenes[0]?.narration ?? '', 0.3);
    const timed = timeScenes(plan, [{ words }, null]);
    const shots = timed.scenes[0]?.shots ?? [];
    expect(shots.map((shot) => shot.text)).toEqual([
      'Coffee at home.',
      'Start with freshly roasted beans',
      'and grind them medium-fine.',
    ]);
    // "Start" is word 3 (at 0.3 + 3 / 2.5 = 1.5 s); "and" is word 8 (3.5 s).
    expect(shots[1]?.start).toBeCloseTo(1.38, 2);
    expect(shots[2]?.start).toBeCloseTo(3.38, 2);
    expect(shots[0]?.start).toBe(0);
    expect(shots.at(-1)?.end).toBe(timed.scenes[0]?.durationSeconds);
    for (const [index, shot] of shots.entries()) {
      expect(shot.end - shot.start).toBeGreaterThanOrEqual(MIN_SHOT_SECONDS);
      if (index > 0) expect(shot.start).toBe(shots[index - 1]?.end);
    }
  });

  it('finds each phrase after the one before it, even where those words were said before', () => {
    const narration = 'Fold it and fold it fold it until it shines';
    const words = spoken(narration, SCENE_TIMING.firstVoiceStart, 1.5);
    const timed = timeScenes(
      {
        title: 't',
        scenes: [scene(1, narration, ['Fold it and fold it', 'fold it', 'until it shines'])],
      },
      [{ words }],
    );
    const shots = timed.scenes[0]?.shots ?? [];
    expect(shots.map((shot) => shot.text)).toEqual([
      'Fold it and fold it',
      'fold it',
      'until it shines',
    ]);
    // "fold it" is spoken at word 5, not at the "fold" inside the first phrase (word 3).
    expect(shots[1]?.start).toBeCloseTo((words[5]?.start ?? 0) - 0.12, 2);
    expect(shots[2]?.start).toBeCloseTo((words[7]?.start ?? 0) - 0.12, 2);
  });

  it('folds a phrase too short to see into its neighbour, and splits a long lone shot in two', () => {
    const words = spoken('Yes. Brew it slowly for four whole minutes until it smells sweet', 0.3);
    const timed = timeScenes(
      {
        title: 't',
        scenes: [
          scene(1, words.map((word) => word.text).join(' '), [
            'Yes.',
            'Brew it slowly for four whole minutes until it smells sweet',
          ]),
        ],
      },
      [{ words }],
    );
    const shots = timed.scenes[0]?.shots ?? [];
    expect(shots[0]?.text.startsWith('Yes.')).toBe(true);
    expect(shots.length).toBeGreaterThanOrEqual(2);
    for (const shot of shots)
      expect(shot.end - shot.start).toBeGreaterThanOrEqual(MIN_SHOT_SECONDS);
    const lone = timeScenes(
      { title: 't', scenes: [scene(1, words.map((word) => word.text).join(' '), [])] },
      [{ words }],
    );
    expect(lone.scenes[0]?.durationSeconds).toBeGreaterThan(4);
    expect(lone.scenes[0]?.shots).toHaveLength(2);
  });

  it('keeps the planned 8 s without a voice, and shares it evenly among the shots', () => {
    const timed = timeScenes(plan, null);
    expect(timed.scenes.map((one) => one.durationSeconds)).toEqual([8, 8]);
    expect(timed.scenes.map((one) => one.startSeconds)).toEqual([0, 8]);
    const shots = timed.scenes[1]?.shots ?? [];
    // One phrase over 8 s is two shots.
    expect(shots.map((shot) => [shot.start, shot.end])).toEqual([
      [0, expect.any(Number)],
      [expect.any(Number), 8],
    ]);
  });
});

describe('evenShots', () => {
  it('never makes more shots than 1.5 s each allows', () => {
    const many = scene(1, 'a b c d e f g h', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    const shots = evenShots(many, 4);
    expect(shots.length).toBe(2);
    expect(shots.map((shot) => shot.text).join(' ')).toBe('a b c d e f g h');
  });
});

describe('chapters', () => {
  it('are the scenes on the video timeline, named by what they say', () => {
    const plan: Storyboard = {
      title: 't',
      scenes: [
        {
          ...scene(1, 'Coffee at home. Start with beans.', []),
          durationSeconds: 5.5,
          startSeconds: 0,
        },
        { ...scene(2, '', []), durationSeconds: 3, startSeconds: 5.5 },
      ],
    };
    expect(chaptersOf(plan)).toEqual([
      { start: 0, end: 5.5, title: 'Coffee at home' },
      { start: 5.5, end: 8.5, title: 'Scene 2' },
    ]);
    expect(
      chapterTitle(
        'Start with freshly roasted beans and grind them medium-fine, like sea salt.',
        1,
      ),
    ).toBe('Start with freshly roasted beans and grind them…');
  });
});
