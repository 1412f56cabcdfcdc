// Copies a local media folder (DATA_DIR/media) into another store, object by object under the
// same keys, skipping what the store already holds at the same size: run it again after an
// interruption and it picks up where it stopped.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage';
import { isSafeKey } from './storage-keys';

export async function copyMediaFolder(
  folder: string,
  target: Storage,
  log: (line: string) => void = () => {},
): Promise<{ copied: number; skipped: number; bytes: number }> {
  const totals = { copied: 0, skipped: 0, bytes: 0 };
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    // Half-written files of an interrupted local write are not media.
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(folder, file).split(path.sep).join('/');
    if (!isSafeKey(key)) {
      log(`skipped ${key}: not a media key`);
      continue;
    }
    const { size } = await stat(file);
    const stored = await target.stat(key);
    if (stored?.bytes === size) {
      totals.skipped += 1;
    } else {
      await target.putFile(key, file);
      totals.copied += 1;
      totals.bytes += size;
    }
    if ((totals.copied + totals.skipped) % 100 === 0) {
      log(`${totals.copied} copied, ${totals.skipped} already there`);
    }
  }
  return totals;
}
