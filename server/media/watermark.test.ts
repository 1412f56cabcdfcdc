// A member's own watermark with real sharp, libass and ffmpeg: their image fitted into the corner's
// box at its opacity, their text set and cut to what was drawn, and either laid in its corner in
// place of ours, on our scenes (a layer, no 'Reelforge') and on a video model's clip.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProviderClip } from '../../test/fake-providers';
import { regionMean, videoFrameFile } from '../../test/media';
import { normaliseClip } from './renderer';
import { logoBox, markBox, markMaxWidth, markPlace, planScene } from './scene-layout';
import { prepareCustomMark } from './watermark';

const SIZE = { width: 1280, height: 720 };
let folder: string;
let magenta: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-mark-'));
  magenta = path.join(folder, 'magenta.png');
  await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff00ff' } })
    .png()
    .toFile(magenta);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('prepareCustomMark', () => {
  it('fits an image into the corner box, its alpha times the opacity', async () => {
    const mark = await prepareCustomMark({
      source: { kind: 'image', file: magenta },
      corner: 'top-left',
      opacity: 0.5,
      size: SIZE,
      workDir: folder,
    });
    const box = markBox(SIZE.width, SIZE.height);
    expect(mark).toMatchObject({ corner: 'top-left', width: box.width });
    expect(mark.height).toBeLessThanOrEqual(box.height);
    expect((mark.width % 2) + (mark.height % 2)).toBe(0);
    const { data, info } = await sharp(mark.file).raw().toBuffer({ resolveWithObject: true });
    const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 4;
    expect([...data.subarray(middle, middle + 4)]).toEqual([255, 0, 255, 128]);
  });

  it('sets text in our fonts, cut to what was drawn and never wider than the frame', async () => {
    const mark = await prepareCustomMark({
      source: { kind: 'text', text: 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW' },
      corner: 'bottom-right',
      opacity: 1,
      size: { width: 720, height: 1280 },
      workDir: folder,
    });
    expect(mark.width).toBeLessThanOrEqual(markMaxWidth(720, 1280) + 1);
    expect(mark.width).toBeGreaterThan(400);
    expect(mark.height).toBeLessThan(60);
    const { data } = await sharp(mark.file).raw().toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let at = 0; at < data.length; at += 4) {
      if ((data[at] ?? 0) > 240 && (data[at + 3] ?? 0) > 240) white++;
    }
    expect(white).toBeGreaterThan(1000);
  });
});

describe('a custom mark in place of ours', () => {
  it('is a layer in its corner of our scenes, and no Reelforge text is written', () => {
    const mark = {
      file: '/w/custom-mark.png',
      width: 160,
      height: 60,
      corner: 'top-right' as const,
    };
    const planned = planScene(
      {
        outputFile: '/w/scene-1.mp4',
        ...SIZE,
        durationSeconds: 8,
        sceneNumber: 1,
        sceneCount: 1,
        caption: 'A harbour at dawn',
        mood: 'calm',
        seed: 'harbour',
        watermark: mark,
        logo: { file: '/w/logo-mark.png', width: 100, height: 60 },
      },
      '/w/scene',
    );
    const script = planned.files.find(({ file }) => file.endsWith('/text.ass'))?.content;
    expect(String(script)).not.toContain('Reelforge');
    const layer = planned.plan.layers.find((entry) => entry.file === mark.file);
    // Below the job's logo, which keeps the top right corner.
    const place = markPlace(SIZE.width, SIZE.height, mark, true);
    expect(layer?.position).toEqual(place);
    expect(place.x + mark.width).toBeLessThan(SIZE.width);
    expect(place.y).toBeGreaterThan(logoBox(SIZE.width, SIZE.height).height);
  });

  it("is laid in its corner of a model's clip, and not in the opposite one", async () => {
    const mark = await prepareCustomMark({
      source: { kind: 'image', file: magenta },
      corner: 'bottom-left',
      opacity: 1,
      size: SIZE,
      workDir: folder,
    });
    const clip = path.join(folder, 'clip.mp4');
    await writeFile(clip, await makeProviderClip({ seconds: 2 }));
    const output = path.join(folder, 'normalised.mp4');
    await normaliseClip({
      input: clip,
      outputFile: output,
      size: SIZE,
      durationSeconds: 2,
      hasAudio: true,
      watermark: mark,
    });
    const frame = await videoFrameFile(await readFile(output), 1);
    const place = markPlace(SIZE.width, SIZE.height, mark);
    const region = { width: 20, height: 16, top: Math.round(place.y + mark.height / 2 - 8) };
    const [red, green, blue] = await regionMean(frame, {
      ...region,
      left: Math.round(place.x + mark.width / 2 - 10),
    });
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(90);
    expect(blue).toBeGreaterThan(200);
    const [r, g, b] = await regionMean(frame, {
      ...region,
      left: Math.round(SIZE.width - place.x - mark.width / 2 - 10),
    });
    expect(Math.min(r ?? 0, b ?? 0) - (g ?? 0)).toBeLessThan(100);
  });
});
