// ffmpeg dies with the process that started it, at once, even one killed outright (SIGKILL runs
// no exit hook), instead of encoding on for nobody.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** Pids of live (not zombie) processes whose command line contains `marker`. */
async function processesWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [cmdline, stat] = await Promise.all([
      readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''),
      readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''),
    ]);
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (cmdline.includes(marker) && cmdline.includes('testsrc2') && state !== 'Z') {
      found.push(Number(entry));
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('an ffmpeg child', () => {
  it('is killed when its parent process is killed outright', async () => {
    const marker = `lifetime-${process.pid}-${Date.now()}`;
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/fixtures/ffmpeg-child.ts', marker],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve) => parent.stdout?.once('data', () => resolve()));
    let ffmpeg: number[] = [];
    for (let tries = 0; tries < 100 && ffmpeg.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ffmpeg = await processesWith(marker);
    }
    expect(ffmpeg).toHaveLength(1);

    const died = new Promise((resolve) => parent.once('exit', resolve));
    parent.kill('SIGKILL');
    await died;
    // At once: not at its next progress write into the dead parent's pipe (up to half a second
    // later), nor whenever an encode with nothing to report would notice.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await processesWith(marker)).toEqual([]);
  });
});
