// The offline planner: what the storyboard (and so the preview video) holds for a given request.
import { describe, expect, it } from 'vitest';
import { balancedCuts, clampText, markedScenes, planLocally } from './local-planner';
import { captionOfNarration, narrationWordCount } from './narration';
import { createLocalPlanner } from './offline-plan';
import type { PlanInput } from './planner';
import { createPlanner } from './planner';

const base: PlanInput = {
  title: 'Skater Cat',
  description: 'A cat learns to skateboard in Tokyo.',
  scenes: 4,
  aspectRatio: 'portrait',
  hasSourceImage: false,
};

const LONG_DESCRIPTION = Array.from(
  { length: 20 },
  (_, index) =>
    `Beat ${index + 1}: the lighthouse keeper climbs the spiral stairs with a brass lantern while the storm rattles the windows.`,
)
  .join(' ')
  .slice(0, 1500);

const INPUTS: PlanInput[] = [
  base,
  { ...base, title: 'Cats', description: 'Cats' },
  { ...base, title: 'x', description: '!' },
  { ...base, title: 'Long', description: LONG_DESCRIPTION },
  {
    ...base,
    title: 'Beach day 🏖️',
    description:
      'Beach day 🏖️🌴 with friends, sunset tacos 🌮 and surf 🏄‍♀️ until the stars come out',
  },
  { ...base, title: '東京', description: '東京の夜。猫がスケートボードに乗る。' },
  { ...base, title: 'Lines', description: '- First line\n- Second line\n\n3) Third line\r\n🔥🔥' },
];

function isWellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

describe('planLocally', () => {
  it('always plans exactly the requested number of 8-second scenes, numbered from 1', () => {
    for (const input of INPUTS) {
      for (const scenes of [1, 2, 3, 4]) {
        const plan = planLocally({ ...input, scenes });
        expect(plan.scenes.map((scene) => scene.number)).toEqual(
          Array.from({ length: scenes }, (_, index) => index + 1),
        );
        expect(plan.scenes[0]?.narration.trim()).not.toBe('');
        for (const scene of plan.scenes) {
          expect(scene.durationSeconds).toBe(8);
          expect(scene.prompt.trim()).not.toBe('');
          expect(scene.visual.trim()).not.toBe('');
          expect(scene.caption).toBe(captionOfNarration(scene.narration ?? ''));
          expect(scene.camera.trim()).not.toBe('');
          expect(scene.mood.trim()).not.toBe('');
        }
      }
    }
  });

  it('clamps an out-of-range scene count to 1..4', () => {
    expect(planLocally({ ...base, scenes: 0 }).scenes).toHaveLength(1);
    expect(planLocally({ ...base, scenes: 9 }).scenes).toHaveLength(4);
    expect(planLocally({ ...base, scenes: 2.7 }).scenes).toHaveLength(2);
  });

  it('gives the same plan for the same input, and another plan for other words', () => {
    for (const input of INPUTS) {
      expect(planLocally(input)).toEqual(planLocally({ ...input }));
    }
    expect(planLocally(base)).not.toEqual(planLocally({ ...base, title: 'Skater Dog' }));
  });

  it('deals sentences to scenes in order and narrates each scene with its sentence', () => {
    const plan = planLocally({
      ...base,
      title: 'Morning bakery',
      description:
        'Dawn over the harbour town. Flour drifts through a beam of light! Hands shape warm loaves. The first customer smiles at the door.',
    });
    expect(plan.title).toBe('Morning bakery');
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Dawn over the harbour town.',
      'Flour drifts through a beam of light!',
      'Hands shape warm loaves.',
      'The first customer smiles at the door.',
    ]);
    expect(plan.scenes[1]?.prompt).toContain('Flour drifts through a beam of light!');
    expect(plan.scenes[1]?.visual).toMatch(/^Flour drifts through a beam of light! Camera: /u);
    expect(plan.scenes[0]?.prompt).not.toContain('Flour drifts');
  });

  it('groups extra sentences so every sentence reaches a scene, in order', () => {
    const plan = planLocally({ ...base, title: 'Long', description: LONG_DESCRIPTION, scenes: 3 });
    const prompts = plan.scenes.map((scene) => scene.prompt).join('\n');
    expect(prompts.indexOf('Beat 1:')).toBeLessThan(prompts.indexOf('Beat 2:'));
    // 13 whole sentences and a cut one, in groups of about equal length: 5, 4 and 5.
    expect(plan.scenes.map((scene) => scene.visual.slice(0, 8))).toEqual([
      'Beat 1: ',
      'Beat 6: ',
      'Beat 10:',
    ]);
    expect(plan.scenes[2]?.visual).toContain('Beat 14: the lighthouse kee. Camera: ');
    // Every word of the description is in a visual, in order, with nothing cut.
    const words = (text: string) => text.replaceAll('.', '').split(/\s+/);
    const subjects = plan.scenes.map((scene) => scene.visual.split(' Camera: ')[0]).join(' ');
    expect(words(subjects)).toEqual(words(LONG_DESCRIPTION));
    // Each scene says what its 8 seconds hold: its first sentence, cut at a whole word.
    expect(plan.scenes.map((scene) => scene.narration)).toEqual(
      [1, 6, 10].map(
        (beat) =>
          `Beat ${beat}: the lighthouse keeper climbs the spiral stairs with a brass lantern while the storm rattles.`,
      ),
    );
  });

  it('turns one sentence into four distinct beats and cameras, saying the sentence once', () => {
    const plan = planLocally(base);
    // Word groups are pictures, not sentences: the voice says the sentence whole, once.
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Skater Cat',
      'A cat learns to skateboard in Tokyo.',
      '',
      '',
    ]);
    const prompts = plan.scenes.map((scene) => scene.prompt);
    expect(new Set(prompts).size).toBe(4);
    expect(prompts[0]).toMatch(/^Wide establishing shot: A cat learns to skateboard in Tokyo\./);
    expect(prompts[1]).toMatch(/^Intimate close-up: /);
    expect(prompts[2]).toMatch(/^Dynamic action shot: /);
    expect(prompts[3]).toMatch(/^Closing shot: /);
    for (const prompt of prompts) expect(prompt).toContain('A cat learns to skateboard in Tokyo');
    expect(new Set(plan.scenes.map((scene) => scene.camera)).size).toBe(4);
  });

  it('opens with the title as a hook only when the description does not already say it', () => {
    const hooked = planLocally({
      ...base,
      title: 'Art',
      description: 'Start the day right',
      scenes: 2,
    });
    expect(hooked.scenes.map((scene) => scene.narration)).toEqual(['Art', 'Start the day right']);
    const said = planLocally({
      ...base,
      title: 'Skater cat!',
      description: 'Skater cat in Tokyo',
      scenes: 2,
    });
    expect(said.scenes.map((scene) => scene.narration)).toEqual(['Skater cat in Tokyo', '']);
  });

  it('splits a long sentence at its clauses before anything else', () => {
    const plan = planLocally({
      ...base,
      title: 'Race day',
      description: 'The runners line up at dawn, then the gun fires and the crowd roars',
      scenes: 2,
    });
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'The runners line up at dawn',
      'then the gun fires and the crowd roars',
    ]);
  });

  it('still writes distinct scenes from a one-word description, and says the word once', () => {
    const plan = planLocally({ ...base, title: 'Cats', description: 'Cats' });
    expect(new Set(plan.scenes.map((scene) => scene.prompt)).size).toBe(4);
    expect(plan.scenes.map((scene) => scene.narration)).toEqual(['Cats', '', '', '']);
  });

  it('fits each narration to its scene, cut at whole words, without an ellipsis', () => {
    const plan = planLocally({ ...base, title: 'Long', description: LONG_DESCRIPTION, scenes: 4 });
    for (const scene of plan.scenes) {
      expect(scene.narration).toMatch(/^Beat \d+: the lighthouse keeper climbs the spiral stairs/u);
      expect(scene.narration).not.toContain('…');
      expect(narrationWordCount(scene.narration)).toBeLessThanOrEqual(18);
    }
    for (const input of INPUTS) {
      for (const scene of planLocally(input).scenes) {
        expect(isWellFormed(scene.narration)).toBe(true);
        expect(isWellFormed(scene.visual)).toBe(true);
        expect(isWellFormed(scene.prompt)).toBe(true);
      }
    }
  });

  it('keeps emoji whole and in the narration', () => {
    const plan = planLocally(INPUTS[4] as PlanInput);
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Beach day 🏖️🌴 with friends',
      'sunset tacos 🌮',
      'and surf 🏄‍♀️',
      'until the stars come out',
    ]);
    expect(plan.scenes[0]?.mood).toBe('bright, breezy');
  });

  describe('scene markers', () => {
    const plan = (description: string, scenes: number) =>
      planLocally({ ...base, title: 'Summit Roast', description, scenes });
    const captions = (description: string, scenes: number) =>
      plan(description, scenes).scenes.map((scene) => scene.narration);

    it('gives each marked scene its own text, never merged with another', () => {
      const description =
        'Scene 1: A barista pours latte art in a sunlit cafe. Scene 2: A customer lifts the mug and smiles by the window.';
      expect(captions(description, 2)).toEqual([
        'A barista pours latte art in a sunlit cafe.',
        'A customer lifts the mug and smiles by the window.',
      ]);
      const prompts = plan(description, 2).scenes.map((scene) => scene.prompt);
      expect(prompts[0]).toContain('latte art');
      expect(prompts[0]).not.toContain('lifts the mug');
      expect(prompts[1]).toContain('lifts the mug');
    });

    it('reads markers however they are written, and text before them sets the scene', () => {
      const description = [
        'Our new autumn roast, shot like a film.',
        '**Scene 1:** Beans tumble in the roaster.',
        'SCENE 2 - Steam curls from a cup',
        'scene 3) A mug on a desk at dawn!',
        'Shot 4. The logo on the bag',
      ].join('\n');
      const four = plan(description, 4);
      expect(four.scenes.map((scene) => scene.narration)).toEqual([
        'Beans tumble in the roaster.',
        'Steam curls from a cup',
        'A mug on a desk at dawn!',
        'The logo on the bag',
      ]);
      for (const scene of four.scenes) {
        expect(scene.prompt).toContain('Setting: Our new autumn roast, shot like a film.');
        expect(scene.narration).not.toContain('autumn roast');
        expect(scene.visual).toContain('Setting: Our new autumn roast, shot like a film.');
      }
      expect(markedScenes('We saw scene 2 friends at the cafe')).toBeNull();
    });

    it('keeps scenes of uneven lengths apart, whatever their size', () => {
      const sentence =
        'The roaster turns slowly while beans crackle, smoke rises and the room warms up.';
      const long = `${sentence} `.repeat(4);
      const three = plan(`Scene 1: Beans. Scene 2: ${long} Scene 3: Cup.`, 3);
      // Scene 2 says what its seconds hold (one sentence) and shows all of its text.
      expect(three.scenes.map((scene) => scene.narration)).toEqual(['Beans.', sentence, 'Cup.']);
      expect(three.scenes[1]?.visual).toContain(long.trim());
    });

    it('splits marked scenes at sentences when the video has more scenes than markers', () => {
      expect(
        captions('Scene 1: Beans tumble. They cool on a tray. Scene 2: Steam rises.', 3),
      ).toEqual(['Beans tumble.', 'They cool on a tray.', 'Steam rises.']);
    });

    it('shares scenes between neighbouring markers, in order, when there are more markers than scenes', () => {
      const description =
        'Scene 1: Beans tumble. Scene 2: Steam rises. Scene 3: A mug at dawn. Scene 4: The logo.';
      expect(captions(description, 2)).toEqual([
        'Beans tumble. Steam rises.',
        'A mug at dawn. The logo.',
      ]);
      expect(captions(description, 1)).toEqual([
        'Beans tumble. Steam rises. A mug at dawn. The logo.',
      ]);
    });

    it('without markers, balances sentences across scenes by length', () => {
      expect(
        captions(
          'A long opening sentence about the harbour town waking up under a pink sky. Gulls. Boats. Nets. A baker opens the door.',
          2,
        ),
      ).toEqual([
        'A long opening sentence about the harbour town waking up under a pink sky.',
        'Gulls. Boats. Nets. A baker opens the door.',
      ]);
    });
  });

  it('balancedCuts makes the longest run as short as it can be', () => {
    expect(balancedCuts([10, 1, 1, 1, 1], 2)).toEqual([
      [0, 1],
      [1, 5],
    ]);
    expect(balancedCuts([1, 1, 1, 1], 4)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(balancedCuts([3, 3, 3], 1)).toEqual([[0, 3]]);
  });

  it('splits CJK sentences, and bullet lists line by line', () => {
    const cjk = planLocally({ ...(INPUTS[5] as PlanInput), scenes: 2 });
    expect(cjk.scenes.map((scene) => scene.narration)).toEqual([
      '東京の夜。',
      '猫がスケートボードに乗る。',
    ]);
    const lines = planLocally({ ...(INPUTS[6] as PlanInput), scenes: 3 });
    expect(lines.scenes.map((scene) => scene.narration)).toEqual([
      'First line',
      'Second line',
      'Third line 🔥🔥',
    ]);
  });

  it('infers mood words from keywords, scene by scene, and falls back to a stable choice', () => {
    const neon = planLocally({
      ...base,
      title: 'After hours',
      description: 'Neon signs buzz over the night market. Sunrise paints the empty street gold.',
      scenes: 2,
    });
    expect(neon.scenes.map((scene) => scene.mood)).toEqual(['moody, electric', 'warm, hopeful']);
    expect(neon.scenes[0]?.prompt).toContain('Mood: moody, electric.');
    const plain = planLocally({ ...base, title: 'Qwerty', description: 'Zxcv bnm.' });
    expect(new Set(plain.scenes.map((scene) => scene.mood)).size).toBe(1);
    expect(plain.scenes[0]?.mood).toMatch(/^\w+, \w+$/u);
  });

  it('writes the frame and the reference image into every prompt', () => {
    const portrait = planLocally({ ...base, hasSourceImage: true });
    const landscape = planLocally({ ...base, aspectRatio: 'landscape' });
    for (const scene of portrait.scenes) {
      expect(scene.prompt).toContain('Vertical 9:16');
      expect(scene.prompt).toContain('reference image');
    }
    for (const scene of landscape.scenes) {
      expect(scene.prompt).toContain('16:9');
      expect(scene.prompt).not.toContain('reference image');
    }
  });

  it('keeps prompts of a 1500-character description within video models’ limits', () => {
    const plan = planLocally({ ...base, title: 'Long', description: LONG_DESCRIPTION, scenes: 1 });
    expect(plan.scenes[0]?.prompt.length).toBeLessThanOrEqual(2000);
    expect(plan.scenes[0]?.prompt).toMatch(/^Cinematic hero shot: Beat 1:/);
  });
});

describe('clampText', () => {
  it('leaves short text alone and cuts long text at a word boundary', () => {
    expect(clampText('  Hello   world  ', 70)).toBe('Hello world');
    expect(clampText('The quick brown fox jumps over the lazy dog', 20)).toBe(
      'The quick brown fox…',
    );
    expect(clampText('The quick brown fox, jumps over', 21)).toBe('The quick brown fox…');
  });

  it('cuts a long word or spaceless text without breaking a character', () => {
    expect(clampText('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
    // Each surfer is five UTF-16 units (person, joiner, sign, variation selector).
    const emoji = clampText('🏄‍♀️'.repeat(20), 12);
    expect(emoji).toBe('🏄‍♀️🏄‍♀️…');
    expect(clampText('🏄‍♀️'.repeat(20), 10)).toBe('🏄‍♀️…');
  });
});

describe('createLocalPlanner', () => {
  it('is what createPlanner gives without an LLM base URL, and honours an aborted signal', async () => {
    const planner = createPlanner({ llmBaseUrl: null, llmApiKey: null, llmModel: 'unused' });
    expect(planner.name).toBe('local');
    expect(await planner.plan(base)).toEqual(planLocally(base));
    const aborted = AbortSignal.abort(new Error('stopping'));
    await expect(createLocalPlanner().plan(base, aborted)).rejects.toThrow('stopping');
  });
});
