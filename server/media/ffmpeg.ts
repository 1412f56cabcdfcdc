// The only place that starts ffmpeg or ffprobe: finds the binaries, runs them at low priority,
// reports progress, holds each run to its time and memory limits, stops them on abort, and turns a
// failure into an Error that says why.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { RenderLimitExceeded, renderLimits } from '../render-limits';
import { fontconfigFile } from './fonts';

const require = createRequire(import.meta.url);

/**
 * How urgent the ffmpeg work started inside a lane is. Renders are background work to the API on
 * the same machine, so every lane runs niced; among themselves, a render that went ahead of the
 * queue (`ahead`: it outranks what the worker was rendering) takes the CPU from the queue's work,
 * and background work (demo clips) yields to both.
 */
export type RenderLane = 'ahead' | 'queued' | 'background';
const LANE_NICENESS: Record<RenderLane, number> = { ahead: 10, queued: 15, background: 19 };
const lanes = new AsyncLocalStorage<RenderLane>();

/** Runs `work` with every ffmpeg it starts in `lane`. */
export function inRenderLane<T>(lane: RenderLane, work: () => Promise<T>): Promise<T> {
  return lanes.run(lane, work);
}

/** Outside any lane (tests, tools) renders run as they always did, at nice 10. */
const currentNiceness = () => LANE_NICENESS[lanes.getStore() ?? 'ahead'];
/** Lines of stderr kept to explain a failure. */
const STDERR_LINES_KEPT = 12;

type Binary = 'ffmpeg' | 'ffprobe';
const checkedBinaries = new Map<Binary, string>();

function configuredPath(binary: Binary): string {
  if (binary === 'ffmpeg') {
    return (
      process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
    );
  }
  return (
    process.env.FFPROBE_PATH || (require('@ffprobe-installer/ffprobe') as { path: string }).path
  );
}

/**
 * The binary's path, made executable on first use: npm may install with scripts disabled, and then
 * the installer packages leave their binaries without the execute bit. Checked once per process.
 */
function binaryPath(binary: Binary): string {
  let file = checkedBinaries.get(binary);
  if (!file) {
    file = configuredPath(binary);
    try {
      accessSync(file, constants.X_OK);
    } catch {
      try {
        chmodSync(file, 0o755);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `${binary} at ${file} is not executable and could not be made so: ${reason}`,
        );
      }
    }
    checkedBinaries.set(binary, file);
  }
  return file;
}

export const ffmpegPath = (): string => binaryPath('ffmpeg');
export const ffprobePath = (): string => binaryPath('ffprobe');

/**
 * How a child is tied to this process's life, so that no encode outlives the server, even one
 * killed outright (SIGKILL runs no exit hook). Chosen once per process:
 * - `pdeathsig` (Linux with util-linux's setpriv, as on Debian): the kernel SIGKILLs the child the
 *   moment this process dies.
 * - `watchdog` (any POSIX shell, no setpriv: Alpine, macOS): a shell starts the child and watches a
 *   pipe only this process holds open; the kernel closes it when we die, and the shell kills the
 *   child. Closing stdin alone is not enough: ffmpeg 4.1 runs on at end of input on stdin.
 * - `none` (Windows): the exit hook below, and the broken progress pipe, are all there is.
 */
export type TieMethod = 'pdeathsig' | 'watchdog' | 'none';

/**
 * Run by setpriv once it has asked for the death signal: between our spawn and that request we
 * may already have died (then nothing would ever send it), so the child goes on only while its
 * parent is still us. `exec` keeps the pid and the death signal.
 */
const EXEC_IF_PARENT_ALIVE = '[ "$PPID" = "$0" ] || exit 137; exec "$@"';

/**
 * The watchdog: waits for our go (sent once its priority is lowered, so the child inherits it),
 * starts the child, and kills it when the pipe on stdin reaches its end: the only writer is this
 * process, so the end comes when we die. A background list reads /dev/null unless told otherwise,
 * hence fd 3.
 */
const WATCHDOG = `read -r go || exit 137
exec 3<&0 </dev/null
"$@" 3<&- &
child=$!
{ while read -r _; do :; done; kill -KILL "$child"; } <&3 2>/dev/null &
watcher=$!
exec 3<&-
wait "$child"
status=$?
kill -KILL "$watcher" 2>/dev/null
exit "$status"`;

/** util-linux's setpriv, where the system has it (Debian and most Linux systems do). */
const setprivPath =
  process.platform === 'linux'
    ? (['/usr/bin/setpriv', '/bin/setpriv'].find((candidate) => existsSync(candidate)) ?? null)
    : null;

let chosenTie: TieMethod | undefined;
function tieMethod(): TieMethod {
  if (chosenTie === undefined) {
    const shell = process.platform !== 'win32' && existsSync('/bin/sh');
    chosenTie = shell ? (setprivPath ? 'pdeathsig' : 'watchdog') : 'none';
  }
  return chosenTie;
}

/** For tests that prove each method on this machine (null: pick again, as production does). */
export function setTieMethod(method: TieMethod | null): void {
  chosenTie = method ?? undefined;
}

type TiedChild = {
  process: ChildProcess;
  /** Kills the child (and, for the watchdog, the shells around it) at once. */
  kill(): void;
  /** Since when it has been stopped (SIGSTOP), and for how long it was before: not its time. */
  stoppedSince: number | null;
  stoppedMs: number;
};

/** Children still running; killed if the process exits normally. */
const liveChildren = new Set<TiedChild>();
let exitHookInstalled = false;

function spawnTied(
  executable: string,
  args: readonly string[],
  options: { niceness: number | null },
): TiedChild {
  const method = tieMethod();
  // libass finds Inter and our Noto fallbacks, and nothing else, through this file (fonts.ts).
  const env = { ...process.env, FONTCONFIG_FILE: fontconfigFile() };
  let child: ChildProcess;
  if (method === 'pdeathsig' && setprivPath) {
    child = spawn(
      setprivPath,
      [
        '--pdeathsig',
        'KILL',
        '--',
        '/bin/sh',
        '-c',
        EXEC_IF_PARENT_ALIVE,
        String(process.pid),
        executable,
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env },
    );
  } else if (method === 'watchdog') {
    // Its own process group, so stopping it reaches the shell, its watcher and the child alike.
    child = spawn('/bin/sh', ['-c', WATCHDOG, 'sh', executable, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env,
    });
    // The shell may be gone before our go arrives; that is its own exit to report, not a crash.
    child.stdin?.on('error', () => undefined);
  } else {
    child = spawn(executable, [...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  }
  if (options.niceness !== null) lowerPriority(child, options.niceness);
  if (method === 'watchdog') child.stdin?.write('go\n');

  const tied: TiedChild = {
    process: child,
    stoppedSince: null,
    stoppedMs: 0,
    kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (method === 'watchdog' && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
          return;
        } catch {
          // The group is already gone; fall through to the shell itself.
        }
      }
      child.kill('SIGKILL');
    },
  };
  track(tied);
  return tied;
}

function track(tied: TiedChild) {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const running of liveChildren) running.kill();
    });
  }
  liveChildren.add(tied);
  tied.process.once('close', () => liveChildren.delete(tied));
  tied.process.once('error', () => liveChildren.delete(tied));
}

let runningEncodes = 0;

/**
 * Background renders (the demo clips) yield to members' renders completely: a background ffmpeg is
 * stopped (SIGSTOP) while any other render runs and continued (SIGCONT) once none has run for a
 * moment, so the gap between a member's scene and its thumbnail does not wake it. Nice levels
 * alone left a member's first video 60 % slower while demo clips rendered.
 */
const backgroundRuns = new Set<TiedChild>();
let memberRuns = 0;
let resumeTimer: NodeJS.Timeout | null = null;
const RESUME_BACKGROUND_AFTER_MS = 750;

function signalTied(tied: TiedChild, signal: 'SIGSTOP' | 'SIGCONT') {
  const child = tied.process;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  if (signal === 'SIGSTOP') tied.stoppedSince ??= Date.now();
  else if (tied.stoppedSince !== null) {
    tied.stoppedMs += Date.now() - tied.stoppedSince;
    tied.stoppedSince = null;
  }
  try {
    // The watchdog runs ffmpeg under a shell in its own process group: signal the group.
    if (tieMethod() === 'watchdog') process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}

function memberRunStarted() {
  memberRuns++;
  if (resumeTimer) clearTimeout(resumeTimer);
  resumeTimer = null;
  for (const tied of backgroundRuns) signalTied(tied, 'SIGSTOP');
}

function memberRunEnded() {
  memberRuns--;
  if (memberRuns > 0 || backgroundRuns.size === 0) return;
  resumeTimer = setTimeout(() => {
    resumeTimer = null;
    if (memberRuns === 0) for (const tied of backgroundRuns) signalTied(tied, 'SIGCONT');
  }, RESUME_BACKGROUND_AFTER_MS);
  resumeTimer.unref();
}

/**
 * Holds background renders stopped for all of `work` (a member's whole render: its planning and
 * set-up run on the CPU too, not only its ffmpeg).
 */
export async function holdingBackgroundRenders<T>(work: () => Promise<T>): Promise<T> {
  memberRunStarted();
  try {
    return await work();
  } finally {
    memberRunEnded();
  }
}

/** For tests: the background renders' process ids, and whether members' renders hold them. */
export function backgroundRenderState(): { pids: number[]; held: boolean } {
  const pids = [...backgroundRuns].flatMap((tied) => tied.process.pid ?? []);
  return { pids, held: pids.length > 0 && memberRuns > 0 };
}

/**
 * x264 threads for the next encode: twice the cores, shared with the encodes already running.
 * Twice, because ffmpeg filters each frame on one thread and, with one encoder thread a core, the
 * encoder waits on it; more frames in flight keep every core busy (a scene alone went from 1.72 s
 * to 1.47 s on 2 cores, for the same CPU time). Shared, because two encodes that split the
 * threads finish sooner than two that each take them all; an encode started beside another keeps
 * two threads, so a video's last scene, often left alone at the end, still uses both cores.
 */
export function encoderThreadsForNextRun(): number {
  const threads = os.availableParallelism() * 2;
  // A render gone ahead of the queue takes the CPU from the others (niceness): as if alone.
  if (lanes.getStore() === 'ahead') return threads;
  return Math.max(1, Math.floor(threads / (runningEncodes + 1)));
}

export type RunOptions = {
  /** Called with the output position in seconds as ffmpeg reports it. */
  onProgress?: (outTimeSeconds: number) => void;
  signal?: AbortSignal;
  /**
   * Log at info level and hand back the end of what ffmpeg wrote to stderr: measuring filters
   * (loudnorm, silencedetect) print their findings there.
   */
  readStderr?: boolean;
};

/** Runs ffmpeg with `args` (everything after the global flags added here). */
export async function runFfmpeg(
  args: readonly string[],
  options: RunOptions = {},
): Promise<string> {
  const { onProgress, signal } = options;
  const background = lanes.getStore() === 'background';
  // Counted before the first await, so a caller that asks encoderThreadsForNextRun() and then
  // calls this in the same tick sees its own run when the next caller asks. A background run is
  // not counted: it stops whenever a member's render runs, so it takes no share of the cores.
  if (!background) {
    runningEncodes++;
    memberRunStarted();
  }
  try {
    signal?.throwIfAborted();
    return await runToCompletion(
      ffmpegPath(),
      args,
      onProgress,
      signal,
      background,
      options.readStderr ?? false,
    );
  } finally {
    if (!background) {
      runningEncodes--;
      memberRunEnded();
    }
  }
}

function runToCompletion(
  executable: string,
  args: readonly string[],
  onProgress: RunOptions['onProgress'],
  signal: AbortSignal | undefined,
  background = false,
  readStderr = false,
): Promise<string> {
  const fullArgs = [
    '-hide_banner',
    '-loglevel',
    readStderr ? 'info' : 'error',
    '-nostdin',
    '-nostats',
    '-progress',
    'pipe:1',
    ...args,
  ];
  return new Promise<string>((resolve, reject) => {
    const tied = spawnTied(executable, fullArgs, { niceness: currentNiceness() });
    const child = tied.process;
    if (background) {
      backgroundRuns.add(tied);
      if (memberRuns > 0) signalTied(tied, 'SIGSTOP');
      child.once('close', () => backgroundRuns.delete(tied));
    }
    const stderr = keepLastLines(child, 'stderr');
    child.stdout?.setEncoding('utf8');
    let pending = '';
    child.stdout?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      if (!onProgress) return;
      for (const line of lines) {
        const seconds = parseProgressLine(line);
        if (seconds !== null) onProgress(seconds);
      }
    });

    const onAbort = () => tied.kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const limits = holdToLimits(tied, 'ffmpeg');
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      limits.stop();
      reject(new Error(`Could not start ffmpeg (${executable}): ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      limits.stop();
      if (signal?.aborted) reject(signal.reason);
      else if (limits.exceeded) reject(limits.exceeded);
      else if (code === 0) resolve(readStderr ? stderr.tail() : '');
      else {
        const reason = killedBy ? `was killed by ${killedBy}` : `exited with code ${code}`;
        reject(new Error(`ffmpeg ${reason}: ${stderr.text() || 'no error output'}`));
      }
    });
  });
}

/**
 * Reads the output position from one `-progress` line. ffmpeg 4.1 writes `out_time_ms` in
 * microseconds (despite the name); newer builds add `out_time_us`. Both are microseconds.
 */
export function parseProgressLine(line: string): number | null {
  const match = /^out_time_(?:ms|us)=(\d+)\s*$/.exec(line);
  return match ? Number(match[1]) / 1_000_000 : null;
}

export type MediaInfo = {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  pixelFormat: string;
  /** Whether it carries a subtitle track (our clips keep their captions as one). */
  hasSubtitles: boolean;
};

type ProbeOutput = {
  format?: { duration?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    duration?: string;
  }>;
};

/** Duration, size and codecs of a media file; throws when it has no video stream. */
export async function probeMedia(file: string): Promise<MediaInfo> {
  const executable = ffprobePath();
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
  const output = await new Promise<string>((resolve, reject) => {
    const tied = spawnTied(executable, args, { niceness: null });
    const child = tied.process;
    const limits = holdToLimits(tied, 'ffprobe');
    const stderr = keepLastLines(child, 'stderr');
    let stdout = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', (error) => {
      limits.stop();
      reject(new Error(`Could not start ffprobe (${executable}): ${error.message}`));
    });
    child.on('close', (code) => {
      limits.stop();
      if (limits.exceeded) reject(limits.exceeded);
      else if (code === 0) resolve(stdout);
      else reject(new Error(`ffprobe could not read ${file}: ${stderr.text() || `code ${code}`}`));
    });
  });

  const probe = JSON.parse(output) as ProbeOutput;
  const video = probe.streams?.find((stream) => stream.codec_type === 'video');
  const audio = probe.streams?.find((stream) => stream.codec_type === 'audio');
  if (!video) throw new Error(`${file} has no video stream`);
  const duration = Number(probe.format?.duration ?? video.duration);
  return {
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    width: video.width ?? 0,
    height: video.height ?? 0,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    hasSubtitles: probe.streams?.some((stream) => stream.codec_type === 'subtitle') ?? false,
    pixelFormat: video.pix_fmt ?? 'unknown',
  };
}

/** How often a run's time and memory are checked. */
const LIMIT_CHECK_MS = 250;

/**
 * Holds one run to the render limits: past its wall-clock limit (time spent stopped for members'
 * renders does not count) or its resident memory limit, the run is killed and `exceeded` says
 * which. Memory is read from /proc (Linux); elsewhere only time is held.
 */
function holdToLimits(
  tied: TiedChild,
  step: string,
): { readonly exceeded: RenderLimitExceeded | null; stop(): void } {
  const { stepTimeoutMs, stepMemoryMb } = renderLimits();
  const started = Date.now();
  let exceeded: RenderLimitExceeded | null = null;
  let reading = false;
  const stopFor = (limit: 'time' | 'memory') => {
    if (exceeded) return;
    exceeded = new RenderLimitExceeded(limit, step);
    tied.kill();
  };
  const timer = setInterval(() => {
    const now = Date.now();
    const stopped = tied.stoppedMs + (tied.stoppedSince === null ? 0 : now - tied.stoppedSince);
    if (now - started - stopped > stepTimeoutMs) return stopFor('time');
    const pid = tied.process.pid;
    if (reading || pid === undefined || process.platform !== 'linux') return;
    reading = true;
    residentMegabytes(pid)
      .then((megabytes) => {
        if (megabytes > stepMemoryMb) stopFor('memory');
      })
      .finally(() => {
        reading = false;
      });
  }, LIMIT_CHECK_MS);
  timer.unref();
  return {
    get exceeded() {
      return exceeded;
    },
    stop: () => clearInterval(timer),
  };
}

/** Resident memory of a process and its children (the watchdog's shell runs ffmpeg as one). */
async function residentMegabytes(pid: number, depth = 0): Promise<number> {
  const [status, children] = await Promise.all([
    readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''),
    depth < 2
      ? readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
      : Promise.resolve(''),
  ]);
  const own = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
  const childPids = children
    .split(' ')
    .map(Number)
    .filter((child) => child > 0);
  const theirs = await Promise.all(childPids.map((child) => residentMegabytes(child, depth + 1)));
  return own + theirs.reduce((sum, megabytes) => sum + megabytes, 0);
}

function lowerPriority(child: ChildProcess, niceness: number) {
  if (child.pid === undefined) return;
  try {
    // Set right after spawn, before ffmpeg starts its encoder threads, which inherit it.
    os.setPriority(child.pid, niceness);
  } catch {
    // Not permitted here (some containers): rendering still works, just at normal priority.
  }
}

function keepLastLines(child: ChildProcess, stream: 'stderr') {
  let tail = '';
  child[stream]?.setEncoding('utf8');
  child[stream]?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-8000);
  });
  return {
    /** The last few kilobytes as written. */
    tail: () => tail,
    text: () =>
      tail
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(-STDERR_LINES_KEPT)
        .join('\n'),
  };
}
