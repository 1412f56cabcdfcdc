// Every render step has a wall-clock and a memory limit: real ffmpeg runs and real worker threads
// that go past one are stopped with RenderLimitExceeded, and the event loop stays free meanwhile.

import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RENDER_LIMITS } from './config-limits';
import { holdingBackgroundRenders, inRenderLane, runFfmpeg } from './media/ffmpeg';
import {
  RENDER_TOO_LARGE_MESSAGE,
  RENDER_TOO_SLOW_MESSAGE,
  RenderLimitExceeded,
  setRenderLimits,
} from './render-limits';
import { ThreadPool } from './render-threads/preparation-pool';

afterEach(() => setRenderLimits(DEFAULT_RENDER_LIMITS));

/** A test pattern encoded in real time (`-re`) for `seconds`, to nowhere. */
const encode = (seconds: number, size = '320x240') => [
  '-re',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=s=${size}:r=10:d=${seconds}`,
  '-f',
  'null',
  '-',
];

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (error: unknown) => error,
  );
}

describe('an ffmpeg run', () => {
  it('is stopped at its time limit and says so', async () => {
    // A 30 s encode at a 0.8 s limit (how soon it stops: `npm run bench -- bounds`).
    setRenderLimits({ ...DEFAULT_RENDER_LIMITS, stepTimeoutMs: 800 });
    const error = await failure(runFfmpeg(encode(30)));
    expect(error).toBeInstanceOf(RenderLimitExceeded);
    expect((error as RenderLimitExceeded).limit).toBe('time');
    expect((error as Error).message).toBe(RENDER_TOO_SLOW_MESSAGE);
  });

  it('is stopped past its memory limit and says so', async () => {
    // A 4K test pattern scaled and encoded by x264 holds far more than 40 MB.
    setRenderLimits({ ...DEFAULT_RENDER_LIMITS, stepMemoryMb: 40 });
    const error = await failure(
      runFfmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc2=s=3840x2160:r=30:d=20',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-f',
        'null',
        '-',
      ]),
    );
    expect(error).toBeInstanceOf(RenderLimitExceeded);
    expect((error as RenderLimitExceeded).limit).toBe('memory');
    expect((error as Error).message).toBe(RENDER_TOO_LARGE_MESSAGE);
  });

  it('does not count the time it is held stopped for a member', async () => {
    setRenderLimits({ ...DEFAULT_RENDER_LIMITS, stepTimeoutMs: 1500 });
    // One second of running, stopped for two while a member's work runs: finishes.
    const background = inRenderLane('background', () => runFfmpeg(encode(1)));
    await sleep(200);
    await holdingBackgroundRenders(() => sleep(2000));
    await expect(background).resolves.toBe('');
  });
});

describe('the preparation pool', () => {
  const pool = new ThreadPool<{
    spin: (input: null) => never;
    grow: (input: null) => never;
    echo: (input: string) => { echoed: string };
  }>(
    {
      filename: fileURLToPath(new URL('../test/fixtures/runaway-cpu-tasks.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
    },
    () => ({ timeoutMs: 1000, memoryMb: 64 }),
  );
  afterAll(() => pool.destroy());

  // The task spins in its own thread, so the event loop stays free (measured, with the server's
  // health meanwhile, by `npm run bench -- health`).
  it('ends a task that never returns at its time limit', async () => {
    const error = await failure(pool.run('spin', null, { step: 'scene layout' }));
    expect(error).toBeInstanceOf(RenderLimitExceeded);
    expect((error as RenderLimitExceeded).limit).toBe('time');
    // The pool goes on: a fresh thread takes the next task.
    await expect(pool.run('echo', 'next', { step: 'echo' })).resolves.toEqual({ echoed: 'next' });
  });

  it('ends a task past its heap limit', async () => {
    const error = await failure(pool.run('grow', null, { step: 'music' }));
    expect(error).toBeInstanceOf(RenderLimitExceeded);
    expect((error as RenderLimitExceeded).limit).toBe('memory');
  });

  it("ends a task when the render's signal aborts, with the signal's reason", async () => {
    const abort = new AbortController();
    const running = failure(pool.run('spin', null, { step: 'layout', signal: abort.signal }));
    await sleep(100);
    abort.abort(new Error('claim lost'));
    expect(((await running) as Error).message).toBe('claim lost');
  });
});
