// Whether dist/ is older than the sources it is built from, and marking it fresh after a build:
// shared by `npm start` and `npm run bench`, so neither runs (or times) yesterday's code.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const SOURCES = [
  'client',
  'server',
  'shared',
  'drizzle',
  'package-lock.json',
  'vite.config.ts',
  'scripts/precompress.mjs',
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx'))
      continue;
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

/** What the last build stamp says: 0 when there has been none. */
export function lastBuiltAt() {
  return existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
}

/** A source changed after the last build (or there was none). */
export function buildIsStale() {
  const changed = Math.max(...SOURCES.map((source) => newestChange(path.join(root, source))));
  return changed > lastBuiltAt();
}

/** Records that dist/ now holds the sources as they are. */
export function markBuilt() {
  writeFileSync(stamp, new Date().toISOString());
}
