// ffmpeg dies with the process that started it, at once, even one killed outright (SIGKILL runs
// no exit hook), instead of encoding on for nobody: through the kernel's parent-death signal where
// setpriv exists, through a shell watching a pipe only the parent holds elsewhere.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ffmpegPath, runFfmpeg, setTieMethod, type TieMethod } from './ffmpeg';

type Found = { pid: number; isFfmpeg: boolean };

/** Live (not zombie) processes whose command line contains `marker`. */
async function processesWith(marker: string): Promise<Found[]> {
  const found: Found[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [cmdline, stat] = await Promise.all([
      readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''),
      readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''),
    ]);
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (cmdline.includes(marker) && cmdline.includes('testsrc2') && state !== 'Z') {
      found.push({ pid: Number(entry), isFfmpeg: cmdline.split('\0')[0] === ffmpegPath() });
    }
  }
  return found;
}

const hasSetpriv = existsSync('/usr/bin/setpriv') || existsSync('/bin/setpriv');
const methods: TieMethod[] = hasSetpriv ? ['pdeathsig', 'watchdog'] : ['watchdog'];

describe.runIf(process.platform === 'linux')('an ffmpeg child', () => {
  it.each(methods)('is killed when its parent process is killed outright (%s)', async (method) => {
    const marker = `lifetime-${method}-${process.pid}-${Date.now()}`;
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/fixtures/ffmpeg-child.ts', marker, method],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => parent.stdout?.once('data', () => resolve()));
    let ffmpeg: Found[] = [];
    for (let tries = 0; tries < 100 && ffmpeg.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ffmpeg = (await processesWith(marker)).filter((found) => found.isFfmpeg);
    }
    expect(ffmpeg).toHaveLength(1);

    const died = new Promise((resolve) => parent.once('exit', resolve));
    parent.kill('SIGKILL');
    await died;
    // At once: not at its next progress write into the dead parent's pipe (up to half a second
    // later), nor whenever an encode with nothing to report would notice. Nothing of the watchdog
    // stays behind either.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await processesWith(marker)).toEqual([]);
  });
});

describe.runIf(process.platform === 'linux')('the watchdog', () => {
  afterEach(() => setTieMethod(null));

  it('reports ffmpeg’s own failure, and stops ffmpeg and itself on abort', async () => {
    setTieMethod('watchdog');
    await expect(runFfmpeg(['-i', '/nonexistent/input.mp4', '-f', 'null', '-'])).rejects.toThrow(
      /ffmpeg exited with code 1: .*No such file or directory/,
    );
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=160x120:d=0.2', '-f', 'null', '-']);

    const marker = `abort-${process.pid}-${Date.now()}`;
    const controller = new AbortController();
    const running = runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc2=duration=100000',
        '-metadata',
        `comment=${marker}`,
        '-f',
        'null',
        '-',
      ],
      { signal: controller.signal },
    );
    for (let tries = 0; tries < 100; tries++) {
      if ((await processesWith(marker)).some((found) => found.isFfmpeg)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    controller.abort(new Error('stopped'));
    await expect(running).rejects.toThrow('stopped');
    expect(await processesWith(marker)).toEqual([]);
  });
});
