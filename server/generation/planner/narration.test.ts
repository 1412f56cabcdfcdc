// Narration apart from what is shown: the word budget, shortening, the direction filter, and the
// offline planner over the texts members really send (job templates and the viral prompts).
import { describe, expect, it } from 'vitest';
import { type JobPromptSource, jobRunPrompt } from '../../../shared/job-prompt';
import { ADVANCED_MODE_TEMPLATE, JOB_SAMPLES } from '../../features/engine/samples';
import { VIRAL_PROMPTS } from '../../features/prompts/viral-prompts';
import { SCENE_TIMING } from '../../media/scene-timing';
import { readBrief } from './brief';
import { planLocally } from './local-planner';
import {
  captionOfNarration,
  isDirection,
  NARRATION_MAX_SPEED,
  NARRATION_WORDS_PER_SECOND,
  narrationWordCount,
  SPEECH_TIMING,
  sceneSecondsFor,
  sceneWordCapacity,
  shortenNarration,
  splitNarrationAndVisual,
} from './narration';
import type { PlanInput } from './planner';

const CAFE =
  'A cosy café at dawn. The barista pours latte art. Slow dolly-in, soft morning light, cozy acoustic music';

/**
 * Phrases no narration may hold, written out here rather than taken from the implementation: the
 * templates' literal labels (shared/job-prompt.ts, the advanced template, the Auto-Append block)
 * and direction words from the brief and the viral prompts.
 */
const BANNED = [
  'A short promotional video',
  'About the brand',
  'Focus on:',
  'This time',
  'Film style',
  'End with the call to action',
  'call to action:',
  'Video settings',
  'aspect_ratio',
  'watermark',
  'scenes:',
  '× 8 seconds',
  'Style:',
  'Scene 1',
  'Scene 2',
  'Create a short',
  'vertical-friendly',
  'dolly',
  'acoustic music',
  'ambient music',
  'morning light',
  'natural light',
  'golden hour',
  'close-up',
  'wide shot',
  'slow motion',
  'tracking shot',
  'push-in',
  'pull-back',
  'rack focus',
  'whip pan',
  'aerial',
  'drone',
  'orbit',
  'handheld',
  'gimbal',
  'macro',
  'time-lapse',
  'pacing',
  'cinematic',
  'neon',
  'camera',
  'hook',
  'on-screen',
];

function bannedIn(text: string): string[] {
  const lower = text.toLowerCase();
  return BANNED.filter((phrase) => lower.includes(phrase.toLowerCase()));
}

function plans(title: string, description: string): { input: PlanInput; scenes: string[] }[] {
  const all: { input: PlanInput; scenes: string[] }[] = [];
  for (const scenes of [1, 2, 3, 4]) {
    for (const aspectRatio of ['landscape', 'portrait'] as const) {
      const input: PlanInput = { title, description, scenes, aspectRatio, hasSourceImage: false };
      all.push({ input, scenes: planLocally(input).scenes.map((scene) => scene.narration) });
    }
  }
  return all;
}

/** Every narration of a plan: free of banned phrases, within its scene's time, scene 1 speaking. */
function expectCleanNarration(title: string, description: string) {
  for (const { input, scenes } of plans(title, description)) {
    const where = `${input.scenes} scene(s), ${input.aspectRatio}: ${JSON.stringify(scenes)}`;
    expect(narrationWordCount(scenes[0] ?? ''), where).toBeGreaterThan(0);
    scenes.forEach((narration, index) => {
      expect(bannedIn(narration), where).toEqual([]);
      const most = sceneWordCapacity(index, scenes.length) * NARRATION_MAX_SPEED;
      expect(narrationWordCount(narration), where).toBeLessThanOrEqual(most);
    });
  }
}

const guidedJob = (sample: (typeof JOB_SAMPLES)[number]): JobPromptSource => ({
  ...sample,
  advancedMode: false,
  masterPrompt: null,
  aspectRatio: 'landscape',
  watermark: true,
  itemListIndex: 1,
});

describe('the narration pace', () => {
  it('speaks 2.5 words a second, leaving the start, a breath and the end card free', () => {
    expect(NARRATION_WORDS_PER_SECOND).toBe(2.5);
    expect(NARRATION_MAX_SPEED).toBe(1.25);
    // The planner times speech as the renderer does: one set of numbers.
    expect(SPEECH_TIMING).toEqual({
      firstStart: SCENE_TIMING.firstVoiceStart,
      start: SCENE_TIMING.voiceStart,
      breath: SCENE_TIMING.breath,
      endCard: SCENE_TIMING.endCard,
      minSeconds: 3,
      maxSeconds: 8,
    });
    const { firstVoiceStart, voiceStart, breath, endCard, maxSeconds } = SCENE_TIMING;
    const words = (seconds: number) => seconds * NARRATION_WORDS_PER_SECOND;
    // Scene 1 of 4: 8 s less the moment before the voice and a breath.
    expect(sceneWordCapacity(0, 4)).toBeCloseTo(words(maxSeconds - firstVoiceStart - breath), 6);
    expect(sceneWordCapacity(1, 4)).toBeCloseTo(words(maxSeconds - voiceStart - breath), 6);
    // The last scene ends on the end card, longer than a breath: it holds fewer words.
    expect(sceneWordCapacity(3, 4)).toBeCloseTo(words(maxSeconds - voiceStart - endCard), 6);
    expect(sceneWordCapacity(3, 4)).toBeLessThan(sceneWordCapacity(1, 4));
    expect(sceneWordCapacity(0, 1)).toBeCloseTo(words(maxSeconds - firstVoiceStart - endCard), 6);
  });

  it('lasts as long as its speech plus a breath, 3 to 8 s', () => {
    const { firstVoiceStart, voiceStart, breath } = SCENE_TIMING;
    const cents = (seconds: number) => Math.round(seconds * 100) / 100;
    // 10 words at 2.5 a second: 4 s, plus the moment before the voice and a breath after.
    expect(sceneSecondsFor(10, 1, 0, 4)).toBe(cents(firstVoiceStart + 4 + breath));
    // At 1.25×, 3.2 s.
    expect(sceneSecondsFor(10, 1.25, 1, 4)).toBe(cents(voiceStart + 3.2 + breath));
    expect(sceneSecondsFor(1, 1, 1, 4)).toBe(3);
    expect(sceneSecondsFor(40, 1, 3, 4)).toBe(8);
  });

  it('counts words in any script, and CJK characters at 6 a second', () => {
    expect(narrationWordCount('Hello, brave new world!')).toBe(4);
    expect(narrationWordCount('🎬 — …')).toBe(0);
    // Six characters of Japanese take a second: 2.5 words.
    expect(narrationWordCount('東京の夜です')).toBeCloseTo(2.5, 5);
    expect(narrationWordCount('Привет, мир')).toBe(2);
  });
});

describe('captionOfNarration', () => {
  it('leaves out the closing full stop, as subtitles are written, and nothing else', () => {
    expect(captionOfNarration('Steam rises from a cup.')).toBe('Steam rises from a cup');
    expect(captionOfNarration('It sold out. Again.')).toBe('It sold out. Again');
    expect(captionOfNarration('Ready?')).toBe('Ready?');
    expect(captionOfNarration('Wait for it...')).toBe('Wait for it...');
    expect(captionOfNarration('She said “go.”')).toBe('She said “go”');
    expect(captionOfNarration('朝の港。')).toBe('朝の港');
    // A scene that ends at a clause and goes on in the next one.
    expect(captionOfNarration('Grind them medium-fine,')).toBe('Grind them medium-fine');
  });
});

describe('shortenNarration', () => {
  it('leaves text that fits alone, tidying its spaces', () => {
    expect(shortenNarration('  A cosy   café at dawn. ', 18)).toBe('A cosy café at dawn.');
  });

  it('cuts at the last sentence that fits', () => {
    expect(
      shortenNarration(
        'The harbour wakes under a pink sky. Gulls circle the boats. A baker opens the door and the whole street smells of bread.',
        12,
      ),
    ).toBe('The harbour wakes under a pink sky. Gulls circle the boats.');
  });

  it('cuts at a clause when no sentence keeps half the budget, and ends it cleanly', () => {
    expect(
      shortenNarration(
        'We source single-origin beans directly from farmers, roast them twice a week and ship every bag the same day, so it is always fresh.',
        12,
      ),
    ).toBe('We source single-origin beans directly from farmers.');
  });

  it('cuts one long clause at its last whole word, never on "and" or "the"', () => {
    const cut = shortenNarration(
      'The quick brown fox jumps over the lazy dog and runs across the wide green field with the other foxes toward the river',
      18,
    );
    expect(cut).toBe(
      'The quick brown fox jumps over the lazy dog and runs across the wide green field.',
    );
    expect(narrationWordCount(cut)).toBeLessThanOrEqual(18);
  });

  it('cuts Japanese between words, at its commas first', () => {
    const cut = shortenNarration(
      '東京の夜は明るくて、猫がスケートボードに乗って街を走り回り、人々はそれを見て笑い、写真を撮り、友達に送ります。それから猫は家に帰ります。',
      18,
    );
    expect(cut).toBe(
      '東京の夜は明るくて、猫がスケートボードに乗って街を走り回り、人々はそれを見て笑い、写真を撮り。',
    );
    expect(narrationWordCount(cut)).toBeLessThanOrEqual(18);
  });

  it('closes a quote the cut left open', () => {
    expect(shortenNarration('She said “we ride at dawn, whatever the weather says”', 4)).toBe(
      'She said “we ride.”',
    );
    expect(shortenNarration('"Three drops. Ten seconds. Glow." Calm and slow, every day', 3)).toBe(
      '"Three drops."',
    );
  });

  it('keeps a lone small word rather than cutting to nothing (found by the property test)', () => {
    expect(shortenNarration('. a 한 ', 1)).toBe('. a.');
  });
});

describe('narration and visual', () => {
  it('keeps the member’s sentences as narration and the directions as visual', () => {
    expect(splitNarrationAndVisual(CAFE)).toEqual({
      narration: 'A cosy café at dawn. The barista pours latte art.',
      visual: 'Slow dolly-in, soft morning light, cozy acoustic music',
    });
    const [scene] = planLocally({
      title: 'Morning café',
      description: CAFE,
      scenes: 1,
      aspectRatio: 'landscape',
      hasSourceImage: false,
    }).scenes;
    // The title opens as the hook, then the member's two sentences; the third is shown.
    expect(scene?.narration).toBe(
      'Morning café. A cosy café at dawn. The barista pours latte art.',
    );
    expect(scene?.caption).toBe(captionOfNarration(scene?.narration ?? ''));
    expect(scene?.visual).toContain('A cosy café at dawn. The barista pours latte art.');
    expect(scene?.visual).toContain('Slow dolly-in, soft morning light, cozy acoustic music');
    expect(scene?.visual).toMatch(/Camera: .+\. Lighting: .+\. Mood: .+\./u);
  });

  it('drops directing clauses from a sentence and keeps the rest in order', () => {
    expect(
      splitNarrationAndVisual(
        "Rescue dog's first day home: nervous paws on a new rug, a slow sniff of a fresh bed, then the first tail wag caught in slow motion.",
      ).narration,
    ).toBe("Rescue dog's first day home: nervous paws on a new rug, a slow sniff of a fresh bed.");
  });

  it('speaks a hook without its label or quotes', () => {
    expect(
      splitNarrationAndVisual(
        'Golden hour warmth, wanderlust mood. Hook: "The place your feed forgot."',
      ),
    ).toEqual({
      narration: 'The place your feed forgot.',
      visual: 'Golden hour warmth, wanderlust mood.',
    });
  });

  it('tells directions from the member’s words', () => {
    for (const direction of [
      'Slow dolly-in, soft morning light, cozy acoustic music',
      'Warm, hopeful.',
      'Moody, warm, electric.',
      'Film style: warm light',
      'aspect_ratio: 16:9',
      'A short promotional video for Ember & Oak Roasters.',
      'Quick cuts, then one long breathtaking hold.',
      'End on a calm wide shot with room for a caption.',
      'Golden light across the water.',
      'Cool blue morning light warming to amber.',
      'Neon-lit streets.',
      'Open with the logo on a black background.',
      'Start on a wide view of the harbour.',
    ]) {
      expect(isDirection(direction), direction).toBe(true);
    }
    for (const words of [
      'The barista pours latte art.',
      'Fresh.',
      'Start the day right',
      'A frying pan sizzles with garlic.',
      'Order a shot of espresso.',
      'Why starting at 25 beats starting at 35.',
      'Live music every Friday.',
      'In short: we deliver before noon.',
      'Our favourite spot: the harbour at dawn.',
      // Light that is the sentence's subject is the member's story, not a lighting direction.
      'Morning light spills across the harbour.',
      'Neon signs flicker in the rain.',
      // A recipe's first step, said to the viewer, is no director's instruction.
      'Start with freshly roasted beans and grind them medium-fine, like sea salt.',
      'Begin with a cup of warm water.',
    ]) {
      expect(isDirection(words), words).toBe(false);
    }
  });

  it('narrates the title when the text holds only directions', () => {
    const plan = planLocally({
      title: 'Harbour mornings',
      description: 'Aerial drone shot, golden hour, slow motion, cinematic lighting, 4k.',
      scenes: 2,
      aspectRatio: 'landscape',
      hasSourceImage: false,
    });
    expect(plan.scenes.map((scene) => scene.narration)).toEqual(['Harbour mornings.', '']);
    expect(plan.scenes[0]?.visual).toContain('Aerial drone shot');
  });
});

describe('narration of job templates', () => {
  it('reads the guided template’s lines by their labels', () => {
    const sample = JOB_SAMPLES[0];
    if (!sample) throw new Error('no job sample');
    const brief = readBrief(jobRunPrompt(guidedJob(sample)).prompt);
    expect(brief.closing).toBe(sample.callToAction);
    expect(brief.style).toEqual([
      `This time: ${sample.dynamicSet}`,
      `Film style: ${sample.filmStyle}`,
    ]);
    expect(brief.body).toBe(
      [
        `A short promotional video for ${sample.brandName}.`,
        sample.brandDescription,
        sample.focusFeatures,
      ].join('\n'),
    );
  });

  it('never narrates a template line or a direction of a guided job', () => {
    for (const sample of JOB_SAMPLES) {
      const prompt = jobRunPrompt(guidedJob(sample)).prompt;
      expectCleanNarration(`${sample.jobName} #3`, prompt);
      for (const { scenes } of plans(`${sample.jobName} #3`, prompt)) {
        const spoken = scenes.join(' ');
        // The film style and "this time" lines are only shown.
        expect(spoken).not.toContain(sample.filmStyle.slice(0, 20));
        expect(spoken).not.toContain(sample.dynamicSet.slice(0, 20));
        expect(spoken).not.toContain('#3');
        // The call to action closes the video, its address said as words ("… dot example").
        const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
        const said = sample.callToAction.replace(/\.example$/u, ' dot example');
        expect(squash(spoken).endsWith(squash(said))).toBe(true);
        expect(spoken).not.toContain('.example');
        // The brand's own first sentence is said once the video has room for it.
        const first = sample.brandDescription.split('. ')[0] ?? '';
        if (scenes.length >= 3) expect(spoken).toContain(first.split(' ').slice(0, 5).join(' '));
      }
    }
  });

  it('never narrates a template line or a direction of an advanced job', () => {
    for (const itemListIndex of [1, 2, 3, 4]) {
      for (const aspectRatio of ['landscape', 'portrait']) {
        const job: JobPromptSource = {
          jobName: 'Morning rituals',
          advancedMode: true,
          // As Auto-Append leaves it (docs/jobs.md): the template plus the settings it lacks.
          masterPrompt: `${ADVANCED_MODE_TEMPLATE}\n\nVideo settings:\nscenes: 2 × 8 seconds`,
          brandName: null,
          brandDescription: null,
          focusFeatures: null,
          callToAction: null,
          filmStyle: null,
          dynamicSet: null,
          aspectRatio,
          watermark: false,
          itemListIndex,
        };
        const prompt = jobRunPrompt(job).prompt;
        expect(prompt).toContain('aspect_ratio:');
        expectCleanNarration(`Morning rituals #${itemListIndex}`, prompt);
        for (const { scenes } of plans(`Morning rituals #${itemListIndex}`, prompt)) {
          const spoken = scenes.join(' ');
          expect(spoken).not.toContain('show the moment');
          expect(spoken).not.toContain('{');
        }
      }
    }
  });
});

describe('narration of the viral prompts', () => {
  it('never narrates a direction, and keeps every hook', () => {
    expect(VIRAL_PROMPTS.length).toBeGreaterThan(30);
    for (const prompt of VIRAL_PROMPTS) {
      expectCleanNarration('My video', prompt);
      // The hook is the member's line to say, without its label.
      const hook = /Hook(?: text)?: "([^"]+)"/u.exec(prompt)?.[1];
      if (hook) expect(splitNarrationAndVisual(prompt).narration).toContain(hook.split('.')[0]);
    }
  });
});
