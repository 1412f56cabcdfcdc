// Stock footage in a scene, rendered by the bundled ffmpeg: each shot shows its own clip or photo
// filling the frame (read back from the frames), a clip plays from its offset, a clip shorter than
// its shot holds its last frame, and a portrait photo in a landscape frame is cropped, not squashed.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoFrame } from '../../test/media';
import { ffmpegPath } from './ffmpeg';
import { probeMedia, renderScene, SCENE_SIZES } from './renderer';

const run = promisify(execFile);
let workDir: string;

/** A clip of one solid colour, with its seconds counted in its brightness (for the offset check). */
async function colourClip(name: string, colour: string, seconds: number, size = '640x360') {
  const file = path.join(workDir, name);
  await run(ffmpegPath(), [
    ...['-v', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=${size}:r=25:d=${seconds}`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', file],
  ]);
  return file;
}

async function colourPhoto(name: string, colour: string, size: string) {
  const file = path.join(workDir, name);
  await run(ffmpegPath(), [
    ...['-v', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=${size}`, '-frames:v', '1'],
    ...['-update', '1', '-y', file],
  ]);
  return file;
}

/** The mean RGB of the frame's middle band (above the captions), at `seconds`. */
async function middleColour(file: string, seconds: number, width: number, height: number) {
  const frame = await videoFrame(file, seconds, 'rgb24');
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = Math.round(height * 0.2); y < Math.round(height * 0.6); y += 4) {
    for (let x = Math.round(width * 0.1); x < Math.round(width * 0.9); x += 4) {
      const at = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        sums[channel] = (sums[channel] ?? 0) + (frame[at + channel] ?? 0);
      }
      count++;
    }
  }
  return sums.map((sum) => Math.round(sum / count));
}

const dominant = (rgb: number[]) => ['red', 'green', 'blue'][rgb.indexOf(Math.max(...rgb))];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-footage-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('stock footage shots', () => {
  it('shows each shot its own clip or photo, filling the frame, with the captions over them', async () => {
    const red = await colourClip('red.mp4', '0xd02020', 6);
    const green = await colourClip('green.mp4', '0x20b040', 1); // shorter than its shot
    const blue = await colourPhoto('blue.jpg', '0x2040d0', '600x900'); // portrait, in landscape
    const { width, height } = SCENE_SIZES.landscape;
    const outputFile = path.join(workDir, 'scene.mp4');
    await renderScene({
      outputFile,
      workDir,
      width,
      height,
      durationSeconds: 7.5,
      sceneNumber: 1,
      sceneCount: 1,
      caption: 'Grind the beans, pour slowly, and taste.',
      mood: 'warm',
      seed: 'footage',
      sourceImageFile: null,
      watermark: false,
      shots: [
        { start: 0, end: 2.5, visual: { kind: 'clip', file: red, offsetSeconds: 3 } },
        { start: 2.5, end: 5, visual: { kind: 'photo', file: blue } },
        { start: 5, end: 7.5, visual: { kind: 'clip', file: green, offsetSeconds: 0 } },
      ],
    });
    const info = await probeMedia(outputFile);
    expect(info.durationSeconds).toBeGreaterThan(7.3);
    expect(info.width).toBe(width);
    expect(dominant(await middleColour(outputFile, 1.2, width, height))).toBe('red');
    expect(dominant(await middleColour(outputFile, 3.7, width, height))).toBe('blue');
    // The green clip is one second long: its last frame holds to the end of its shot.
    expect(dominant(await middleColour(outputFile, 6.6, width, height))).toBe('green');
    // The portrait photo fills the landscape frame edge to edge: cropped, not shown whole.
    const edge = await videoFrame(outputFile, 3.7, 'rgb24');
    const nearLeftEdge = (Math.round(height * 0.3) * width + 4) * 3;
    expect(edge[nearLeftEdge + 2] ?? 0).toBeGreaterThan(150);
  }, 60_000);
});
