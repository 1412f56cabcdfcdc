// A brand's logo over a video model's clip, with real sharp and ffmpeg: fitted on its card (never
// stretched) and laid in the top right corner while the clip plays on around it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProviderClip } from '../../test/fake-providers';
import { regionMean, videoFrameFile } from '../../test/media';
import { logoCard } from './images';
import { normaliseClip } from './renderer';
import { logoBox, logoPlace } from './scene-layout';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-logo-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('a logo mark', () => {
  it('keeps the logo’s shape inside its box', async () => {
    const wide = path.join(folder, 'wide.png');
    await sharp({ create: { width: 800, height: 100, channels: 3, background: '#ff00ff' } })
      .png()
      .toFile(wide);
    const box = logoBox(1280, 720);
    const card = await logoCard(wide, box, path.join(folder, 'card.png'));
    expect(card.width).toBeLessThanOrEqual(box.width + 1);
    expect(card.height).toBeLessThan(box.height);
    const { data, info } = await sharp(card.file).raw().toBuffer({ resolveWithObject: true });
    // The magenta runs 8:1 across the card's middle row, as the logo does.
    const row = Math.floor(info.height / 2);
    let magenta = 0;
    for (let x = 0; x < info.width; x++) {
      const at = (row * info.width + x) * info.channels;
      if ((data[at] ?? 0) > 200 && (data[at + 1] ?? 255) < 60) magenta++;
    }
    let tall = 0;
    for (let y = 0; y < info.height; y++) {
      const at = (y * info.width + Math.floor(info.width / 2)) * info.channels;
      if ((data[at] ?? 0) > 200 && (data[at + 1] ?? 255) < 60) tall++;
    }
    expect(magenta / tall).toBeGreaterThan(7);
    expect(magenta / tall).toBeLessThan(9);
  });

  it("is laid in the top right corner of a model's clip, the footage playing around it", async () => {
    const logo = path.join(folder, 'logo.png');
    await sharp({ create: { width: 300, height: 150, channels: 3, background: '#ff00ff' } })
      .png()
      .toFile(logo);
    const card = await logoCard(logo, logoBox(1280, 720), path.join(folder, 'mark.png'));
    const clip = path.join(folder, 'clip.mp4');
    await writeFile(clip, await makeProviderClip({ seconds: 3 }));
    const output = path.join(folder, 'normalised.mp4');
    const place = logoPlace(1280, 720, card);
    await normaliseClip({
      input: clip,
      outputFile: output,
      size: { width: 1280, height: 720 },
      durationSeconds: 3,
      hasAudio: true,
      watermark: false,
      logo: { file: card.file, ...place },
    });
    const frame = await videoFrameFile(await readFile(output), 2);
    const centre = {
      left: Math.round(place.x + card.width / 2 - 10),
      top: Math.round(place.y + card.height / 2 - 8),
      width: 20,
      height: 16,
    };
    const [red, green, blue] = await regionMean(frame, centre);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(90);
    expect(blue).toBeGreaterThan(200);
    // The middle of the frame is the model's footage (testsrc2), not the logo.
    const [r, g, b] = await regionMean(frame, { left: 560, top: 300, width: 160, height: 120 });
    expect(Math.min(r ?? 0, b ?? 0) - (g ?? 0)).toBeLessThan(100);
  });
});
