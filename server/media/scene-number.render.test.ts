// The scene counter ('04 / 04') drawn for real by libass over the worst ground it meets: a warm
// orange as close to its own accent as a palette gets. Its letters must stand out from what is
// right around them (WCAG's 3:1 for large text), which the dark halo the plan gives them ensures.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ffmpegPath } from './ffmpeg';
import { fontconfigFile } from './fonts';
import { planScene, type SceneDescription } from './scene-plan';

const run = promisify(execFile);

const WIDTH = 1280;
const HEIGHT = 720;
/** The ground: a saturated orange (sRGB #F08A3C). */
const GROUND = 'F08A3C';
/** The number's fill, forced to a salmon: a light accent on that orange, the case the audit saw. */
const SALMON_BGR = '7A8CF4';

const scene: SceneDescription = {
  outputFile: '/work/scene-4.mp4',
  width: WIDTH,
  height: HEIGHT,
  durationSeconds: 8,
  sceneNumber: 4,
  sceneCount: 4,
  title: 'Autumn',
  caption: 'Leaves fall over the old town.',
  mood: 'warm',
  seed: 'Autumn leaves',
  sourceImageFile: null,
  watermark: false,
};

/** The counter's two lines of the planned script, alone, the number in salmon. */
function counterScript(): string {
  const planned = planScene(scene, '/work/scene');
  const script =
    planned.files.find(({ file }) => file.endsWith('/text.ass'))?.content.toString() ?? '';
  const lines = script.split('\n');
  const counter = lines.filter((line) => /^Dialogue:.*}(04|\/ 04)$/.test(line));
  expect(counter).toHaveLength(2);
  const header = lines.slice(
    0,
    lines.findIndex((line) => line.startsWith('Dialogue:')),
  );
  const number = (counter[0] ?? '').replace(/\\1c&H[0-9A-F]{6}&/, `\\1c&H${SALMON_BGR}&`);
  return [...header, number, counter[1] ?? ''].join('\n');
}

/** sRGB relative luminance (WCAG). */
function luminance(red: number, green: number, blue: number): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

describe('the scene counter', () => {
  it('stands out at 3:1 or more from what surrounds it, even salmon on orange', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-counter-'));
    try {
      const script = path.join(folder, 'text.ass');
      await writeFile(script, counterScript());
      // One frame at 1.5 s: the counter has slid and faded in.
      const { stdout } = await run(
        ffmpegPath(),
        [
          ...['-v', 'error', '-f', 'lavfi', '-i', `color=c=0x${GROUND}:s=${WIDTH}x${HEIGHT}:d=2`],
          ...['-vf', `ass=${script},select='gte(t\\,1.5)'`, '-frames:v', '1'],
          ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
        ],
        {
          encoding: 'buffer',
          maxBuffer: 8 * 1024 * 1024,
          env: { ...process.env, FONTCONFIG_FILE: fontconfigFile() },
        },
      );
      // The top-left corner, where the counter sits.
      const values: number[] = [];
      for (let y = 0; y < HEIGHT / 4; y += 1) {
        for (let x = 0; x < WIDTH / 3; x += 1) {
          const at = (y * WIDTH + x) * 3;
          values.push(luminance(stdout[at] ?? 0, stdout[at + 1] ?? 0, stdout[at + 2] ?? 0));
        }
      }
      values.sort((a, b) => a - b);
      const ground = luminance(0xf0, 0x8a, 0x3c);
      const fill = values[Math.floor(values.length * 0.995)] ?? 0;
      const surround = values[Math.floor(values.length * 0.005)] ?? 1;
      // Something was drawn lighter than the ground (the letters), and darker beside it (the halo).
      expect(fill).toBeGreaterThan(ground);
      expect((fill + 0.05) / (surround + 0.05)).toBeGreaterThanOrEqual(3);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
