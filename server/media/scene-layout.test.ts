// The scene layout: what is drawn where and when, as pure data (the renderer tests run it).
import { describe, expect, it } from 'vitest';
import { measureText } from './fonts';
import { planScene, type SceneDescription, stillMoveOf, WIPE_SECONDS } from './scene-layout';

const scene: SceneDescription = {
  outputFile: '/work/scene-1.mp4',
  width: 1280,
  height: 720,
  durationSeconds: 8,
  sceneNumber: 1,
  sceneCount: 3,
  caption:
    'It\'s 100% "real": a fox {folds} itself a boat at C:\\Night\\harbour, sails past 3 ferries 🚢 and waves hello to everyone',
  mood: 'dreamy',
  seed: 'A paper fox sails across the harbour',
  sourceImageFile: null,
  watermark: true,
};

const fileText = (planned: ReturnType<typeof planScene>, name: string) =>
  planned.files.find(({ file }) => file.endsWith(`/${name}`))?.content.toString() ?? '';

const dialogue = (script: string) =>
  script.split('\n').filter((line) => line.startsWith('Dialogue:'));

describe('planScene', () => {
  for (const [shape, width, height] of [
    ['landscape', 1280, 720],
    ['portrait', 720, 1280],
  ] as const) {
    it(`keeps every caption line inside the ${shape} frame, and every word of the caption`, () => {
      const planned = planScene({ ...scene, width, height }, '/work/scene');
      const words = planned.cues.flatMap((cue) => cue.lines.join(' ').split(' '));
      expect(words.join(' ')).toBe(
        'It\'s 100% "real": a fox {folds} itself a boat at C:\\Night\\harbour, sails past 3 ferries 🚢 and waves hello to everyone',
      );
      const fontSize =
        Number(/\\fs([\d.]+)/.exec(dialogue(fileText(planned, 'text.ass')).at(-2) ?? '')?.[1]) /
        1.43;
      for (const cue of planned.cues) {
        for (const line of cue.lines) {
          expect(measureText(line, 'semiBold', fontSize)).toBeLessThanOrEqual(width * 0.92);
        }
      }
      for (const layer of planned.plan.layers) {
        if ('x' in layer.position) {
          expect(layer.position.x).toBeGreaterThanOrEqual(0);
          expect(layer.position.x + layer.width).toBeLessThanOrEqual(width);
          expect(layer.position.y + layer.height).toBeLessThanOrEqual(height);
        }
      }
    });
  }

  it('writes member text into the script literally: braces and backslashes cannot become tags', () => {
    const script = fileText(planScene(scene, '/work/scene'), 'text.ass');
    expect(script).toContain('\\{folds\\}');
    expect(script).toContain('C:\\\u200BNight\\\u200Bharbour,');
    // Emoji are drawn (Noto Emoji), in their own font.
    expect(script).toContain('🚢');
    const srt = fileText(planScene(scene, '/work/scene'), 'captions.srt');
    expect(srt).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\nIt's 100% "real"/);
  });

  it('opens scene 1 on its words at once: no title card, and the first cue within half a second', () => {
    const planned = planScene(scene, '/work/scene');
    expect(planned.cues[0]?.start).toBeLessThanOrEqual(0.5);
    expect(planned.plan.layers.map((layer) => layer.file)).not.toContain(
      '/work/scene/title-backdrop.pam',
    );
    const later = planScene({ ...scene, sceneNumber: 2 }, '/work/scene');
    expect(later.cues[0]?.start).toBeLessThan(1);
    // Cues follow one another without overlapping, inside the scene.
    for (const planned of [later, planScene({ ...scene, width: 720, height: 1280 }, '/w')]) {
      planned.cues.forEach((cue, index) => {
        expect(cue.end).toBeGreaterThan(cue.start);
        expect(cue.end).toBeLessThanOrEqual(8);
        if (index > 0) expect(cue.start).toBeGreaterThan(planned.cues[index - 1]?.end ?? 0);
      });
    }
  });

  it('draws no scene counter: scene boundaries are chapters, not text on the frames', () => {
    for (const number of [1, 2, 4]) {
      const text = fileText(
        planScene({ ...scene, sceneNumber: number, sceneCount: 4 }, '/w'),
        'text.ass',
      );
      expect(text).not.toMatch(/\}0\d(\s|$)/mu);
      expect(text).not.toContain('/ 04');
    }
  });

  it('shows each shot in its own window, dissolving into the next, each with its own motion', () => {
    const picture = (index: number) => ({
      kind: 'picture' as const,
      file: `/work/picture-${index}.png`,
      size: 330,
    });
    const planned = planScene(
      {
        ...scene,
        shots: [
          { start: 0, end: 2.6, visual: picture(1) },
          { start: 2.6, end: 5.1, visual: picture(2) },
          { start: 5.1, end: 8, visual: picture(3) },
        ],
      },
      '/w',
    );
    const shots = planned.plan.layers.filter((layer) => layer.file.endsWith('.png'));
    expect(shots.map((layer) => layer.file)).toEqual([
      '/work/picture-1.png',
      '/work/picture-2.png',
      '/work/picture-3.png',
    ]);
    // Each overlaps the next by the crossfade, centred on the cut.
    expect(shots.map((layer) => layer.window)).toEqual([
      { from: 0, to: 2.75, fade: 0.3 },
      { from: 2.45, to: 5.25, fade: 0.3 },
      { from: 4.95, to: 8, fade: 0.3 },
    ]);
    // Three shots, three different motions: a push-in (zoom) and two moves along different axes.
    const kinds = shots.map((layer) => {
      if (layer.zoom) return 'push-in';
      const position = layer.position;
      if (!('from' in position)) return 'still';
      return position.from.x !== position.to.x ? 'pan' : 'rise';
    });
    expect(new Set(kinds).size).toBe(3);
    // One pool of glow under all of them.
    expect(
      planned.plan.layers.filter((layer) => layer.file.endsWith('picture-glow.pam')),
    ).toHaveLength(1);
  });

  it('sets a typographic shot large in the middle, and the overlay over the last shot', () => {
    const planned = planScene(
      {
        ...scene,
        shots: [
          { start: 0, end: 4, visual: { kind: 'typographic', words: ['Slow', 'mornings'] } },
          { start: 4, end: 8, visual: null },
        ],
        overlay: '@ember.and.oak',
      },
      '/w',
    );
    const lines = dialogue(fileText(planned, 'text.ass'));
    // White, the last word in the accent.
    const typographic = lines.filter((line) =>
      /\}Slow \{\\1c&H[0-9A-F]{6}&\}mornings$/u.test(line),
    );
    expect(typographic).toHaveLength(1);
    expect(typographic[0]).toMatch(/^Dialogue: 3,0:00:00\.00,0:00:04\.\d\d,/);
    const overlay = lines.filter((line) => line.endsWith('}@ember.and.oak'));
    expect(overlay).toHaveLength(1);
    expect(overlay[0]).toMatch(/^Dialogue: 5,0:00:04\.00,0:00:08\.00,/);
  });

  it('fades in at the start of the video, out at its end, and wipes across every cut between', () => {
    const first = planScene(scene, '/w').plan;
    const middle = planScene({ ...scene, sceneNumber: 2 }, '/w').plan;
    const last = planScene({ ...scene, sceneNumber: 3 }, '/w').plan;
    expect([first.fadeInSeconds > 0, first.fadeOutSeconds > 0]).toEqual([true, false]);
    expect([last.fadeInSeconds > 0, last.fadeOutSeconds > 0]).toEqual([false, true]);
    expect(first.wipes.map((wipe) => wipe.file.split('/').at(-1))).toEqual(['wipe-cover.pam']);
    expect(middle.wipes.map((wipe) => wipe.file.split('/').at(-1))).toEqual([
      'wipe-reveal.pam',
      'wipe-cover.pam',
    ]);
    expect(last.wipes.map((wipe) => wipe.file.split('/').at(-1))).toEqual(['wipe-reveal.pam']);
    const cover = first.wipes[0];
    expect(cover?.window).toEqual({ from: 8 - WIPE_SECONDS, to: 8, fade: 0 });
  });

  it('leaves out the watermark and the caption when not asked for', () => {
    const planned = planScene({ ...scene, watermark: false, caption: '' }, '/w');
    expect(fileText(planned, 'text.ass')).not.toContain('Reelforge');
    expect(planned.plan.captionsFile).toBeNull();
    expect(planned.plan.layers.map((layer) => layer.file)).not.toContain('/w/scrim.pam');
  });

  it('moves particles over the palette in the way of the mood, and none over a photo', () => {
    const drawings = (mood: string, photo = false) =>
      dialogue(
        fileText(
          planScene(
            {
              ...scene,
              mood,
              sourceImageFile: photo ? '/w/photo.jpg' : null,
              sourceImageSize: { width: 1600, height: 900 },
            },
            '/w',
          ),
          'text.ass',
        ),
      ).filter((line) => line.includes('\\move(') && line.includes('\\p1}'));
    const streaks = (lines: string[]) => lines.filter((line) => line.startsWith('Dialogue: 1,'));
    const particles = (lines: string[]) => lines.filter((line) => line.startsWith('Dialogue: 0,'));
    expect(streaks(drawings('bold energetic')).length).toBeGreaterThan(1);
    expect(streaks(drawings('calm ocean'))).toEqual([]);
    expect(particles(drawings('calm ocean')).length).toBeGreaterThan(3);
    // Bokeh rises: every particle ends higher than it starts.
    for (const line of particles(drawings('calm ocean'))) {
      const [, , fromY, , toY] = /\\move\((-?\d+),(-?\d+),(-?\d+),(-?\d+)\)/.exec(line) ?? [];
      expect(Number(toY)).toBeLessThan(Number(fromY));
    }
    expect(drawings('calm ocean', true)).toEqual([]);
  });

  it('fills the frame with a photo near its shape, and shows one of an extreme shape whole', () => {
    const near = planScene(
      { ...scene, sourceImageFile: '/w/photo.jpg', sourceImageSize: { width: 1600, height: 1000 } },
      '/w',
    ).plan;
    expect(near.background.kind).toBe('image');
    for (const [width, height] of [
      [1280, 720],
      [720, 1280],
    ] as const) {
      for (const size of [
        { width: 3000, height: 200 },
        { width: 200, height: 3000 },
      ]) {
        if (size.width > size.height === width > height && size.width / size.height < 2.5) continue;
        const plan = planScene(
          { ...scene, width, height, sourceImageFile: '/w/strip.png', sourceImageSize: size },
          '/w',
        ).plan;
        const background = plan.background;
        if (background.kind !== 'contain')
          throw new Error(`${size.width}x${size.height} is cropped`);
        // Whole, inside the frame wherever it drifts, and with its shape.
        expect(background.width / background.height).toBeCloseTo(size.width / size.height, 0);
        for (const point of [background.motion.from, background.motion.to]) {
          expect(point.x).toBeGreaterThanOrEqual(0);
          expect(point.y).toBeGreaterThanOrEqual(0);
          expect(point.x + background.width).toBeLessThanOrEqual(width);
          expect(point.y + background.height).toBeLessThanOrEqual(height);
        }
      }
    }
  });

  it('is deterministic: the same scene gives the same plan and files', () => {
    const one = planScene(scene, '/w');
    const two = planScene(scene, '/w');
    expect(two.plan).toEqual(one.plan);
    expect(two.files.map(({ content }) => content)).toEqual(
      one.files.map(({ content }) => content),
    );
  });
});

describe('a photo moves as the shot asks', () => {
  it("reads the planner's camera direction", () => {
    expect(stillMoveOf('slow push-in')).toBe('push-in');
    expect(stillMoveOf('wide dolly-in')).toBe('push-in');
    expect(stillMoveOf('slow pull-back')).toBe('pull-back');
    expect(stillMoveOf('crane up and away')).toBe('pull-back');
    expect(stillMoveOf('crane up')).toBe('rise');
    expect(stillMoveOf('slow crane down')).toBe('descend');
    expect(stillMoveOf('sweeping pan')).toBe('pan');
    expect(stillMoveOf('tracking shot')).toBe('pan');
    expect(stillMoveOf('')).toBeNull();
  });

  it('pans across a photo at a steady zoom, and pushes in towards a point', () => {
    const photo = {
      ...scene,
      sourceImageFile: '/work/photo.png',
      sourceImageSize: { width: 1600, height: 900 },
    };
    const pan = planScene({ ...photo, camera: 'sweeping pan' }, '/work/scene').plan.background;
    expect(pan.kind).toBe('image');
    if (pan.kind !== 'image') return;
    expect(pan.zoomFrom).toBe(pan.zoomTo);
    expect(Math.abs(pan.focusFrom.x - pan.focusTo.x)).toBe(1);
    const push = planScene({ ...photo, camera: 'slow push-in' }, '/work/scene').plan.background;
    if (push.kind !== 'image') throw new Error('a photo near the frame fills it');
    expect(push.zoomTo).toBeGreaterThan(push.zoomFrom);
  });
});
