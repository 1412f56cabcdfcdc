import { constants } from 'node:fs';
import { access, chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  encoderThreadsForNextRun,
  ffmpegPath,
  ffprobePath,
  parseProgressLine,
  probeMedia,
  runFfmpeg,
} from './ffmpeg';

describe('binaries', () => {
  const saved = process.env.FFMPEG_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = saved;
    vi.resetModules();
  });

  it('finds ffmpeg and ffprobe in node_modules, executable', async () => {
    await access(ffmpegPath(), constants.X_OK);
    await access(ffprobePath(), constants.X_OK);
  });

  it('makes a binary executable when npm installed it without the execute bit', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bin-'));
    try {
      const fake = path.join(dir, 'ffmpeg');
      await writeFile(fake, '#!/bin/sh\nexit 0\n');
      await chmod(fake, 0o644);
      process.env.FFMPEG_PATH = fake;
      vi.resetModules();
      const fresh = await import('./ffmpeg');
      expect(fresh.ffmpegPath()).toBe(fake);
      expect((await stat(fake)).mode & 0o111).toBe(0o111);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('parseProgressLine', () => {
  it('reads the output time in microseconds, whichever name ffmpeg uses', () => {
    expect(parseProgressLine('out_time_ms=1500000')).toBe(1.5);
    expect(parseProgressLine('out_time_us=2000000')).toBe(2);
    expect(parseProgressLine('out_time=00:00:01.500000')).toBeNull();
    expect(parseProgressLine('progress=continue')).toBeNull();
  });
});

describe('runFfmpeg', () => {
  it('says why ffmpeg failed, in its own words', async () => {
    await expect(runFfmpeg(['-i', '/nonexistent/input.mp4', '-f', 'null', '-'])).rejects.toThrow(
      /ffmpeg exited with code 1: .*No such file or directory/,
    );
  });

  it('reports progress, and shares twice the cores with a run already going', async () => {
    const cores = os.availableParallelism();
    const seen: number[] = [];
    const running = runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=1', '-f', 'null', '-'], {
      onProgress: (seconds) => seen.push(seconds),
    });
    expect(encoderThreadsForNextRun()).toBe(cores);
    await running;
    expect(encoderThreadsForNextRun()).toBe(cores * 2);
    expect(seen.at(-1)).toBeCloseTo(1, 1);
  });

  it('does not start when already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(runFfmpeg(['-version'], { signal: controller.signal })).rejects.toThrow('stopped');
  });
});

describe('probeMedia', () => {
  it('rejects a file that is not media, naming it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-probe-'));
    try {
      const file = path.join(dir, 'notes.mp4');
      await writeFile(file, 'not a video');
      await expect(probeMedia(file)).rejects.toThrow(`ffprobe could not read ${file}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
