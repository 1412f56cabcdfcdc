// Real renders with the bundled ffmpeg: short scenes in both shapes, with and without a photo,
// then probed as a member's player would see them. Fixtures are made by ffmpeg here.
import { execFile } from 'node:child_process';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoFrame } from '../../test/media';
import { ffmpegPath } from './ffmpeg';
import {
  joinClips,
  probeMedia,
  renderScene,
  SCENE_SIZES,
  type SceneRenderSpec,
  takeThumbnail,
} from './renderer';

const run = promisify(execFile);
let workDir: string;
let photo: string;
let logo: string;
let animation: string;

async function makeImage(name: string, source: string, frames = 1) {
  const file = path.join(workDir, name);
  // -update: the folder name has a '%', which the image muxer would read as a number pattern.
  const single = name.endsWith('.gif') ? [] : ['-update', '1'];
  const input = ['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', String(frames)];
  await run(ffmpegPath(), [...input, ...single, '-y', file]);
  return file;
}

/** Grey levels of one frame, to check what is on screen. */
const frameAt = (file: string, seconds: number) => videoFrame(file, seconds, 'gray');

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

function spec(name: string, overrides: Partial<SceneRenderSpec> = {}): SceneRenderSpec {
  return {
    outputFile: path.join(workDir, `${name}.mp4`),
    workDir,
    ...SCENE_SIZES.landscape,
    durationSeconds: 2,
    sceneNumber: 2,
    sceneCount: 3,
    caption: 'A slow-motion pour and a cafe waking up.',
    mood: 'warm cozy',
    seed: `A cafe waking up ${name}`,
    sourceImageFile: null,
    watermark: true,
    ...overrides,
  };
}

async function expectPlayableClip(file: string, width: number, height: number, seconds: number) {
  const info = await probeMedia(file);
  expect(info).toMatchObject({
    width,
    height,
    videoCodec: 'h264',
    audioCodec: 'aac',
    pixelFormat: 'yuv420p',
  });
  expect(Math.abs(info.durationSeconds - seconds)).toBeLessThanOrEqual(0.1);
}

beforeAll(async () => {
  // Every helper file path passes through filter escaping: give them all the awkward characters.
  workDir = await mkdtemp(path.join(os.tmpdir(), "reelforge render: it's [1], 50%; ok-"));
  [photo, logo, animation] = await Promise.all([
    makeImage('photo.jpg', 'testsrc2=s=640x480'),
    makeImage('logo.png', 'testsrc2=s=300x500'),
    makeImage('loop.gif', 'testsrc2=s=200x150:r=5', 3),
  ]);
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('renderScene', () => {
  it('renders both shapes side by side in one work folder, with the size asked for', async () => {
    const progress: number[] = [];
    const landscape = spec('landscape', { onProgress: (fraction) => progress.push(fraction) });
    const portrait = spec('portrait', SCENE_SIZES.portrait);
    await Promise.all([renderScene(landscape), renderScene(portrait)]);
    await expectPlayableClip(landscape.outputFile, 1280, 720, 2);
    await expectPlayableClip(portrait.outputFile, 720, 1280, 2);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('pans over a photo, a PNG or the first frame of a GIF, cover-cropped to the frame', async () => {
    const fromPhoto = spec('photo', { ...SCENE_SIZES.portrait, sourceImageFile: photo });
    const fromLogo = spec('logo', { sourceImageFile: logo });
    const fromGif = spec('gif', { sourceImageFile: animation, durationSeconds: 1 });
    await Promise.all([renderScene(fromPhoto), renderScene(fromLogo), renderScene(fromGif)]);
    await expectPlayableClip(fromPhoto.outputFile, 720, 1280, 2);
    await expectPlayableClip(fromLogo.outputFile, 1280, 720, 2);
    await expectPlayableClip(fromGif.outputFile, 1280, 720, 1);
  });

  it('renders a full 8 s scene with its shots', async () => {
    const scene = spec('full', {
      durationSeconds: 8,
      sceneNumber: 1,
      shots: [
        { start: 0, end: 4, visual: { kind: 'typographic', words: ['Morning', 'espresso'] } },
        { start: 4, end: 8, visual: { kind: 'typographic', words: ['Fresh', 'pour'] } },
      ],
    });
    await renderScene(scene);
    await expectPlayableClip(scene.outputFile, 1280, 720, 8);
    // It opens from black and ends in black, so joined scenes cut smoothly.
    const first = await frameAt(scene.outputFile, 0);
    const middle = await frameAt(scene.outputFile, 4);
    const mean = (frame: Buffer) => frame.reduce((sum, value) => sum + value, 0) / frame.length;
    expect(mean(first)).toBeLessThan(20);
    expect(mean(middle)).toBeGreaterThan(mean(first) + 10);
  });

  it('draws any text: quotes, colons, percent, backslashes and emoji', async () => {
    const tricky = spec('tricky', {
      sceneNumber: 1,
      overlay: `It's "100%": C:\\new, {a} [b]; 🚀`,
      caption: `Don't panic: 50% off, "today" only \\o/ %{pts} 🎉👩‍👩‍👧`,
      seed: 'same seed',
      durationSeconds: 3,
    });
    const plain = spec('plain', {
      ...tricky,
      outputFile: path.join(workDir, 'plain.mp4'),
      caption: '',
    });
    await Promise.all([renderScene(tricky), renderScene(plain)]);
    await expectPlayableClip(tricky.outputFile, 1280, 720, 3);
    // Same scene without the caption: the lower third differs once the caption is showing.
    const [withCaption, withoutCaption] = await Promise.all([
      frameAt(tricky.outputFile, 2.2),
      frameAt(plain.outputFile, 2.2),
    ]);
    const lowerThird = (frame: Buffer) => frame.subarray(1280 * 520, 1280 * 640);
    expect(lowerThird(withCaption).equals(lowerThird(withoutCaption))).toBe(false);
  });

  it('stops when aborted and leaves no partial file', async () => {
    const controller = new AbortController();
    const scene = spec('aborted', {
      durationSeconds: 8,
      signal: controller.signal,
      onProgress: (fraction) => {
        if (fraction > 0) controller.abort(new Error('render cancelled'));
      },
    });
    await expect(renderScene(scene)).rejects.toThrow('render cancelled');
    expect(await exists(scene.outputFile)).toBe(false);
  });

  it('fails with ffmpeg’s own words when the image cannot be read', async () => {
    const notAnImage = path.join(workDir, 'notes.png');
    await writeFile(notAnImage, 'this is not a picture');
    const scene = spec('broken', { sourceImageFile: notAnImage });
    await expect(renderScene(scene)).rejects.toThrow(
      /ffmpeg exited with code 1: .*(Invalid|invalid)/s,
    );
    expect(await exists(scene.outputFile)).toBe(false);
  });
});

describe('a scene drawn before its sound', () => {
  /** The kinds of a file's streams, in order, as ffmpeg lists them. */
  async function streamKinds(file: string): Promise<string[]> {
    const listed = await run(ffmpegPath(), ['-hide_banner', '-i', file]).catch(
      (error: { stderr: string }) => error,
    );
    return [...String(listed.stderr).matchAll(/Stream #0:\d+.*?: (Video|Audio|Subtitle)/g)].map(
      (match) => match[1] as string,
    );
  }

  it('makes the clip one pass makes: its pictures first, its slice of the soundtrack after', async () => {
    const sound = path.join(workDir, 'later-soundtrack.wav');
    const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-y'];
    const onePass = spec('one-pass', { soundtrack: { file: sound, offsetSeconds: 1 } });
    const twoPass = spec('two-pass', {
      soundtrack: { file: sound, offsetSeconds: 1 },
      soundLater: true,
    });
    // The pictures are drawn while the soundtrack does not exist yet.
    const drawn = await renderScene(twoPass);
    expect(drawn.addSound).toBeDefined();
    expect(await exists(twoPass.outputFile)).toBe(false);
    await run(ffmpegPath(), [...tone, sound]);
    await drawn.addSound?.();
    await renderScene(onePass);

    await expectPlayableClip(twoPass.outputFile, 1280, 720, 2);
    const [one, two] = await Promise.all([
      probeMedia(onePass.outputFile),
      probeMedia(twoPass.outputFile),
    ]);
    expect(Math.abs(one.durationSeconds - two.durationSeconds)).toBeLessThanOrEqual(0.05);
    // Joined by stream copy, clips must list their streams alike.
    expect(await streamKinds(twoPass.outputFile)).toEqual(['Video', 'Audio', 'Subtitle']);
    expect(await streamKinds(twoPass.outputFile)).toEqual(await streamKinds(onePass.outputFile));
    // Only the clip is left behind.
    expect(await exists(`${twoPass.outputFile}.pictures.mp4`)).toBe(false);
  });
});

describe('joinClips and takeThumbnail', () => {
  it('joins scenes into one video as long as its parts', async () => {
    const first = spec('part-1', { sceneNumber: 1 });
    const second = spec('part-2', { sceneNumber: 2 });
    await Promise.all([renderScene(first), renderScene(second)]);
    const joined = path.join(workDir, 'joined.mp4');
    await joinClips([first.outputFile, second.outputFile], joined, workDir);
    await expectPlayableClip(joined, 1280, 720, 4);
  });

  it('takes a JPEG thumbnail', async () => {
    const scene = spec('thumbnail-source');
    await renderScene(scene);
    const thumbnail = path.join(workDir, 'thumbnail.jpg');
    await takeThumbnail(scene.outputFile, thumbnail, 1);
    const bytes = await readFile(thumbnail);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const info = await probeMedia(thumbnail);
    expect(info).toMatchObject({ width: 1280, height: 720 });
  });
});
