// The offline planner: what the storyboard (and so the preview video) holds for a given request,
// the videos among them (coffee, hiking tips, a one-scene video, a Creator Engine run, a
// call to action with an address).
import { describe, expect, it } from 'vitest';
import { type JobPromptSource, jobRunPrompt } from '../../../shared/job-prompt';
import { JOB_SAMPLES } from '../../features/engine/samples';
import { SCENE_TIMING } from '../../media/scene-timing';
import { balancedCuts, clampText, markedScenes, planLocally } from './local-planner';
import {
  captionOfNarration,
  NARRATION_WORDS_PER_SECOND,
  narrationWordCount,
  sceneWordCapacity,
} from './narration';
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

const COFFEE =
  'Start with freshly roasted beans and grind them medium-fine, like sea salt. Bloom the grounds with a splash of hot water for 30 seconds. Pour slowly in circles until the scale reads 250 grams. Sip, and taste the difference fresh beans make.';

/** The first job sample as a guided Creator Engine job, with `changes`. */
function guidedJob(changes: Partial<JobPromptSource>): JobPromptSource {
  const sample = JOB_SAMPLES[0];
  if (!sample) throw new Error('no job sample');
  return {
    ...sample,
    advancedMode: false,
    masterPrompt: null,
    aspectRatio: 'landscape',
    watermark: true,
    itemListIndex: 1,
    ...changes,
  };
}

/** To the hundredth of a second, as plans give times. */
const cents = (seconds: number) => Math.round(seconds * 100) / 100;

/** When a scene's voice starts, from the renderer's timing: scene 1's first, under the fade in. */
const voiceStartOf = (index: number) =>
  index === 0 ? SCENE_TIMING.firstVoiceStart : SCENE_TIMING.voiceStart;

/**
 * A voiced scene's estimated length, worked out from the renderer's timing: the voice's start, its
 * words at 2.5 a second (× speed), then a breath (the end card after the video's last word), 3–8 s.
 */
function estimatedSeconds(words: number, speed: number, index: number, count: number): number {
  const tail = index === count - 1 ? SCENE_TIMING.endCard : SCENE_TIMING.breath;
  const seconds = voiceStartOf(index) + words / (NARRATION_WORDS_PER_SECOND * speed) + tail;
  return cents(Math.min(8, Math.max(3, seconds)));
}

/** The slowest pace, in steps of 0.01×, at which every scene's words fit the scene. */
function slowestPace(narrations: readonly string[]): number {
  const ratios = narrations.map(
    (narration, index) =>
      narrationWordCount(narration) / sceneWordCapacity(index, narrations.length),
  );
  return Math.max(1, ...ratios.map((ratio) => Math.ceil(ratio * 100 - 1e-9) / 100));
}

function isWellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

describe('planLocally', () => {
  it('always plans exactly the requested number of scenes, numbered from 1', () => {
    for (const input of INPUTS) {
      for (const scenes of [1, 2, 3, 4]) {
        for (const voiced of [true, false]) {
          const plan = planLocally({ ...input, scenes, voiced });
          expect(plan.scenes.map((scene) => scene.number)).toEqual(
            Array.from({ length: scenes }, (_, index) => index + 1),
          );
          expect(plan.scenes[0]?.narration.trim()).not.toBe('');
          for (const scene of plan.scenes) {
            if (voiced) {
              expect(scene.durationSeconds).toBeGreaterThanOrEqual(3);
              expect(scene.durationSeconds).toBeLessThanOrEqual(8);
            } else {
              expect(scene.durationSeconds).toBe(8);
            }
            expect(scene.prompt.trim()).not.toBe('');
            expect(scene.visual.trim()).not.toBe('');
            expect(scene.caption).toBe(captionOfNarration(scene.narration ?? ''));
            expect(scene.camera.trim()).not.toBe('');
            expect(scene.mood.trim()).not.toBe('');
            expect(scene.shots?.length).toBeGreaterThan(0);
          }
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

  it('opens with the title as the hook, then deals the sentences to the scenes in order', () => {
    const plan = planLocally({
      ...base,
      title: 'Morning bakery',
      description:
        'Dawn over the harbour town. Flour drifts through a beam of light! Hands shape warm loaves. The first customer smiles at the door.',
      voiced: true,
    });
    expect(plan.title).toBe('Morning bakery');
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Morning bakery. Dawn over the harbour town.',
      'Flour drifts through a beam of light!',
      'Hands shape warm loaves.',
      'The first customer smiles at the door.',
    ]);
    expect(plan.omitted).toEqual([]);
    expect(plan.scenes[1]?.prompt).toContain('Flour drifts through a beam of light!');
    expect(plan.scenes[1]?.visual).toMatch(/^Flour drifts through a beam of light! Camera: /u);
    expect(plan.scenes[0]?.prompt).not.toContain('Flour drifts');
  });

  it('does not say the title when the first sentence already does', () => {
    const said = planLocally({
      ...base,
      title: 'Skater cat!',
      description: 'Skater cat in Tokyo',
      scenes: 2,
      voiced: true,
    });
    expect(said.scenes.map((scene) => scene.narration)).toEqual(['Skater cat', 'in Tokyo.']);
    const hooked = planLocally({
      ...base,
      title: 'Art',
      description: 'Start the day right',
      scenes: 2,
    });
    expect(hooked.scenes.map((scene) => scene.narration)).toEqual(['Art.', 'Start the day right.']);
  });

  it('speaks the brief’s first line, not a Creator Engine run’s title', () => {
    const prompt = [
      'A short promotional video for Ember & Oak Roasters.',
      'About the brand: A small-batch coffee roaster in Lisbon.',
      'End with the call to action: Order a fresh bag at emberandoak.example',
    ].join('\n');
    for (const input of [
      { ...base, title: 'Daily bean spotlight #3', description: prompt, scenes: 2 },
      { ...base, title: 'Daily bean spotlight', description: prompt, scenes: 2, engineRun: true },
    ]) {
      const spoken = planLocally(input).scenes.map((scene) => scene.narration);
      expect(spoken[0]).toBe('A small-batch coffee roaster in Lisbon.');
      expect(spoken.join(' ')).not.toContain('spotlight');
    }
  });

  it('spreads a short description over the scenes, so that with a voice every scene speaks', () => {
    const plan = planLocally({ ...base, voiced: true });
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Skater Cat.',
      'A cat learns',
      'to skateboard',
      'in Tokyo.',
    ]);
    // A scene lasts its speech plus a breath, at least 3 s.
    expect(plan.scenes.map((scene) => scene.durationSeconds)).toEqual([3, 3, 3, 3]);
    const prompts = plan.scenes.map((scene) => scene.prompt);
    expect(new Set(prompts).size).toBe(4);
    expect(prompts[0]).toMatch(/^Wide establishing shot: A cat learns to skateboard in Tokyo\./);
    expect(prompts[1]).toMatch(/^Intimate close-up: /);
    expect(prompts[2]).toMatch(/^Dynamic action shot: /);
    expect(prompts[3]).toMatch(/^Closing shot: /);
    // Each scene shows the whole sentence, stressing its own words.
    for (const prompt of prompts) expect(prompt).toContain('A cat learns to skateboard in Tokyo');
    expect(prompts[2]).toContain('Emphasis on: to skateboard.');
    expect(new Set(plan.scenes.map((scene) => scene.camera)).size).toBe(4);
  });

  it('splits a sentence between scenes at a clause before anything else', () => {
    const plan = planLocally({
      ...base,
      title: 'Race day',
      description: 'The runners line up at dawn, then the gun fires and the crowd roars',
      scenes: 2,
      voiced: true,
    });
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Race day. The runners line up at dawn,',
      'then the gun fires and the crowd roars.',
    ]);
    expect(plan.scenes.map((scene) => scene.caption)).toEqual([
      'Race day. The runners line up at dawn',
      'then the gun fires and the crowd roars',
    ]);
  });

  it('says a one-word description once, leaving later scenes short and silent', () => {
    const plan = planLocally({ ...base, title: 'Cats', description: 'Cats', voiced: true });
    expect(new Set(plan.scenes.map((scene) => scene.prompt)).size).toBe(4);
    expect(plan.scenes.map((scene) => scene.narration)).toEqual(['Cats.', '', '', '']);
    expect(plan.scenes.map((scene) => scene.durationSeconds)).toEqual([3, 3, 3, 3]);
  });

  it('shows the member’s emoji or flag in scene 1 when neither the title nor the text has a word', () => {
    const cases: Array<[title: string, description: string, shown: string]> = [
      ['🚀 ', '. ', '🚀'],
      ["'", '👩🏿‍💻 ', '👩🏿‍💻'],
      ['( ', '🇯🇵\n', '🇯🇵'],
    ];
    for (const [title, description, shown] of cases) {
      for (const voiced of [true, false]) {
        const plan = planLocally({ ...base, title, description, scenes: 2, voiced });
        expect(plan.scenes.map((scene) => scene.narration)).toEqual([shown, '']);
        expect(plan.scenes[0]?.shots?.[0]?.text).toBe(plan.scenes[0]?.narration);
      }
    }
  });

  it('keeps emoji whole and in the narration', () => {
    const plan = planLocally(INPUTS[4] as PlanInput);
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Beach day 🏖️🌴',
      'with friends,',
      'sunset tacos 🌮 and surf 🏄‍♀️',
      'until the stars come out.',
    ]);
    expect(plan.scenes[0]?.mood).toBe('bright, breezy');
  });

  describe('the issue’s videos', () => {
    it('coffee: scene 1 says its first clause, not only “like sea salt”', () => {
      const plan = planLocally({
        ...base,
        title: 'Pour-over coffee at home',
        description: COFFEE,
        voiced: true,
      });
      expect(plan.scenes.map((scene) => scene.narration)).toEqual([
        'Pour-over coffee at home. Start with freshly roasted beans and grind them medium-fine, like sea salt.',
        'Bloom the grounds with a splash of hot water for 30 seconds.',
        'Pour slowly in circles until the scale reads 250 grams.',
        'Sip, and taste the difference fresh beans make.',
      ]);
      expect(plan.omitted).toEqual([]);
      // Its mood is coffee's, not the beach of its example ("like sea salt").
      expect(new Set(plan.scenes.map((scene) => scene.mood))).toEqual(new Set(['cosy, intimate']));
      expect(plan.scenes.map((scene) => scene.speed)).toEqual([1, 1, 1, 1]);
      // Each scene as long as its speech plus a breath (the last one's, an end card).
      const words = [18, 12, 10, 8];
      expect(plan.scenes.map((scene) => narrationWordCount(scene.narration))).toEqual(words);
      expect(plan.scenes.map((scene) => scene.durationSeconds)).toEqual(
        words.map((count, index) => estimatedSeconds(count, 1, index, 4)),
      );
      // A shot changes where the voice reaches its phrase: after 5 words, then after 15.
      const reached = (count: number) =>
        cents(voiceStartOf(0) + count / NARRATION_WORDS_PER_SECOND);
      expect(plan.scenes[0]?.shots).toEqual([
        { text: 'Pour-over coffee at home.', start: 0, end: reached(5), visual: null },
        {
          text: 'Start with freshly roasted beans and grind them medium-fine,',
          start: reached(5),
          end: reached(15),
          visual: null,
        },
        {
          text: 'like sea salt.',
          start: reached(15),
          end: plan.scenes[0]?.durationSeconds,
          visual: null,
        },
      ]);
    });

    it('“Top 3 hiking tips” says all three tips, in every length of video', () => {
      const tips = [
        'Wear broken-in boots so your feet stay blister-free.',
        'Pack layers, such as a fleece and a rain shell.',
        'Start early and turn back by noon.',
      ];
      for (const description of [
        tips.map((tip, index) => `${index + 1}. ${tip}`).join('\n'),
        tips.map((tip) => `- ${tip}`).join('\n'),
        `My rules for the trail: 1. ${tips.join(' 2. ').replace(' 2. Start', ' 3. Start')}`,
      ]) {
        for (const scenes of [1, 2, 3, 4]) {
          const plan = planLocally({
            ...base,
            title: 'Top 3 hiking tips',
            description,
            scenes,
            voiced: true,
          });
          const spoken = plan.scenes.map((scene) => scene.narration).join(' ');
          expect(spoken).toContain('Wear broken-in boots so your feet stay blister-free.');
          expect(spoken).toContain('Pack layers');
          expect(spoken).toMatch(/Start early and turn back by noon\.$/u);
          for (const tip of tips) expect(plan.omitted).not.toContain(tip);
        }
      }
      // One scene has room for the tips only once the title (and an intro) give way, and then
      // only spoken faster: at the slowest pace that fits them.
      const one = planLocally({
        ...base,
        title: 'Top 3 hiking tips',
        description: tips.map((tip, index) => `${index + 1}. ${tip}`).join('\n'),
        scenes: 1,
        voiced: true,
      });
      expect(one.scenes[0]?.narration).toBe(
        'Wear broken-in boots so your feet stay blister-free. Pack layers. Start early and turn back by noon.',
      );
      expect(slowestPace([one.scenes[0]?.narration ?? ''])).toBeGreaterThan(1);
      expect(one.scenes[0]?.speed).toBe(slowestPace([one.scenes[0]?.narration ?? '']));
      expect(one.omitted).toEqual(['Top 3 hiking tips']);
    });

    it('“Top 3 hiking tips” as one inline list: no list numbers said, scene 1 not the hook alone', () => {
      const tips = [
        'Wear broken-in boots, because new boots rub blisters into your heels on the first long climb.',
        'Pack more water than you think you need, about half a litre for every hour on the trail.',
        'Check the weather before you leave, and turn back early when clouds build over the ridge.',
      ];
      const description = tips.map((tip, index) => `${index + 1}. ${tip}`).join(' ');
      const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      const listNumber = /(?:^|\s)\d[.)](?=\s|$)/u;
      for (const scenes of [1, 2, 3, 4]) {
        for (const voiced of [true, false]) {
          const plan = planLocally({
            ...base,
            title: 'Top 3 hiking tips',
            description,
            scenes,
            voiced,
          });
          for (const scene of plan.scenes) {
            expect(scene.narration).not.toMatch(listNumber);
            for (const shot of scene.shots ?? []) expect(shot.text).not.toMatch(listNumber);
          }
        }
      }
      const plan = planLocally({
        ...base,
        title: 'Top 3 hiking tips',
        description,
        scenes: 4,
        voiced: true,
      });
      const narrations = plan.scenes.map((scene) => scene.narration);
      // The hook, then every tip in order, as written: nothing more, nothing left out.
      expect(words(narrations.join(' '))).toEqual(words(['Top 3 hiking tips.', ...tips].join(' ')));
      expect(plan.omitted).toEqual([]);
      // Scene 1 goes on from the hook into the first tip, rather than holding it alone.
      expect(narrations[0]).toMatch(/^Top 3 hiking tips\. Wear broken-in boots\b/u);
      // There are words enough for every scene to fill its 3 s with speech (3 s less the moment
      // before the voice and the breath or end card after it)...
      const tail = (index: number) => (index === 3 ? SCENE_TIMING.endCard : SCENE_TIMING.breath);
      const needed = [0, 1, 2, 3].map(
        (index) => (3 - voiceStartOf(index) - tail(index)) * NARRATION_WORDS_PER_SECOND,
      );
      const total = narrations.reduce((sum, narration) => sum + narrationWordCount(narration), 0);
      expect(total).toBeGreaterThan(needed.reduce((sum, count) => sum + count, 0));
      // ...so every scene's speech does: none holds its picture in silence.
      plan.scenes.forEach((scene, index) => {
        const speech =
          narrationWordCount(scene.narration) / (NARRATION_WORDS_PER_SECOND * (scene.speed ?? 1));
        expect(voiceStartOf(index) + speech + tail(index)).toBeGreaterThanOrEqual(3);
        expect(scene.durationSeconds).toBe(
          estimatedSeconds(narrationWordCount(scene.narration), scene.speed ?? 1, index, 4),
        );
      });
    });

    it('a one-scene video keeps its second sentence', () => {
      const plan = planLocally({
        ...base,
        title: 'Bakery hours',
        description:
          'Our sourdough rests for two days before it is baked. Come early, because the first batch sells out by nine.',
        scenes: 1,
        voiced: true,
      });
      // The title makes room first: the member's sentences matter more than its hook.
      expect(plan.scenes[0]?.narration).toBe(
        'Our sourdough rests for two days before it is baked. Come early, because the first batch sells out by nine.',
      );
      // Said a little faster, at the slowest pace that fits both sentences.
      expect(slowestPace([plan.scenes[0]?.narration ?? ''])).toBeGreaterThan(1);
      expect(plan.scenes[0]?.speed).toBe(slowestPace([plan.scenes[0]?.narration ?? '']));
      expect(plan.scenes[0]?.durationSeconds).toBeLessThanOrEqual(8);
      expect(plan.omitted).toEqual(['Bakery hours']);
    });

    it('a Creator Engine video never ends mid-phrase (“…who love bright.”)', () => {
      const prompt = jobRunPrompt(
        guidedJob({
          brandDescription:
            'A small-batch coffee roaster in Lisbon for people who love bright, fruity flavours and a slow morning ritual. We source single-origin beans directly from farmers and roast them twice a week, so every bag is fresh.',
        }),
      ).prompt;
      for (const scenes of [1, 2, 3, 4]) {
        for (const voiced of [true, false]) {
          const plan = planLocally({
            ...base,
            title: 'Daily bean spotlight #3',
            description: prompt,
            scenes,
            voiced,
          });
          const spoken = plan.scenes.map((scene) => scene.narration).filter(Boolean);
          for (const narration of spoken) {
            expect(narration).not.toMatch(/bright[.,]?$/u);
            expect(narration).toMatch(/[.!?,]$/u);
          }
          expect(spoken.at(-1)).toMatch(/Order a fresh bag at Ember and Oak dot example\.$/u);
          // What was left out is listed as the member wrote it.
          for (const line of plan.omitted ?? []) expect(prompt).toContain(line);
        }
      }
      const two = planLocally({
        ...base,
        title: 'Daily bean spotlight #3',
        description: prompt,
        scenes: 2,
        voiced: true,
      });
      expect(two.scenes.map((scene) => scene.narration)).toEqual([
        'A small-batch coffee roaster in Lisbon for people who love bright, fruity flavours and a slow morning ritual.',
        'Order a fresh bag at Ember and Oak dot example.',
      ]);
      expect(two.omitted).toEqual([
        'We source single-origin beans directly from farmers and roast them twice a week, so every bag is fresh.',
        'Freshly roasted beans, direct trade with farmers, brewing tips for home baristas, the calm of a morning ritual.',
      ]);
    });

    it('a call to action’s address is said as words and shown as written', () => {
      const plan = planLocally({
        ...base,
        title: 'Fresh beans',
        description:
          'Fresh beans every week.\nCTA: Visit https://www.emberandoak.example/shop or follow @emberoak',
        scenes: 2,
        voiced: true,
      });
      // (No title first: the first sentence says it already.)
      expect(plan.scenes.map((scene) => scene.narration)).toEqual([
        'Fresh beans every week.',
        'Visit ember and oak dot example slash shop or follow at emberoak.',
      ]);
      expect(plan.scenes.map((scene) => scene.overlay)).toEqual([
        null,
        'www.emberandoak.example/shop · @emberoak',
      ]);
      // The member's own spelling of a name tells how it splits.
      const named = planLocally({
        ...base,
        title: 'Ember & Oak',
        description: 'Fresh beans every week.\nCTA: Follow @emberoak',
        scenes: 1,
        voiced: true,
      });
      expect(named.scenes[0]?.narration).toBe(
        'Ember & Oak. Fresh beans every week. Follow at Ember Oak.',
      );
      expect(named.scenes[0]?.overlay).toBe('@emberoak');
    });
  });

  describe('text longer than the video', () => {
    const ASIDES =
      'Grind the beans medium-fine, like coarse sea salt from the coast. Bloom the grounds for thirty seconds (use a timer). Pour in slow circles until the scale reads two hundred and fifty grams.';

    it('first shortens sentences inside (asides, parentheses, examples out)', () => {
      const plan = planLocally({
        ...base,
        title: 'Pour-over',
        description: ASIDES,
        scenes: 2,
        voiced: true,
      });
      expect(plan.scenes.map((scene) => [scene.narration, scene.speed])).toEqual([
        ['Pour-over. Grind the beans medium-fine. Bloom the grounds for thirty seconds.', 1],
        ['Pour in slow circles until the scale reads two hundred and fifty grams.', 1],
      ]);
      expect(plan.omitted).toEqual([]);
    });

    it('then speaks up to 1.25× faster, then leaves whole sentences out from the end', () => {
      const one = planLocally({
        ...base,
        title: 'Pour-over',
        description: ASIDES,
        scenes: 1,
        voiced: true,
      });
      expect(one.scenes[0]?.narration).toBe(
        'Pour-over. Grind the beans medium-fine. Bloom the grounds for thirty seconds.',
      );
      expect(one.omitted).toEqual([
        'Pour in slow circles until the scale reads two hundred and fifty grams.',
      ]);
      const plan = planLocally({
        ...base,
        title: 'Long',
        description: LONG_DESCRIPTION,
        scenes: 3,
        voiced: true,
      });
      expect(plan.scenes.map((scene) => scene.narration)).toEqual(
        [1, 2, 3].map(
          (beat) =>
            `${beat === 1 ? 'Long. ' : ''}Beat ${beat}: the lighthouse keeper climbs the spiral stairs with a brass lantern while the storm rattles the windows.`,
        ),
      );
      // One pace for the three scenes: the slowest at which each holds its beat.
      const pace = slowestPace(plan.scenes.map((scene) => scene.narration));
      expect(pace).toBeGreaterThan(1);
      expect(plan.scenes.map((scene) => scene.speed)).toEqual([pace, pace, pace]);
      expect(plan.omitted).toHaveLength(11);
      expect(plan.omitted?.[0]).toMatch(/^Beat 4: /u);
      // Every sentence still reaches a picture, in order.
      const subjects = plan.scenes.map((scene) => scene.visual.split(' Camera: ')[0]).join(' ');
      const words = (text: string) => text.replaceAll('.', '').split(/\s+/);
      expect(words(subjects)).toEqual(words(LONG_DESCRIPTION));
    });
  });

  describe('shots', () => {
    it('cut each scene into phrases of 1.5–4 s, from its start to its end', () => {
      const plan = planLocally({
        ...base,
        title: 'Long',
        description: LONG_DESCRIPTION,
        voiced: true,
      });
      for (const scene of plan.scenes) {
        const shots = scene.shots ?? [];
        expect(shots.length).toBeGreaterThanOrEqual(2);
        expect(shots[0]?.start).toBe(0);
        expect(shots.at(-1)?.end).toBe(scene.durationSeconds);
        for (const shot of shots) {
          expect(shot.end - shot.start).toBeGreaterThanOrEqual(1.5);
          expect(shot.end - shot.start).toBeLessThanOrEqual(4);
        }
        expect(shots.map((shot) => shot.text).join(' ')).toBe(scene.narration);
      }
    });

    it('without a voice keep 8-second scenes, their caption’s phrases shown for equal times', () => {
      const plan = planLocally({
        ...base,
        title: 'Race day',
        description: 'The runners line up at dawn, then the gun fires and the crowd roars',
        scenes: 1,
        voiced: false,
      });
      expect(plan.scenes[0]?.durationSeconds).toBe(8);
      expect(plan.scenes[0]?.speed).toBe(1);
      expect(plan.scenes[0]?.shots).toEqual([
        { text: 'Race day.', start: 0, end: 2.67, visual: null },
        { text: 'The runners line up at dawn,', start: 2.67, end: 5.33, visual: null },
        { text: 'then the gun fires and the crowd roars.', start: 5.33, end: 8, visual: null },
      ]);
    });
  });

  describe('scene markers', () => {
    const plan = (description: string, scenes: number) =>
      planLocally({ ...base, title: 'Summit Roast', description, scenes, voiced: true });
    const captions = (description: string, scenes: number) =>
      plan(description, scenes).scenes.map((scene) => scene.narration);

    it('gives each marked scene its own text, never merged with another', () => {
      const description =
        'Scene 1: A barista pours latte art in a sunlit cafe. Scene 2: A customer lifts the mug and smiles by the window.';
      expect(captions(description, 2)).toEqual([
        'Summit Roast. A barista pours latte art in a sunlit cafe.',
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
        'Summit Roast. Beans tumble in the roaster.',
        'Steam curls from a cup.',
        'A mug on a desk at dawn!',
        'The logo on the bag.',
      ]);
      for (const scene of four.scenes) {
        expect(scene.prompt).toContain('Setting: Our new autumn roast, shot like a film.');
        expect(scene.narration).not.toContain('autumn roast');
        expect(scene.visual).toContain('Setting: Our new autumn roast, shot like a film.');
      }
      expect(markedScenes('We saw scene 2 friends at the cafe')).toBeNull();
    });

    it('keeps scenes of uneven lengths apart, whatever their size', () => {
      const long = [
        'The roaster turns slowly while beans crackle, smoke rises and the room warms up.',
        'A scoop lifts the beans to the light and they shine like polished wood.',
        'The cooling tray spins and the first crack fades into a soft hiss.',
        'Every batch is tasted before it goes into a bag with a hand-written label.',
      ].join(' ');
      const three = plan(`Scene 1: Beans. Scene 2: ${long} Scene 3: Cup.`, 3);
      // Scene 2 says what its seconds hold, from its start, and shows all of its text.
      expect(three.scenes.map((scene) => scene.narration)).toEqual([
        'Summit Roast. Beans.',
        'The roaster turns slowly while beans crackle, smoke rises and the room warms up.',
        'Cup.',
      ]);
      expect(three.omitted).toHaveLength(3);
      expect(three.scenes[1]?.visual).toContain(long);
    });

    it('splits marked scenes at sentences when the video has more scenes than markers', () => {
      expect(
        captions('Scene 1: Beans tumble. They cool on a tray. Scene 2: Steam rises.', 3),
      ).toEqual(['Summit Roast. Beans tumble.', 'They cool on a tray.', 'Steam rises.']);
    });

    it('shares scenes between neighbouring markers, in order, when there are more markers than scenes', () => {
      const description =
        'Scene 1: Beans tumble. Scene 2: Steam rises. Scene 3: A mug at dawn. Scene 4: The logo.';
      expect(captions(description, 2)).toEqual([
        'Summit Roast. Beans tumble. Steam rises.',
        'A mug at dawn. The logo.',
      ]);
      expect(captions(description, 1)).toEqual([
        'Summit Roast. Beans tumble. Steam rises. A mug at dawn. The logo.',
      ]);
    });

    it('says the title in scene 1 when its marked text only directs the picture', () => {
      const narrations = captions(
        'Scene 1: open with a striking close-up. Scene 2: Steam rises from the cup.',
        2,
      );
      expect(narrations).toEqual(['Summit Roast.', 'Steam rises from the cup.']);
    });

    it('without markers, balances sentences across scenes by length', () => {
      expect(
        captions(
          'A long opening sentence about the harbour town waking up under a pink sky. Gulls. Boats. Nets. A baker opens the door.',
          2,
        ),
      ).toEqual([
        'Summit Roast. A long opening sentence about the harbour town waking up under a pink sky.',
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
    const cjk = planLocally({ ...(INPUTS[5] as PlanInput), scenes: 2, voiced: true });
    expect(cjk.scenes.map((scene) => scene.narration)).toEqual([
      '東京の夜。',
      '猫がスケートボードに乗る。',
    ]);
    const lines = planLocally({ ...(INPUTS[6] as PlanInput), scenes: 3, voiced: true });
    expect(lines.scenes.map((scene) => scene.narration)).toEqual([
      'Lines. First line.',
      'Second line.',
      'Third line.',
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
    for (const input of INPUTS) {
      for (const scene of planLocally(input).scenes) {
        expect(isWellFormed(scene.narration)).toBe(true);
        expect(isWellFormed(scene.visual)).toBe(true);
        expect(isWellFormed(scene.prompt)).toBe(true);
      }
    }
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
