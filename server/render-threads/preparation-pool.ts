// Worker threads (piscina) for the CPU-heavy parts of a render: planning, text layout, ASS
// scripts, pictures and music. The event loop that serves HTTP, sockets and the scheduler only
// waits for them. Each task has a wall-clock limit and its thread a heap limit; a task past either
// ends its thread (a runaway loop cannot be interrupted any other way) and fails as
// RenderLimitExceeded, which the pipeline turns into a failed, refunded video.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { RenderLimitExceeded, renderLimits } from '../render-limits';

/**
 * The tasks the preparation threads run, by name. This folder knows none of them: each layer with
 * CPU-heavy work declares its own into this interface beside their code (media/, voice/ and
 * generation/planner/ `preparation-tasks.ts`), and the thread's entry, app/preparation-thread.ts,
 * gathers them. It is the composition root's file: the one place that sees every layer.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging, as above.
export interface PreparationTasks {}

export type PreparationTaskName = keyof PreparationTasks;

/** Where a pool's worker code lives: the bundle's own file, or the TypeScript source through tsx. */
export type WorkerSource = { filename: string; execArgv: string[] };

/**
 * The production bundle builds app/preparation-thread.ts into preparation-thread.js beside main.js
 * (package.json's build:server); from source (tests, `npm run dev`) the thread loads the .ts file
 * through tsx.
 */
function defaultWorkerSource(): WorkerSource {
  const bundled = fileURLToPath(new URL('./preparation-thread.js', import.meta.url));
  if (existsSync(bundled)) return { filename: bundled, execArgv: [] };
  return {
    filename: fileURLToPath(new URL('../app/preparation-thread.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  };
}

type Limits = { timeoutMs: number; memoryMb: number };

export class ThreadPool<Tasks extends { [Name in keyof Tasks]: (input: never) => unknown }> {
  private readonly pool: Piscina;

  constructor(
    source: WorkerSource,
    private readonly limits: () => Limits,
  ) {
    const threads = Math.max(1, os.availableParallelism());
    this.pool = new Piscina({
      filename: source.filename,
      execArgv: source.execArgv,
      // One thread stays warm (starting one costs tens of milliseconds), the rest come and go.
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 60_000,
      resourceLimits: {
        maxOldGenerationSizeMb: limits().memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(limits().memoryMb / 8))),
      },
    });
  }

  /**
   * Runs a task in a thread. `step` names it in the limit error; `signal` (the render's lease or
   * the server stopping) ends it early with the signal's reason.
   */
  async run<N extends keyof Tasks & string>(
    name: N,
    input: Parameters<Tasks[N]>[0],
    options: { step: string; signal?: AbortSignal },
  ): Promise<Awaited<ReturnType<Tasks[N]>>> {
    const { signal, step } = options;
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(this.limits().timeoutMs);
    const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      return await this.pool.run({ name, input }, { signal: stop });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new RenderLimitExceeded('time', step);
      if ((error as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new RenderLimitExceeded('memory', step);
      }
      throw error;
    }
  }

  /** Ends every thread at once, running tasks too (they reject). */
  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}

let shared: ThreadPool<PreparationTasks> | null = null;

/** The process's preparation pool, started on first use with the configured render limits. */
function preparationPool(): ThreadPool<PreparationTasks> {
  shared ??= new ThreadPool<PreparationTasks>(defaultWorkerSource(), () => {
    const { prepTimeoutMs, prepMemoryMb } = renderLimits();
    return { timeoutMs: prepTimeoutMs, memoryMb: prepMemoryMb };
  });
  return shared;
}

/** Runs one piece of render preparation off the event loop (see PREPARATION_TASKS in app/preparation-thread.ts). */
export function runPreparation<N extends PreparationTaskName>(
  name: N,
  input: Parameters<PreparationTasks[N]>[0],
  options: { step: string; signal?: AbortSignal },
): Promise<Awaited<ReturnType<PreparationTasks[N]>>> {
  return preparationPool().run(name, input, options);
}

let holders = 0;

/**
 * A runtime that renders holds the preparation threads while it runs; the last one to let go
 * ends them, so none keeps the process alive (several runtimes may share a process in tests).
 */
export function holdPreparation(): () => Promise<void> {
  holders++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders--;
    if (holders > 0) return;
    const pool = shared;
    shared = null;
    await pool?.destroy();
  };
}
