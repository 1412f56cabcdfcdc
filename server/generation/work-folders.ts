// Clears the temporary folders of renders that were killed midway (their `finally` never ran),
// when a worker starts. Other workers on the same machine may be rendering in folders of their
// own, so only folders untouched for longer than any render takes are removed.
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const RENDER_FOLDER_PREFIX = 'reelforge-render-';
/** A render writes into its folder every few seconds; none runs this long (the job's expiry). */
export const STALE_RENDER_FOLDER_MS = 15 * 60_000;

/** Removes stale render folders under `parent` (the system's temp folder); answers how many. */
export async function removeStaleRenderFolders(
  parent = os.tmpdir(),
  now = Date.now(),
): Promise<number> {
  const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(RENDER_FOLDER_PREFIX)) continue;
    const folder = path.join(parent, entry.name);
    const info = await stat(folder).catch(() => null);
    if (!info || now - info.mtimeMs < STALE_RENDER_FOLDER_MS) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
