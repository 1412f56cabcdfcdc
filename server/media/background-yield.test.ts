// A background render (the demo clips) stops while a member's render runs and goes on after it:
// the member's video gets the whole machine. Checked on real ffmpeg processes through /proc.
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { backgroundRenderState, holdingBackgroundRenders, inRenderLane, runFfmpeg } from './ffmpeg';

const state = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
};

/** Encodes a test pattern for `seconds` of wall time at most (real time, `-re`), to nowhere. */
const encode = (seconds: number) => [
  '-re',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=s=320x240:r=10:d=${seconds}`,
  '-f',
  'null',
  '-',
];

/** A long background render, once its ffmpeg runs: its process id, and how to end it. */
async function startBackgroundRender(): Promise<{ pid: number; stop: () => Promise<void> }> {
  const abort = new AbortController();
  const background = inRenderLane('background', () =>
    runFfmpeg(encode(30), { signal: abort.signal }),
  ).catch(() => undefined);
  const stop = async () => {
    abort.abort();
    await background;
  };
  for (let tries = 0; tries < 50; tries++) {
    const pid = backgroundRenderState().pids[0];
    if (pid !== undefined) return { pid, stop };
    await sleep(20);
  }
  await stop();
  throw new Error('the background render did not start');
}

describe.runIf(process.platform === 'linux')('background renders', () => {
  it('are stopped while a member render runs, and continue once it is done', async () => {
    const { pid, stop } = await startBackgroundRender();
    try {
      expect(await state(pid)).not.toBe('T');

      const member = inRenderLane('queued', () => runFfmpeg(encode(1.5)));
      await sleep(300);
      expect(await state(pid)).toBe('T');
      expect(backgroundRenderState().held).toBe(true);
      await member;
      // Held a moment longer, so a member's next step (a thumbnail) does not wake it.
      expect(await state(pid)).toBe('T');
      await sleep(1200);
      expect(await state(pid)).not.toBe('T');
      expect(backgroundRenderState().held).toBe(false);
    } finally {
      await stop();
    }
  });

  it('stay stopped through the whole of a member render, not only its ffmpeg', async () => {
    const { pid: held, stop } = await startBackgroundRender();
    try {
      await holdingBackgroundRenders(async () => {
        // Planning, painting, writing files: no ffmpeg of the member's yet.
        await sleep(200);
        expect(await state(held)).toBe('T');
      });
      await sleep(1200);
      expect(await state(held)).not.toBe('T');
    } finally {
      await stop();
    }
  });
});
