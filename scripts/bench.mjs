// `npm run bench`: measures what the issues name as targets and prints one table.
//   - cold start: a fresh DATA_DIR (new PostgreSQL cluster, migrations) until /api/health is 200
//   - warm start: the same DATA_DIR again (median of several runs), both for the bundled server
//     and for `npm start` as a member types it
//   - the landing page's initial JavaScript, as a real browser downloads it, gzip and brotli
//   - submit-to-completed wall time of a video (1 and 4 scenes, both aspect ratios), and the
//     renderer's time against a bare ffmpeg encode of the same length, size and settings
//   - GET /api/videos for a member with 2,000 videos against a bare Fastify route running the same
//     SQL, and combining 4 scenes against a bare ffmpeg concat (scripts/bench-library.ts)
//   - the Creator Engine scheduler's tick with 10,000 active jobs, 100 due (scripts/bench-scheduler.ts)
//   - each admin CSV export at 10,000 and 100,000 rows (download time, the server's memory), and
//     the member picker's search among 100,000 members (scripts/bench-admin.ts)
//   - the Stripe webhook: signed pack purchases verified and applied, one at a time and 16 at a
//     time, then redelivered (events per second, latency; scripts/bench-payments.ts)
//   - fairness under load, each beside its idle figure: another member's video while one member
//     floods, an Elite video behind Free work, another member's /api/credits while ten
//     connections page a 2,000-video library, and the first page's size (scripts/bench-fairness.ts)
//   - durable generation against a stand-in fal: a provider's "done" to our video completed, and
//     the polling cost of 1,000 scenes in flight (scripts/bench-providers.ts)
//   - GET /api/health p50 / p99 idle, while 4 renders run and while one render hangs, with the
//     server's own event loop delay, and SIGTERM during the hung render (scripts/bench-health.ts;
//     `npm run bench -- health` runs only this)
//   - the scene sources: a 4-scene AI-image video from the stand-in's last still to completed, and
//     a 4-scene offline-pictures video, each beside bare ffmpeg (scripts/bench-images.ts;
//     `npm run bench -- images` runs only this)
//   - the time bounds the tests used to assert (planner, captions, pictures, limits), worst of many
//     random inputs (scripts/bench-bounds.ts; `npm run bench -- bounds` runs only this)
//   - stock footage: a 4-scene narrated video from the Pexels stand-in's last answer to completed,
//     beside bare ffmpeg of its length (scripts/bench-stock.ts; `npm run bench -- stock` runs
//     only this)
//   - the offline voice's speed: seconds of speech per second of CPU on one thread, wall-clock
//     with 2 preparation threads, a fresh thread's first narration (scripts/bench-voice.ts;
//     `npm run bench -- voice` runs only this)
//   - scene remixing: one scene of a 4-scene video remixed, render to new version completed,
//     beside the whole video's submit to completed (scripts/bench-remix.ts; `npm run bench --
//     remix` runs only this)
//   - "Download my data": a 10 MB account export downloaded whole, media on local disk and in a
//     bucket 20 ms a request away, a 454-object library beside it, and the live memory it keeps
//     while streaming 10 MB and 40 MB (scripts/bench-export.ts; `npm run bench -- export` runs
//     only this)
//   - API keys: GET /api/videos (a page of a 200-video library) signed in with a Bearer key beside
//     the session cookie, p50 and p99 of 1,000 each, interleaved (scripts/bench-api-keys.ts;
//     `npm run bench -- keys` runs only this)
//   - outbound webhooks: 1,000 events to a local receiver, written over HTTP and in one burst,
//     events per second, and the worker process's memory before, during and after each round
//     (scripts/bench-webhooks.ts; `npm run bench -- webhooks` runs only this)
// Timing lives here, never in the tests.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildIsStale, markBuilt } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const WARM_RUNS = 5;
const print = (line = '') => process.stdout.write(`${line}\n`);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Keeps the last lines a child printed, to explain a failure. */
function capture(child) {
  const lines = [];
  const links = [];
  const keep = (chunk) => {
    const text = chunk.toString();
    // The log is the inbox without SMTP: keep every verification link it prints.
    links.push(...(text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/g) ?? []));
    lines.push(...text.split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.output = lines;
  child.verificationLinks = links;
}

async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      // Let the pipes drain so the error shows what the server said.
      await new Promise((resolve) =>
        child.stdout?.readableEnded ? resolve() : child.once('close', resolve),
      );
      throw new Error(`server exited with ${child.exitCode}:\n${(child.output ?? []).join('\n')}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('server did not become healthy in time');
}

async function untilGroupGone(pgid) {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Starts a server with `command` on `dataDir` and waits until it is healthy. It runs in its own
 * process group, stopped as a whole the way Ctrl+C in a terminal stops it: npm does not pass on a
 * SIGTERM sent to npm alone, which would leave the server running.
 */
async function startServer(command, args, dataDir, env = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  capture(child);
  await waitForHealth(url, child);
  return {
    url,
    /** The newest verification link the server's log mailer printed (LOG_LEVEL info). */
    async verificationLink() {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const link = child.verificationLinks.at(-1);
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the server logged no verification link');
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
      await untilGroupGone(child.pid);
    },
  };
}

/** ms from launch until health is 200, and ms the graceful stop took. */
async function timeStart(command, args, dataDir) {
  const started = performance.now();
  const server = await startServer(command, args, dataDir);
  const ready = performance.now() - started;
  const stopping = performance.now();
  await server.stop();
  return { ready, stop: performance.now() - stopping };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function landingJavaScript() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'reelforge-bench-'));
  const server = await startServer(process.execPath, ['dist/server/main.js'], dataDir);
  const { url } = server;
  try {
    const { chromium } = await import('playwright-core');
    const executablePath =
      process.env.CHROMIUM_PATH ||
      (await (await import('@sparticuz/chromium')).default.executablePath());
    const browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await browser.close();
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    for (const script of scripts) {
      const content = readFileSync(path.join(root, 'dist', 'client', script));
      raw += content.length;
      gzip += gzipSync(content, { level: 9 }).length;
      brotli += brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
    }
    return { files: scripts.size, raw, gzip, brotli };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A cookie-keeping JSON client for the bench's members. */
function httpClient(baseUrl) {
  const cookies = new Map();
  const request = async (method, route, body) => {
    const response = await fetch(new URL(route, baseUrl), {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    request,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
  };
}

/**
 * Waits (up to 20 s) until a demo clip is being rendered: its partial file exists while its ffmpeg
 * runs. False if none started (all rendered already).
 */
async function demoClipRendering(demoDir) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const names = existsSync(demoDir) ? readdirSync(demoDir) : [];
    if (names.some((name) => name.startsWith('.') && name.includes('.partial.mp4'))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * Wall time from POST /api/video-creation-requests to the socket's `completed` event, as a member
 * experiences it (median of `runs`). With `demoClips`, the server starts on a fresh DATA_DIR and
 * renders the landing page's demo clips in the background meanwhile, and each video is submitted
 * while one is mid-render: the member's videos must not wait for them. Returns the times, and how
 * many runs met a demo clip mid-render (if fewer than all, the figure saw an idle server).
 */
async function submitToCompleted({ cases, runs = 3, demoClips = false, afterEach }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'reelforge-bench-'));
  const adminEmail = `bench-admin-${Date.now()}@example.com`;
  process.env.ADMIN_EMAILS = adminEmail;
  process.env.DEMO_CLIPS = demoClips ? 'true' : 'false';
  // Info level: without SMTP the verification email (the admin's) is written to the log.
  const server = await startServer(process.execPath, ['dist/server/main.js'], dataDir, {
    LOG_LEVEL: 'info',
  });
  const { io } = await import('socket.io-client');
  let socket;
  try {
    const signUp = (client, email) =>
      client.request('POST', '/api/auth/signup', { email, password: 'bench password 1' });
    const admin = httpClient(server.url);
    await signUp(admin, adminEmail);
    // An admin address is an admin only once verified: the link from the log, as an operator would.
    const token = new URL(await server.verificationLink()).searchParams.get('token');
    await admin.request('POST', '/api/auth/verify-email', { token });
    const member = httpClient(server.url);
    const user = await signUp(member, `bench-${Date.now()}@example.com`);
    await admin.request('PATCH', `/api/admin/users/${user.id}/plan`, { memberLevel: 'Elite' });

    socket = io(server.url, { transports: ['websocket'], extraHeaders: { cookie: member.cookie } });
    await new Promise((resolve, reject) => {
      socket.once('authenticated', resolve);
      socket.once('auth_error', reject);
      socket.on('connect', () => socket.emit('authenticate', { userId: user.id }));
    });
    const completions = new Map();
    socket.on('videoStatusUpdate', (update) => {
      if (update.status === 'completed' || update.status === 'failed') {
        completions.get(update.requestId)?.(update.status);
      }
    });

    const results = [];
    let metBackground = 0;
    for (const { scenes, aspectRatio, voiceId } of cases) {
      const times = [];
      const ratios = [];
      for (let run = 0; run < runs; run++) {
        // A demo clip renders only after 2 s without members' renders: wait until one is mid-render,
        // or the figure would measure an idle server.
        if (demoClips && (await demoClipRendering(path.join(dataDir, 'demo')))) metBackground++;
        const started = performance.now();
        const created = await member.request('POST', '/api/video-creation-requests', {
          title: `Bench ${scenes} ${aspectRatio} ${run}`,
          description:
            'A lighthouse on a rocky coast at dusk. Waves roll in. Gulls circle. The lamp turns on.',
          aspectRatio,
          scenes,
          watermark: true,
          // Omitted: the member's default voice narrates (a new member's is offline US English).
          ...(voiceId === undefined ? {} : { voiceId }),
        });
        const status = await new Promise((resolve) => completions.set(created.requestId, resolve));
        if (status !== 'completed') throw new Error(`bench video ${created.requestId} failed`);
        const ms = performance.now() - started;
        times.push(ms);
        if (afterEach) {
          // The video's real length (a narrated scene lasts as long as it speaks).
          const list = await member.request('GET', '/api/videos');
          const video = list.find((entry) => entry.requestId === created.requestId);
          ratios.push(ms / afterEach(video?.duration ?? 8 * scenes));
        }
        // A member does not submit the instant the last video lands; nor do we (it also lets
        // the background render run between the member's videos, as it would).
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      results.push({
        scenes,
        aspectRatio,
        voiceId,
        ms: median(times),
        ratio: ratios.length > 0 ? median(ratios) : null,
      });
    }
    return { results, metBackground, runs: cases.length * runs };
  } finally {
    socket?.disconnect();
    await server.stop();
    delete process.env.ADMIN_EMAILS;
    delete process.env.DEMO_CLIPS;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The floor the issue names: bare ffmpeg, testsrc2, 8 s at 1280x720, x264 veryfast. Run right
 * before each of the member's videos (alternating), so a busy moment slows both alike.
 */
function bareTestsrc2Once(seconds = 8) {
  const ffmpeg = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import f from '@ffmpeg-installer/ffmpeg'; process.stdout.write(f.path)",
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const out = path.join(os.tmpdir(), `reelforge-bare-${process.pid}.mp4`);
  const started = performance.now();
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=1280x720:r=30:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-y',
    out,
  ]);
  const ms = performance.now() - started;
  rmSync(out, { force: true });
  return ms;
}

/** The renderer's rows: submit to completed against bare ffmpeg, per scene, beside demo clips. */
async function rendererRows(rows) {
  // The floor at each video's own length (a narrated scene lasts as long as it speaks), run right
  // after it, so a busy moment slows both alike.
  const bareTimes = [];
  // Narrated by the default voice (what a member gets), and the same without a voice.
  const { results } = await submitToCompleted({
    cases: [
      ...[1, 4].flatMap((scenes) =>
        ['landscape', 'portrait'].map((aspectRatio) => ({ scenes, aspectRatio })),
      ),
      ...[1, 4].map((scenes) => ({ scenes, aspectRatio: 'landscape', voiceId: null })),
    ],
    runs: 5,
    afterEach: (duration) => {
      const ms = bareTestsrc2Once(duration);
      bareTimes.push({ duration, ms });
      return ms;
    },
  });
  rows.push([
    `bare ffmpeg testsrc2 at each video's length, 1280x720, veryfast (${bareTimes.length} runs, after each video)`,
    `${seconds(Math.min(...bareTimes.map((run) => run.ms)))}–${seconds(Math.max(...bareTimes.map((run) => run.ms)))}`,
    '',
  ]);
  for (const { scenes, aspectRatio, voiceId, ms, ratio } of results) {
    const voice = voiceId === null ? 'no voice' : 'narrated';
    const name = `submit to completed, ${scenes} scene${scenes > 1 ? 's' : ''}, ${aspectRatio}, ${voice} (median of 5)`;
    rows.push([name, seconds(ms), scenes === 1 ? '≤ 4 s' : '≤ 12 s']);
    rows.push([
      '  / bare ffmpeg of the same length (median of the runs)',
      `${ratio.toFixed(2)}×`,
      scenes === 1 ? '≤ 1.5× narrated' : '≤ 1.2× narrated',
    ]);
    if (scenes > 1) rows.push(['  per scene', seconds(ms / scenes), '≤ 4 s']);
  }
  const idle = results.filter(
    ({ aspectRatio, voiceId }) => aspectRatio === 'landscape' && voiceId === undefined,
  );
  const busy = await submitToCompleted({
    cases: [
      { scenes: 1, aspectRatio: 'landscape' },
      { scenes: 4, aspectRatio: 'landscape' },
    ],
    demoClips: true,
    runs: 5,
  });
  for (const { scenes, ms } of busy.results) {
    const alone = idle.find((result) => result.scenes === scenes)?.ms ?? ms;
    rows.push([
      `  ${scenes} scene${scenes > 1 ? 's' : ''}, landscape, while demo clips render (median of 5)`,
      seconds(ms),
      '',
    ]);
    rows.push(['    / idle server', `${(ms / alone).toFixed(2)}×`, '≤ 1.15×']);
  }
  rows.push([
    '  runs submitted while a demo clip was mid-render',
    `${busy.metBackground} of ${busy.runs}`,
    `all, or the figures above saw an idle server`,
  ]);
}

/** The library list and combining against their bare floors, from scripts/bench-library.ts. */
function libraryAgainstBare() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-library.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** The Creator Engine scheduler's tick, from scripts/bench-scheduler.ts. */
function schedulerTick() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-scheduler.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** The admin CSV exports and the member picker at 100,000 rows, from scripts/bench-admin.ts. */
function adminAtScale() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-admin.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** The Stripe webhook's throughput and latency, from scripts/bench-payments.ts. */
function webhookThroughput() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-payments.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** Fairness under load, each figure beside its idle one, from scripts/bench-fairness.ts. */
function fairnessUnderLoad() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-fairness.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** Durable generation with a paid model (a stand-in fal), from scripts/bench-providers.ts. */
function providerGeneration() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-providers.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** Health latency idle, under 4 renders and beside a hung render, from scripts/bench-health.ts. */
function healthUnderLoad() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-health.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

function healthRows(rows) {
  const health = healthUnderLoad();
  const ms = (value) => `${value.toFixed(1)} ms`;
  const phases = [
    ['GET /api/health p50 / p99, idle', health.idle],
    [
      `  while 4 renders run (4 scenes each; ${health.mostRunning} at once at most)`,
      health.rendering,
    ],
    ['  while one render hangs (its ffmpeg spins a core)', health.whileHung],
  ];
  for (const [name, phase] of phases) {
    rows.push([name, `${ms(phase.p50)} / ${ms(phase.p99)}`, 'p99 < 100 ms']);
    rows.push([
      `    server's event loop delay p99 / max (${phase.samples} samples)`,
      `${ms(phase.serverLoopP99)} / ${ms(phase.serverLoopMax)}`,
      '',
    ]);
  }
  rows.push(['SIGTERM during the hung render, to exit', ms(health.stopMs), '≤ 25 s']);
}

/** The offline voice's synthesis speed, from scripts/bench-voice.ts. */
function voiceRows(rows) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-voice.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const voice = JSON.parse(output.trim().split('\n').at(-1));
  const { oneThread, twoThreads } = voice;
  rows.push([
    `offline voice, one thread: seconds of speech per CPU second (${oneThread.narrations} narrations, ${oneThread.spokenSeconds.toFixed(0)} s)`,
    `${(oneThread.spokenSeconds / oneThread.cpuSeconds).toFixed(0)}×`,
    '',
  ]);
  rows.push([
    '  same, per wall-clock second',
    `${(oneThread.spokenSeconds / oneThread.wallSeconds).toFixed(0)}×`,
    '',
  ]);
  rows.push([
    '  2 preparation threads, 2 narrations at a time: per wall-clock second',
    `${(twoThreads.spokenSeconds / twoThreads.wallSeconds).toFixed(0)}×`,
    '',
  ]);
  rows.push([
    "  a fresh thread's first narration (engine and data loaded)",
    `${voice.firstInThreadMs.toFixed(0)} ms`,
    '',
  ]);
}

/** Bearer authentication's cost beside the session cookie's, from scripts/bench-api-keys.ts. */
function apiKeyRows(rows) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-api-keys.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const result = JSON.parse(output.trim().split('\n').at(-1));
  const ms = (value) => `${value.toFixed(1)} ms`;
  rows.push([
    `GET /api/videos (50 of 200 videos), session cookie, p50 / p99 of ${result.runs}`,
    `${ms(result.cookie.p50)} / ${ms(result.cookie.p99)}`,
    '',
  ]);
  rows.push([
    '  same with Authorization: Bearer rf_… (an API key)',
    `${ms(result.key.p50)} / ${ms(result.key.p99)}`,
    '',
  ]);
  rows.push([
    '  Bearer minus cookie, p50 / p99',
    `${ms(result.key.p50 - result.cookie.p50)} / ${ms(result.key.p99 - result.cookie.p99)}`,
    '',
  ]);
}

/** Webhook fan-out and the worker's memory meanwhile, from scripts/bench-webhooks.ts. */
function webhookRows(rows) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-webhooks.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const result = JSON.parse(output.trim().split('\n').at(-1));
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const count = result.events.toLocaleString('en-US');
  result.rounds.forEach((round, index) => {
    rows.push([
      round.kind === 'http'
        ? `webhooks: ${count} "Send test event" requests (${result.senders} at a time), written and delivered`
        : `webhooks: ${count} events written in one transaction, then delivered (round ${index})`,
      `${round.eventsPerSecond.toFixed(0)} events/s`,
      '',
    ]);
    rows.push([
      '  worker heap before / peak / after (after a GC)',
      `${mb(round.before.heapUsed)} / ${mb(round.during.heapUsed)} / ${mb(round.after.heapUsed)}`,
      'flat',
    ]);
    rows.push([
      '  worker RSS before / peak / after',
      `${mb(round.before.rss)} / ${mb(round.during.rss)} / ${mb(round.after.rss)}`,
      'flat',
    ]);
  });
  if (result.badSignatures > 0) {
    rows.push(['  deliveries whose signature did not verify', String(result.badSignatures), '0']);
  }
}

/** "Download my data" on local disk and in a bucket, and its memory, from scripts/bench-export.ts. */
function exportRows(rows) {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'scripts/bench-export.ts'],
    { cwd: root, encoding: 'utf8' },
  );
  const result = JSON.parse(output.trim().split('\n').at(-1));
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  result.local.forEach((local, index) => {
    const bucket = result.s3[index];
    const target = index === 0 ? '≤ 3 s' : '';
    rows.push([
      `account export, ${local.library} + 4 uploads (${local.objects} files, ${mb(local.bytes)}), local disk (median of ${result.runs})`,
      seconds(local.ms),
      target,
    ]);
    rows.push([
      `  same in a bucket ${result.networkDelayMs} ms a request away (s3rver behind a stand-in network)`,
      seconds(bucket.ms),
      target,
    ]);
  });
  const [small, large] = result.memory;
  rows.push([
    `account export, live memory above idle while it streams (local disk), ${mb(small.bytes)} / ${mb(large.bytes)}`,
    `${mb(small.liveGrowth)} / ${mb(large.liveGrowth)}`,
    'flat',
  ]);
}

/** The scene sources beside the bare ffmpeg floor, from scripts/bench-images.ts. */
function sceneSourceRows(rows) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-images.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const result = JSON.parse(output.trim().split('\n').at(-1));
  const length = 8 * result.scenes;
  rows.push([
    `bare ffmpeg testsrc2, ${length} s 1280x720, veryfast (median of ${result.runs}, between the videos)`,
    seconds(result.bareMs),
    '',
  ]);
  rows.push([
    `AI images, ${result.scenes} scenes, narrated: the stand-in's last still done to completed (median of ${result.runs})`,
    seconds(result.imageDoneToCompletedMs),
    '',
  ]);
  rows.push([
    '  / bare ffmpeg of the same length',
    `${(result.imageDoneToCompletedMs / result.bareMs).toFixed(2)}×`,
    '',
  ]);
  rows.push([
    `offline pictures, ${result.scenes} scenes, narrated: submit to completed (median of ${result.runs})`,
    seconds(result.offlineSubmitToCompletedMs),
    '',
  ]);
  rows.push([
    '  / bare ffmpeg of the same length',
    `${(result.offlineSubmitToCompletedMs / result.bareMs).toFixed(2)}×`,
    '',
  ]);
}

/** The time bounds the tests no longer assert, from scripts/bench-bounds.ts. */
function boundsRows(rows) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-bounds.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const r = JSON.parse(output.trim().split('\n').at(-1));
  const ms = (value) => `${value.toFixed(1)} ms`;
  const worstOf = (name, figures, limit) =>
    rows.push([
      `${name}: worst of ${figures.samples} random inputs (median ${ms(figures.medianMs)})`,
      ms(figures.worstMs),
      limit,
    ]);
  worstOf('offline planner, any member text', r.planner, '≤ 1 s');
  worstOf("a title's typographic lines", r.typography, '≤ 1 s');
  worstOf('caption layout (grouping and drawing), a whole description', r.captions, '≤ 1 s');
  rows.push(['word timing, 300 words over 80 pauses', ms(r.wordTimingMs), '≤ 2 s']);
  worstOf('shot pictures, up to 16 phrases, 12 languages', r.pictures, '≤ 2 s');
  rows.push(["  the 12 languages' indexes, built once per thread", ms(r.pictures.indexesMs), '']);
  rows.push(['  one 3 MB phrase and a 100,000-letter title', ms(r.pictures.longPhraseMs), '≤ 1 s']);
  rows.push([
    'OpenAI-compatible planner: gives up at its 150 ms limit',
    ms(r.plannerLimits.timeoutMs),
    '≤ 3 s',
  ]);
  rows.push(['  aborted 100 ms into a 30 s Retry-After', ms(r.plannerLimits.abortMs), '≤ 2 s']);
  rows.push(['an ffmpeg run stopped at its 800 ms limit', ms(r.ffmpegLimitMs), '≤ 3 s']);
}

/** Stock footage beside the bare ffmpeg floor, from scripts/bench-stock.ts. */
function stockRows(rows) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-stock.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const result = JSON.parse(output.trim().split('\n').at(-1));
  rows.push([
    `stock footage, ${result.scenes} scenes, narrated (${result.videoSeconds.toFixed(1)} s): the stand-in's last answer to completed (median of ${result.runs})`,
    seconds(result.lastAnswerToCompletedMs),
    '',
  ]);
  rows.push([
    '  bare ffmpeg testsrc2 of the same length, 1280x720, veryfast (between the videos)',
    seconds(result.bareMs),
    '',
  ]);
  rows.push(['  / bare ffmpeg (median of the runs)', `${result.ratio.toFixed(2)}×`, '≤ 1.3×']);
}

/** Remixing one scene of a 4-scene video beside rendering it whole, from scripts/bench-remix.ts. */
function remixRows(rows) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-remix.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const result = JSON.parse(output.trim().split('\n').at(-1));
  rows.push([
    `4-scene narrated video, submit to completed (median of ${result.runs})`,
    seconds(result.wholeMs),
    '',
  ]);
  rows.push([
    '  remix of its scene 2 (new words), render to its new version completed',
    seconds(result.remixMs),
    '',
  ]);
  rows.push(['  remix / whole', `${(result.remixMs / result.wholeMs).toFixed(2)}×`, '≤ 0.4×']);
}

/** The renderer against a bare ffmpeg encode of testsrc2 (the floor), from server/media/bench.ts. */
function rendererAgainstBareFfmpeg() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-renderer.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

async function main() {
  // `npm run bench -- voice`: only the offline voice's speed (seconds; needs no build).
  if (process.argv.includes('voice')) {
    const rows = [];
    voiceRows(rows);
    printRows(rows);
    return;
  }
  // `npm run bench -- keys`: only Bearer against cookie sign-in (half a minute; from the sources).
  if (process.argv.includes('keys')) {
    const rows = [];
    apiKeyRows(rows);
    printRows(rows);
    return;
  }
  // `npm run bench -- webhooks`: only the webhook fan-out (half a minute; runs from the sources).
  if (process.argv.includes('webhooks')) {
    const rows = [];
    webhookRows(rows);
    printRows(rows);
    return;
  }
  // `npm run bench -- export`: only "Download my data" (a few minutes; runs from the sources).
  if (process.argv.includes('export')) {
    const rows = [];
    exportRows(rows);
    printRows(rows);
    return;
  }
  // Today's code, not the last build's: rebuilt when a source is newer (as `npm start` does).
  if (buildIsStale()) {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    markBuilt();
  }
  const rows = [];
  // `npm run bench -- renderer`: only the renderer's figures (a few minutes instead of many).
  if (process.argv.includes('renderer')) {
    await rendererRows(rows);
    for (const result of rendererAgainstBareFfmpeg()) {
      rows.push([`renderer, ${result.case}`, seconds(result.rendererMs), '']);
      rows.push([`  bare ffmpeg testsrc2, same settings and music`, seconds(result.bareMs), '']);
      rows.push([`  renderer / bare`, `${result.ratio.toFixed(2)}×`, '≤ 1.5×']);
    }
    printRows(rows);
    return;
  }

  // `npm run bench -- images`: only the scene sources (AI images, offline pictures; two minutes).
  if (process.argv.includes('images')) {
    sceneSourceRows(rows);
    printRows(rows);
    return;
  }

  // `npm run bench -- bounds`: only the time bounds the tests used to assert (seconds).
  if (process.argv.includes('bounds')) {
    boundsRows(rows);
    printRows(rows);
    return;
  }

  // `npm run bench -- stock`: only the stock footage source (a minute).
  if (process.argv.includes('stock')) {
    stockRows(rows);
    printRows(rows);
    return;
  }

  // `npm run bench -- remix`: only scene remixing beside a whole render (a minute).
  if (process.argv.includes('remix')) {
    remixRows(rows);
    printRows(rows);
    return;
  }

  // `npm run bench -- health`: only the health latency under load (about a minute).
  if (process.argv.includes('health')) {
    healthRows(rows);
    printRows(rows);
    return;
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'reelforge-bench-'));
  try {
    const server = [process.execPath, ['dist/server/main.js']];
    const cold = await timeStart(...server, dataDir);
    rows.push(['cold start (fresh DATA_DIR) to health 200', seconds(cold.ready), '≤ 15 s']);
    const warm = [];
    const stops = [cold.stop];
    for (let run = 0; run < WARM_RUNS; run++) {
      const result = await timeStart(...server, dataDir);
      warm.push(result.ready);
      stops.push(result.stop);
    }
    rows.push([
      `warm start to health 200 (median of ${WARM_RUNS})`,
      seconds(median(warm)),
      '≤ 5 s',
    ]);
    const npmWarm = [];
    for (let run = 0; run < 3; run++) {
      npmWarm.push((await timeStart('npm', ['start', '--silent'], dataDir)).ready);
    }
    rows.push(['warm `npm start` to health 200 (median of 3)', seconds(median(npmWarm)), '≤ 5 s']);
    rows.push(['graceful stop on SIGTERM (median)', seconds(median(stops)), '']);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const js = await landingJavaScript();
  rows.push([`landing page initial JavaScript (${js.files} files), gzip`, kb(js.gzip), '≤ 200 KB']);
  rows.push(['  same, brotli (what the server sends browsers)', kb(js.brotli), '']);
  rows.push(['  same, uncompressed', kb(js.raw), '']);

  await rendererRows(rows);
  sceneSourceRows(rows);
  stockRows(rows);
  remixRows(rows);
  boundsRows(rows);
  const library = libraryAgainstBare();
  const ms = (value) => `${value.toFixed(1)} ms`;
  for (const list of library.list) {
    const name = `GET /api/videos, ${library.librarySize} videos, ${list.case}: ${list.entries} entries, ${kb(list.bytes)}`;
    rows.push([name, '', '']);
    rows.push([
      '  server time p50 / p95',
      `${ms(list.ours.serverP50)} / ${ms(list.ours.serverP95)}`,
      'p95 ≤ 50 ms',
    ]);
    rows.push([
      '  bare Fastify, same SQL, p50 / p95',
      `${ms(list.bare.serverP50)} / ${ms(list.bare.serverP95)}`,
      '',
    ]);
    rows.push([
      '  bare / ours (p50)',
      (list.bare.serverP50 / list.ours.serverP50).toFixed(2),
      '≥ 0.6',
    ]);
    rows.push([
      '  round trip, whole body, p50 / p95',
      `${ms(list.ours.roundTripP50)} / ${ms(list.ours.roundTripP95)}`,
      '',
    ]);
  }
  const combine = library.combine;
  rows.push([
    'combine 4 scenes: worker, processing to completed (median)',
    ms(combine.workerMs),
    '',
  ]);
  rows.push(['  submit to completed, as the member sees it', ms(combine.combineMs), '']);
  rows.push(['  bare ffmpeg concat of the same 4 clips', ms(combine.bareMs), '']);
  rows.push(['  worker / bare', `${(combine.workerMs / combine.bareMs).toFixed(2)}×`, '≤ 2×']);
  rows.push([
    '  submit to completed / bare',
    `${(combine.combineMs / combine.bareMs).toFixed(2)}×`,
    '',
  ]);

  const tick = schedulerTick();
  rows.push([
    `scheduler tick, ${tick.activeJobs.toLocaleString('en-US')} active jobs, ${tick.due} due (median)`,
    ms(tick.dueTickMs),
    '≤ 200 ms',
  ]);
  rows.push(['  same, nothing due', ms(tick.idleTickMs), '']);

  const admin = adminAtScale();
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const count = (value) => value.toLocaleString('en-US');
  rows.push(['admin exports: the server RSS when idle (after a GC)', mb(admin.idleRss), '']);
  for (const { kind, sizes } of admin.exports) {
    const [small, large] = sizes;
    rows.push([
      `admin export ${kind}: ${count(large.rows)} rows, ${mb(large.bytes)}, download (median of ${admin.runs})`,
      seconds(large.ms),
      '',
    ]);
    rows.push([`  same at ${count(small.rows)} rows`, seconds(small.ms), '']);
    rows.push([
      `  server RSS above idle meanwhile, ${count(small.rows)} / ${count(large.rows)} rows`,
      `${(small.rssGrowth / 1024 / 1024).toFixed(1)} / ${mb(large.rssGrowth)}`,
      'flat',
    ]);
    rows.push([
      `  server heap above idle meanwhile, ${count(small.rows)} / ${count(large.rows)} rows`,
      `${(small.heapGrowth / 1024 / 1024).toFixed(1)} / ${mb(large.heapGrowth)}`,
      'flat',
    ]);
  }
  const picker = admin.picker;
  rows.push([
    `member picker, ${count(admin.members)} members, ${picker.requests} searches, p50 / p95`,
    `${ms(picker.p50)} / ${ms(picker.p95)}`,
    'p95 ≤ 50 ms',
  ]);
  rows.push(['  slowest', ms(picker.max), '']);
  rows.push(['  server time p50 / p95', `${ms(picker.serverP50)} / ${ms(picker.serverP95)}`, '']);
  for (const term of picker.terms) {
    const what = term.search === null ? 'no search' : `"${term.search}" (${term.label})`;
    rows.push([`  ${what}, ${count(term.matches)} found, p95`, ms(term.p95), '']);
  }

  const webhook = webhookThroughput();
  const perSecond = (run) => `${run.perSecond.toFixed(0)} events/s`;
  rows.push([
    `Stripe webhook, pack purchases verified + applied, one at a time (${webhook.sequential.events})`,
    perSecond(webhook.sequential),
    '',
  ]);
  rows.push([
    '  latency p50 / p95 / max',
    `${ms(webhook.sequential.p50)} / ${ms(webhook.sequential.p95)} / ${ms(webhook.sequential.max)}`,
    '',
  ]);
  rows.push([
    `  ${webhook.concurrency} at a time (${webhook.concurrent.events} events, ${webhook.members} members)`,
    perSecond(webhook.concurrent),
    '',
  ]);
  rows.push([
    '  latency p50 / p95',
    `${ms(webhook.concurrent.p50)} / ${ms(webhook.concurrent.p95)}`,
    '',
  ]);
  rows.push([
    `  the same ${webhook.redelivered.events} redelivered, ${webhook.concurrency} at a time (nothing applied)`,
    perSecond(webhook.redelivered),
    '',
  ]);
  rows.push(['  latency p95', ms(webhook.redelivered.p95), '']);

  const provider = providerGeneration();
  rows.push([
    "a provider's 8 s 720p clip: its first 'done' to our video completed (median of 3)",
    seconds(provider.succeededToCompletedMs),
    '≤ 2 s',
  ]);
  rows.push([
    `polling ${provider.inFlight.toLocaleString('en')} scenes in flight (first wait 2 s, growing to 10 s)`,
    `${provider.pollsPerSecond.toFixed(0)} polls/s, ${provider.transactionsPerSecond.toFixed(0)} DB transactions/s, ${provider.cpuPercent.toFixed(1)} % of a core`,
    '',
  ]);

  const fair = fairnessUnderLoad();
  const times = (value, idle) => `${(value / idle).toFixed(1)}× idle`;
  rows.push([
    "a neighbour's 1-scene video, submit to completed, idle (median of 3)",
    seconds(fair.idleMs),
    '',
  ]);
  rows.push([
    `  while a Pro member floods (${fair.floodAttempts} at once, ${fair.floodAccepted} accepted): Pro neighbour`,
    `${seconds(fair.proFloodedMs)} (${times(fair.proFloodedMs, fair.idleMs)})`,
    '≤ 2× idle',
  ]);
  rows.push([
    '  same flood, Free neighbour (waits for the higher plan)',
    `${seconds(fair.freeFloodedMs)} (${times(fair.freeFloodedMs, fair.idleMs)})`,
    '',
  ]);
  rows.push(['Elite video, submit to rendering, idle queue', ms(fair.eliteIdleStartMs), '']);
  rows.push([
    `  behind ${fair.freeQueued} queued Free videos (${fair.startedAhead} started ahead of it)`,
    ms(fair.eliteBusyStartMs),
    `≤ one render slot (${ms(fair.renderSlotMs)})`,
  ]);
  rows.push(["another member's GET /api/credits p95, idle", ms(fair.creditsIdleP95), '']);
  rows.push([
    `  while 10 connections page a 2,000-video library (${fair.pagesPerSecond.toFixed(0)} pages/s)`,
    ms(fair.creditsBusyP95),
    '≤ 50 ms',
  ]);
  rows.push([
    "library's first page (50 entries): plain / gzip / brotli",
    `${kb(fair.firstPage.plain)} / ${kb(fair.firstPage.gzip)} / ${kb(fair.firstPage.brotli)}`,
    '',
  ]);

  for (const result of rendererAgainstBareFfmpeg()) {
    rows.push([`renderer, ${result.case}`, seconds(result.rendererMs), '']);
    rows.push([`  bare ffmpeg testsrc2, same settings`, seconds(result.bareMs), '']);
    rows.push([`  renderer / bare`, `${result.ratio.toFixed(2)}×`, '≤ 1.5×']);
  }

  exportRows(rows);
  apiKeyRows(rows);
  webhookRows(rows);
  healthRows(rows);
  voiceRows(rows);
  printRows(rows);
}

function printRows(rows) {
  const width = Math.max(...rows.map(([name]) => name.length));
  print(`\nReelforge benchmarks (${os.cpus().length} cores, Node ${process.version})\n`);
  for (const [name, value, target] of rows) {
    print(`${name.padEnd(width)}  ${value.padStart(17)}  ${target}`);
  }
}

await main();
