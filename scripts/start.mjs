// `npm start`: builds the client and server when the sources are newer than the last build (a
// fresh clone, or after editing), then runs the bundled server in this same process. Without dev
// dependencies (a production install) it runs the existing build as it is.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsStale, lastBuiltAt, markBuilt } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = lastBuiltAt();
// A production install (`npm ci --omit=dev`) has no build tools: it runs the build it was given.
// (vite itself may be present: better-auth's optional peer vitest keeps it in a production tree.)
const canBuild = ['@vitejs/plugin-react', '@tailwindcss/vite', 'esbuild'].every((tool) =>
  existsSync(path.join(root, 'node_modules', tool, 'package.json')),
);
const hasBuild = existsSync(path.join(root, 'dist', 'server', 'main.js'));
if (buildIsStale() && canBuild) {
  console.warn(
    built ? 'Sources changed since the last build: rebuilding...' : 'Building Reelforge...',
  );
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  markBuilt();
} else if (!hasBuild) {
  console.error(
    'Reelforge is not built, and this install has no build tools (dev dependencies).\n' +
      'Build it where they are installed (`npm ci && npm run build`), then prune them\n' +
      '(`npm prune --omit=dev`): see "Production" in docs/operations.md.',
  );
  process.exit(1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
