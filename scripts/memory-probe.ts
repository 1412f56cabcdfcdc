// A server process whose memory a benchmark watches (bench-admin, bench-webhooks): the script runs
// itself again with a flag and --expose-gc, starts the real runtime there, and answers on stdin and
// stdout: `mark` collects garbage and starts the peaks afresh, `peak` reports the highest
// figures sampled every 10 ms since. Nothing the measuring side allocates is counted.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Runtime } from '../server/app/runtime';

export type ProbedMemory = {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
};

export type ProbedProcess = {
  pid: number;
  /** The API's address when the process serves one, else ''. */
  url: string;
  ask(command: 'mark' | 'peak'): Promise<ProbedMemory>;
  stop(): Promise<void>;
};

const root = path.resolve(import.meta.dirname, '..');

function memoryNow(): ProbedMemory {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}

/** The measured side: answers the probe's commands for `runtime` until SIGTERM or stdin closes. */
export function serveMemoryProbe(runtime: Runtime): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  let peak = memoryNow();
  const sample = () => {
    const now = memoryNow();
    peak = {
      rss: Math.max(peak.rss, now.rss),
      heapUsed: Math.max(peak.heapUsed, now.heapUsed),
      external: Math.max(peak.external, now.external),
      arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers),
    };
  };
  const timer = setInterval(sample, 10);
  const commands = createInterface({ input: process.stdin });
  commands.on('line', (command) => {
    if (command === 'mark') {
      // What earlier work left behind is collected; the peaks start from here.
      gc?.();
      peak = memoryNow();
      process.stdout.write(`mark ${JSON.stringify(peak)}\n`);
    } else if (command === 'peak') {
      sample();
      process.stdout.write(`peak ${JSON.stringify(peak)}\n`);
    }
  });
  // Stops on SIGTERM, or when the bench goes away (its end of stdin closes).
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    commands.close();
    void runtime.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  commands.once('close', stop);
  process.stdout.write(`ready ${runtime.url ?? ''}\n`);
}

/** The measuring side: runs `script` with `flag` (and `env`) and waits until it is ready. */
export async function startProbedProcess(
  script: string,
  flag: string,
  env: Record<string, string>,
): Promise<ProbedProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', script, flag],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  });
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    output.push(line);
    waiting.shift()?.(line);
  });
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`${script} ${flag} exited with ${code}:\n${output.join('\n')}`)),
    ),
  );
  exited.catch(() => {});
  const ready = await Promise.race([nextLine(), exited]);
  if (!ready.startsWith('ready ')) throw new Error(`${script} ${flag} said: ${ready}`);
  return {
    pid: child.pid as number,
    url: ready.slice('ready '.length),
    async ask(command) {
      const answer = nextLine();
      child.stdin?.write(`${command}\n`);
      const line = await Promise.race([answer, exited]);
      if (!line.startsWith(`${command} `)) throw new Error(`${script} ${flag} said: ${line}`);
      return JSON.parse(line.slice(command.length + 1)) as ProbedMemory;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await stopped;
    },
  };
}
