// `npm start`: builds the client and server when the sources are newer than the last build (a
// fresh clone, or after editing), then runs the bundled server in this same process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...SOURCES.map((source) => newestChange(path.join(root, source))));
if (changed > built) {
  console.warn(
    built ? 'Sources changed since the last build: rebuilding...' : 'Building Reelforge...',
  );
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
