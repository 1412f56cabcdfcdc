// Names the temporary folder of each render after the process that owns it, and clears the folders
// of renders that were killed midway (their `finally` never ran) when a worker starts. Other
// workers on the same machine may be rendering in folders of their own: a folder goes only when
// the process named in it is gone, however long a render takes.
import { readFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const RENDER_FOLDER_PREFIX = 'reelforge-render-';
/**
 * Folders named before they carried their owner (`reelforge-render-{id}-…`) can only be judged by
 * age: a render writes into its folder every few seconds and none runs this long (the job's expiry).
 */
export const STALE_RENDER_FOLDER_MS = 15 * 60_000;

/** `p{pid}s{start}`: the pid alone would be reused, by another process or by our own restart. */
const OWNED_FOLDER = /^reelforge-render-p(\d+)(?:s(\d+))?-/;

/**
 * When a process started, in clock ticks since boot (Linux), or null where /proc is missing. With
 * the pid it names one process for the life of the machine: a container restarted with the same
 * pid, or a pid reused, has another start time.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3,
    // starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function ownerTag(): string {
  const start = processStartTime(process.pid);
  return start ? `p${process.pid}s${start}` : `p${process.pid}`;
}

/** The start of a render folder's name (mkdtemp adds a random suffix). */
export function renderFolderPrefix(requestId: number): string {
  return `${RENDER_FOLDER_PREFIX}${ownerTag()}-${requestId}-`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that made a folder named `name` still runs (null: the name does not say). */
function ownerAlive(name: string): boolean | null {
  const owner = OWNED_FOLDER.exec(name);
  if (!owner) return null;
  const pid = Number(owner[1]);
  if (!isRunning(pid)) return false;
  // Without a start time in the name (no /proc where it was made), a live pid is given the benefit
  // of the doubt: keeping a dead render's folder costs disk, removing a live one breaks a render.
  return owner[2] === undefined || processStartTime(pid) === owner[2];
}

/** Removes the render folders under `parent` (the system's temp folder) no live process owns. */
export async function removeStaleRenderFolders(
  parent = os.tmpdir(),
  now = Date.now(),
): Promise<number> {
  const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(RENDER_FOLDER_PREFIX)) continue;
    const folder = path.join(parent, entry.name);
    const alive = ownerAlive(entry.name);
    if (alive === true) continue;
    if (alive === null) {
      const info = await stat(folder).catch(() => null);
      if (!info || now - info.mtimeMs < STALE_RENDER_FOLDER_MS) continue;
    }
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
