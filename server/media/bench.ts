// Measures the renderer against its floor: a bare ffmpeg encode of testsrc2 with the same length,
// size, rate, encoder settings and ambient pad. Used by scripts/bench.mjs; timing never lives in
// tests. Runs alternate (renderer, bare, renderer, ...) so a busy neighbour slows both alike.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { testPatternArgs } from './arguments';
import { encoderThreadsForNextRun, ffmpegPath, runFfmpeg } from './ffmpeg';
import { composeMusic, renderMusic, wavFile } from './music';
import { renderScene, SCENE_SIZES } from './renderer';

export type BenchResult = { case: string; rendererMs: number; bareMs: number; ratio: number };

export type BenchOptions = {
  /** Runs per case and side; the median is reported. Default 3. */
  runs?: number;
  /** Scene length in seconds. Default 8, a real scene. */
  durationSeconds?: number;
  /** Which cases to run; default all four (gradient/photo x landscape/portrait). */
  cases?: string[];
};

const CASES = [
  { name: 'gradient 1280x720', size: SCENE_SIZES.landscape, photo: false },
  { name: 'gradient 720x1280', size: SCENE_SIZES.portrait, photo: false },
  { name: 'photo 1280x720', size: SCENE_SIZES.landscape, photo: true },
  { name: 'photo 720x1280', size: SCENE_SIZES.portrait, photo: true },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function benchRenderer(options: BenchOptions = {}): Promise<BenchResult[]> {
  const runs = options.runs ?? 3;
  const durationSeconds = options.durationSeconds ?? 8;
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-'));
  try {
    // A photo the size members typically upload (3:2, 12 MP would only add a one-off decode).
    const photo = path.join(workDir, 'photo.jpg');
    await promisify(execFile)(ffmpegPath(), [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1920x1280',
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-y',
      photo,
    ]);
    // The same music the scene gets, so both sides encode the same sound.
    const musicFile = path.join(workDir, 'music.wav');
    const score = composeMusic({ mood: 'dark, cinematic', seed: 'bench', durationSeconds });
    await writeFile(musicFile, wavFile(renderMusic(score, 0, durationSeconds)));
    const caption = 'Rain-soaked streets, glowing signs and a lone rider in a cyberpunk skyline.';
    const results: BenchResult[] = [];
    for (const benchCase of CASES) {
      if (options.cases && !options.cases.includes(benchCase.name)) continue;
      const rendererTimes: number[] = [];
      const bareTimes: number[] = [];
      for (let run = 0; run < runs; run++) {
        const seed = `bench ${run}`;
        rendererTimes.push(
          await timed(() =>
            renderScene({
              outputFile: path.join(workDir, 'scene.mp4'),
              workDir,
              ...benchCase.size,
              durationSeconds,
              sceneNumber: 1,
              sceneCount: 3,
              caption,
              mood: 'dark, cinematic',
              seed,
              sourceImageFile: benchCase.photo ? photo : null,
              watermark: true,
            }),
          ),
        );
        bareTimes.push(
          await timed(() =>
            runFfmpeg(
              testPatternArgs({
                outputFile: path.join(workDir, 'bare.mp4'),
                ...benchCase.size,
                durationSeconds,
                musicFile,
                threads: encoderThreadsForNextRun(),
              }),
            ),
          ),
        );
      }
      const rendererMs = Math.round(median(rendererTimes));
      const bareMs = Math.round(median(bareTimes));
      results.push({
        case: benchCase.name,
        rendererMs,
        bareMs,
        ratio: Math.round((rendererMs / bareMs) * 100) / 100,
      });
    }
    return results;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
