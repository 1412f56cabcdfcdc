// `npm run test:prod`: proves the documented production path (docs/operations.md, and the
// Dockerfile's commands). It takes the current build (dist/, from `npm run build`), installs the
// runtime dependencies alone (`npm ci --omit=dev`) into a scratch folder with the migrations, starts
// the server there as `npm start` does on a fresh DATA_DIR, and checks that it serves the app and renders
// a video. Exits non-zero on any failure.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const step = (message) =>
  console.warn(`[prod] ${((Date.now() - started) / 1000).toFixed(1)}s ${message}`);

if (!existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
  console.error('[prod] no build in dist/: run `npm run build` first');
  process.exit(1);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'reelforge-prod-'));
// Run as root (CI is), the embedded PostgreSQL runs as its own user, who must reach the binaries.
chmodSync(scratch, 0o755);
let server;
try {
  // What a production image holds: the manifest, the build, the migrations and the start scripts.
  for (const entry of [
    'package.json',
    'package-lock.json',
    'dist',
    'drizzle',
    'scripts/start.mjs',
    'scripts/build-freshness.mjs',
  ]) {
    if (existsSync(path.join(root, entry))) {
      cpSync(path.join(root, entry), path.join(scratch, entry), { recursive: true });
    }
  }
  step('npm ci --omit=dev');
  execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (existsSync(path.join(scratch, 'node_modules', '@vitejs', 'plugin-react'))) {
    throw new Error('dev dependencies were installed');
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // What `npm start` runs, without npm in between, so the stop signal and exit code are the app's.
  step(`node scripts/start.mjs on port ${port}`);
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: scratch,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: path.join(scratch, 'data'),
      DEMO_CLIPS: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  let exitCode = null;
  const exited = new Promise((resolve) =>
    server.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );

  await until(
    async () => {
      if (exitCode !== null) throw new Error(`the server exited with ${exitCode}`);
      return (await fetch(`${base}/api/health`)).ok;
    },
    90_000,
    'the health check',
  );
  step('healthy');

  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (!page.ok || !html.includes('<div id="root">')) throw new Error('the app page was not served');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!script || !(await fetch(`${base}${script}`)).ok)
    throw new Error('the app script was not served');

  const headers = { 'content-type': 'application/json', origin: base };
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'prod.smoke@example.com', password: 'correct horse battery' }),
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
  const created = await fetch(`${base}/api/video-creation-requests`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      title: 'Production smoke',
      description: 'A lighthouse at dusk, waves rolling in under a purple sky.',
      aspectRatio: 'landscape',
      watermark: true,
    }),
  });
  if (created.status !== 201) throw new Error(`creating a video answered ${created.status}`);
  const { requestId } = await created.json();
  await until(
    async () => {
      const videos = await (await fetch(`${base}/api/videos`, { headers: { cookie } })).json();
      const video = videos.find((entry) => entry.requestId === requestId);
      if (video?.status === 'failed') throw new Error(`the video failed: ${video.errorMessage}`);
      return video?.status === 'completed';
    },
    60_000,
    'the video',
  );
  step('rendered a video');

  const stopping = Date.now();
  process.kill(server.pid, 'SIGTERM');
  const code = await Promise.race([exited, sleep(30_000).then(() => 'timeout')]);
  if (code !== 0) throw new Error(`the server stopped with ${code}`);
  server = undefined;
  step(`stopped cleanly in ${Date.now() - stopping} ms: the production path works`);
} catch (error) {
  console.error(`[prod] FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  if (server) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
      if (!(error instanceof TypeError)) throw error;
    }
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}${lastError ? ` (${lastError.message})` : ''}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
