import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StillLayer } from './arguments';
import { type FontWeight, fontFile, measureText } from './fonts';
import { CAP_HEIGHT, planScene, type SceneDescription } from './scene-plan';

const scene: SceneDescription = {
  outputFile: '/work/scene-1.mp4',
  width: 1280,
  height: 720,
  durationSeconds: 8,
  sceneNumber: 1,
  sceneCount: 3,
  title: 'The Extraordinary Adventures of a Very Small Paper Fox in the Big City',
  caption:
    'It\'s 100% "real": a fox folds itself a boat at C:\\harbour, sails past 3 ferries 🚢 and waves hello to everyone',
  mood: 'dreamy',
  seed: 'A paper fox sails across the harbour',
  sourceImageFile: null,
  watermark: true,
};

const weightOf = (file: string): FontWeight => {
  for (const weight of ['semiBold', 'bold', 'extraBold'] as const) {
    if (fontFile(weight) === file) return weight;
  }
  throw new Error(`unknown font ${file}`);
};

function expectInside(
  still: StillLayer,
  width: number,
  height: number,
  fileText: Map<string, string>,
) {
  expect(still.x).toBeGreaterThanOrEqual(0);
  expect(still.y).toBeGreaterThanOrEqual(0);
  expect(still.x + still.width).toBeLessThanOrEqual(width);
  expect(still.y + still.height).toBeLessThanOrEqual(height);
  for (const text of still.texts) {
    const line = fileText.get(text.textFile) ?? '';
    const lineWidth = measureText(line, weightOf(text.fontFile), text.fontSize);
    const left =
      text.align === 'left'
        ? text.x
        : text.align === 'centre'
          ? text.x - lineWidth / 2
          : text.x - lineWidth;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + lineWidth).toBeLessThanOrEqual(still.width);
    expect(text.baseline - text.fontSize * CAP_HEIGHT).toBeGreaterThanOrEqual(0);
    expect(text.baseline).toBeLessThanOrEqual(still.height);
  }
}

const plannedText = (files: Array<{ file: string; content: Buffer | string }>) =>
  new Map(files.map(({ file, content }) => [file, content.toString()]));

describe('planScene', () => {
  for (const [shape, width, height] of [
    ['landscape', 1280, 720],
    ['portrait', 720, 1280],
  ] as const) {
    it(`keeps every box and every line of text inside the ${shape} frame`, () => {
      const { plan, files } = planScene({ ...scene, width, height }, '/work/scene-1');
      const text = plannedText(files);
      expect(plan.stills.length).toBe(5); // title backdrop, title bar, caption, tag, watermark
      for (const still of plan.stills) expectInside(still, width, height, text);
    });
  }

  it('writes the user text, one line per file, exactly as drawn (emoji dropped)', () => {
    const { plan, files } = planScene(scene, '/work/scene-1');
    const text = plannedText(files);
    const caption = plan.stills.find((still) => still.file.endsWith('caption-box.pam'));
    const lines = caption?.texts.map((line) => text.get(line.textFile)) ?? [];
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(
      'It\'s 100% "real": a fox folds itself a boat at C:\\harbour, sails past 3 ferries and waves hello to everyone',
    );
    for (const file of text.keys()) expect(file.startsWith('/work/scene-1/')).toBe(true);
  });

  it('shows the title card on scene 1 only, then the caption after it', () => {
    const first = planScene(scene, '/w').plan;
    const second = planScene({ ...scene, sceneNumber: 2 }, '/w').plan;
    const titleWindow = first.stills.find((still) =>
      still.file.endsWith('title-backdrop.pam'),
    )?.window;
    const captionWindow = first.stills.find((still) =>
      still.file.endsWith('caption-box.pam'),
    )?.window;
    expect(titleWindow?.to).toBeLessThanOrEqual(2.6);
    expect(captionWindow?.from).toBeGreaterThan(titleWindow?.to ?? Number.POSITIVE_INFINITY);
    expect(second.stills.some((still) => still.file.includes('title'))).toBe(false);
    const secondCaption = second.stills.find((still) => still.file.endsWith('caption-box.pam'));
    expect(secondCaption?.window?.from).toBeLessThan(1);
  });

  it('leaves out what is not asked for', () => {
    const { plan } = planScene({ ...scene, watermark: false, sceneCount: 1, caption: '🚀' }, '/w');
    const names = plan.stills.map((still) => still.file.split('/').at(-1));
    expect(names).toEqual(['title-backdrop.pam', 'title-bar.pam']);
  });

  it('pans a photo instead of painting a gradient', () => {
    const { plan, files } = planScene({ ...scene, sourceImageFile: '/up/photo.png' }, '/w');
    expect(plan.background).toMatchObject({ kind: 'image', file: '/up/photo.png' });
    expect(plan.lights).toEqual([]);
    expect(files.some(({ file }) => file.endsWith('.ppm'))).toBe(false);
  });

  it('is deterministic: the same scene gives the same plan and files', () => {
    const first = planScene(scene, '/w');
    const second = planScene(scene, '/w');
    expect(second.plan).toEqual(first.plan);
    const fingerprint = (files: typeof first.files) =>
      files.map(
        ({ file, content }) => `${file} ${createHash('sha1').update(content).digest('hex')}`,
      );
    expect(fingerprint(second.files)).toEqual(fingerprint(first.files));
    expect(first.plan.background.kind).toBe('gradient');
    expect(first.plan.lights.length).toBeGreaterThan(0);
  });
});
