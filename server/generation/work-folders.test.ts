// A worker starting up removes the folders of renders killed midway, and none still in use, however
// old: ownership is read from the folder's name (pid and process start time) against the live
// processes of this machine.
import { type ChildProcess, spawn } from 'node:child_process';
import { access, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { startTestServer } from '../../test/server';
import {
  processStartTime,
  RENDER_FOLDER_PREFIX,
  removeStaleRenderFolders,
  renderFolderPrefix,
  STALE_RENDER_FOLDER_MS,
} from './work-folders';

let parent = '';
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  if (parent) await rm(parent, { recursive: true, force: true });
});

/** A real process standing in for another worker on this machine. */
async function otherWorker(): Promise<ChildProcess & { pid: number }> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child as ChildProcess & { pid: number };
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe.runIf(process.platform === 'linux')('removeStaleRenderFolders', () => {
  it('removes the folders of dead owners at any age, keeps live owners’ at any age', async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-tmp-'));
    const now = Date.now();
    const make = async (name: string, ageMs: number) => {
      const folder = path.join(parent, name);
      await mkdir(folder);
      await writeFile(path.join(folder, 'scene-1.mp4'), 'partial');
      const when = new Date(now - ageMs);
      await utimes(folder, when, when);
    };
    const alive = await otherWorker();
    const dead = await otherWorker();
    const deadStart = processStartTime(dead.pid);
    await killed(dead);
    const aliveStart = processStartTime(alive.pid);
    expect(aliveStart).toMatch(/^\d+$/);

    // Ours (a render in progress in this process) and another live worker's, hours old.
    const ours = `${renderFolderPrefix(41)}aaaaaa`;
    expect(ours.startsWith(`${RENDER_FOLDER_PREFIX}p${process.pid}s`)).toBe(true);
    await make(ours, 3 * 60 * 60_000);
    await make(`${RENDER_FOLDER_PREFIX}p${alive.pid}s${aliveStart}-42-bbbbbb`, 3 * 60 * 60_000);
    // A worker killed a moment ago; the same pid as a live process but another start time (a pid
    // reused, or a container restarted with the same pid).
    await make(`${RENDER_FOLDER_PREFIX}p${dead.pid}s${deadStart}-43-cccccc`, 1_000);
    await make(`${RENDER_FOLDER_PREFIX}p${alive.pid}s1-44-dddddd`, 1_000);
    // Folders from before names carried their owner: judged by age.
    await make('reelforge-render-12-abc123', STALE_RENDER_FOLDER_MS + 60_000);
    await make('reelforge-render-13-def456', 30_000);
    await make('someone-else-old', STALE_RENDER_FOLDER_MS * 4);

    expect(await removeStaleRenderFolders(parent, now)).toBe(3);
    expect((await readdir(parent)).sort()).toEqual(
      [
        ours,
        `${RENDER_FOLDER_PREFIX}p${alive.pid}s${aliveStart}-42-bbbbbb`,
        'reelforge-render-13-def456',
        'someone-else-old',
      ].sort(),
    );
  });
});

describe.runIf(process.platform === 'linux')('a worker starting up', () => {
  it('clears the folder of a worker killed midway a moment ago', async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-tmp-'));
    const killedWorker = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/fixtures/render-folder-owner.ts'],
      { env: { ...process.env, TMPDIR: parent }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(killedWorker);
    const folder = await new Promise<string>((resolve) =>
      killedWorker.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
    );
    expect(path.dirname(folder)).toBe(parent);
    await killed(killedWorker);
    await access(folder);

    const database = await createTestDatabase();
    const savedTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = parent;
    try {
      const server = await startTestServer({
        databaseUrl: database.url,
        env: { ROLES: 'api,worker' },
      });
      try {
        let gone = false;
        for (let tries = 0; tries < 100 && !gone; tries++) {
          gone = await access(folder).then(
            () => false,
            () => true,
          );
          if (!gone) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(gone).toBe(true);
      } finally {
        await server.stop();
      }
    } finally {
      if (savedTmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmpdir;
      await database.drop();
    }
  });
});
