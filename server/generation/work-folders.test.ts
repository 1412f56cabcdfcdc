// A worker starting up removes the folders of renders killed midway, and none still in use.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleRenderFolders, STALE_RENDER_FOLDER_MS } from './work-folders';

let parent = '';
afterEach(async () => {
  if (parent) await rm(parent, { recursive: true, force: true });
});

describe('removeStaleRenderFolders', () => {
  it('removes old render folders only, leaving fresh ones and everything else', async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-tmp-'));
    const now = Date.now();
    const make = async (name: string, ageMs: number) => {
      const folder = path.join(parent, name);
      await mkdir(folder);
      await writeFile(path.join(folder, 'scene-1.mp4'), 'partial');
      const when = new Date(now - ageMs);
      await utimes(folder, when, when);
    };
    await make('reelforge-render-12-abc123', STALE_RENDER_FOLDER_MS + 60_000);
    await make('reelforge-render-13-def456', 30_000);
    await make('someone-else-old', STALE_RENDER_FOLDER_MS * 4);
    expect(await removeStaleRenderFolders(parent, now)).toBe(1);
    expect((await readdir(parent)).sort()).toEqual([
      'reelforge-render-13-def456',
      'someone-else-old',
    ]);
  });
});
