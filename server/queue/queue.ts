// pg-boss on the application's own database. Every role sends jobs; the worker role consumes them
// and the scheduler role runs pg-boss's cron and maintenance.
import PgBoss from 'pg-boss';
import type { ProcessRole } from '../config';
import {
  assertJobHandlers,
  JOB_DEFINITIONS,
  JOB_NAMES,
  type JobDefinition,
  type JobHandlers,
  type JobName,
  type JobPayloads,
} from './job-map';

type Logger = { error: (obj: unknown, message?: string) => void; info: (message: string) => void };

export class JobQueue {
  private started = false;
  private readonly workerIds = new Map<JobName, string[]>();
  private stopping = false;
  /** Resolves whoever waits for the next wake of a job name (the fetcher that goes ahead). */
  private readonly wakeWaiters = new Map<JobName, Set<() => void>>();
  private readonly loops: Promise<void>[] = [];

  private constructor(
    private readonly boss: PgBoss,
    private readonly log: Logger,
  ) {}

  static async start(options: {
    connectionString: string;
    roles: readonly ProcessRole[];
    log: Logger;
  }): Promise<JobQueue> {
    const runsScheduler = options.roles.includes('scheduler');
    const boss = new PgBoss({
      connectionString: options.connectionString,
      application_name: 'reelforge-queue',
      max: 5,
      // Cron evaluation and queue maintenance belong to the scheduler role.
      schedule: runsScheduler,
      supervise: runsScheduler,
    });
    const queue = new JobQueue(boss, options.log);
    boss.on('error', (error) => {
      // Connections closing during shutdown report errors that mean nothing.
      if (!queue.stopping) options.log.error({ err: error }, 'job queue error');
    });
    await boss.start();
    for (const name of JOB_NAMES) {
      if (!(await boss.getQueue(name)))
        await boss.createQueue(name, { name, ...JOB_DEFINITIONS[name].queue });
    }
    queue.started = true;
    return queue;
  }

  get isReady(): boolean {
    return this.started;
  }

  async send<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    if (!(name in JOB_DEFINITIONS)) throw new Error(`Unknown job '${name}'`);
    return this.boss.send(name, payload, options);
  }

  /** Enqueues inside the caller's transaction: the job exists only if the transaction commits. */
  async sendInTransaction<N extends JobName>(
    tx: { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> },
    name: N,
    payload: JobPayloads[N],
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    return this.send(name, payload, {
      ...options,
      db: {
        executeSql: (text, values) => tx.executeSql(text, values) as Promise<{ rows: never[] }>,
      },
    });
  }

  /** Worker role: consume every job with its handler; refuses to start if one is missing. */
  async work(
    handlers: Partial<JobHandlers>,
    options: { interactiveConcurrency: number },
  ): Promise<void> {
    assertJobHandlers(handlers);
    for (const name of JOB_NAMES) {
      const handle = handlers[name] as (payload: unknown) => Promise<void>;
      const definition: JobDefinition = JOB_DEFINITIONS[name];
      const interactive = definition.interactive === true;
      // pg-boss 10 runs one job at a time per work() call: one call per concurrent job.
      const workers = definition.concurrency ?? (interactive ? options.interactiveConcurrency : 1);
      for (let index = 0; index < workers; index += 1) {
        const batchSize = definition.batchSize ?? 1;
        const id = await this.boss.work<unknown>(
          name,
          { batchSize, pollingIntervalSeconds: interactive ? 0.5 : 2 },
          async (jobs) => {
            if (batchSize === 1) {
              if (jobs[0]) await handle(jobs[0].data);
              return;
            }
            // Side by side; a job that fails is failed alone (pg-boss retries it), and the rest
            // complete when this returns.
            const results = await Promise.allSettled(jobs.map((job) => handle(job.data)));
            await Promise.all(
              results.map((result, index) => {
                const job = jobs[index];
                if (result.status === 'fulfilled' || !job) return undefined;
                const reason = result.reason;
                return this.boss.fail(name, job.id, {
                  message: reason instanceof Error ? reason.message : String(reason),
                });
              }),
            );
          },
        );
        this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), id]);
      }
    }
  }

  /** Tells this process's idle workers for `name` to fetch now instead of at their next poll. */
  wake(name: JobName): void {
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
    for (const resolve of this.wakeWaiters.get(name) ?? []) resolve();
  }

  /**
   * Worker role: one more consumer of `name`, beside the regular ones, that takes the queue's next
   * job ahead of its turn when every regular consumer is busy and that job outranks all the work
   * in hand (`inHand`: how many jobs of `name` this process runs, and their lowest priority). The
   * queue's order holds: only a job that would have been next anyway, and that is more urgent
   * than everything running, goes ahead, one at a time. pg-boss cannot fetch "only above this
   * priority", so the fetcher looks at the queue's top priority first.
   */
  workAhead<N extends JobName>(
    name: N,
    options: {
      regularConsumers: number;
      inHand: () => { count: number; lowestPriority: number | null };
      handle: (payload: JobPayloads[N]) => Promise<void>;
      pollMs?: number;
    },
  ): void {
    const { regularConsumers, inHand, handle, pollMs = 500 } = options;
    const loop = async () => {
      while (!this.stopping) {
        await this.nextWake(name, pollMs);
        if (this.stopping) return;
        const { count, lowestPriority } = inHand();
        if (count < regularConsumers || lowestPriority === null) continue;
        try {
          const { rows } = await this.boss.getDb().executeSql(
            `SELECT max(priority) AS top FROM pgboss.job
                WHERE name = $1 AND state < 'active' AND start_after < now()`,
            [name],
          );
          const top = rows[0]?.top as number | null | undefined;
          if (top === null || top === undefined || top <= lowestPriority) continue;
          const [job] = await this.boss.fetch<JobPayloads[N]>(name, { batchSize: 1 });
          if (!job) continue;
          try {
            await handle(job.data);
            await this.boss.complete(name, job.id);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            await this.boss.fail(name, job.id, { message });
          }
        } catch (error) {
          // The database went away for a moment: the next round tries again.
          if (!this.stopping) this.log.error({ err: error }, `${name}: fetching ahead failed`);
        }
      }
    };
    this.loops.push(loop());
  }

  private nextWake(name: JobName, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.wakeWaiters.get(name) ?? new Set();
      this.wakeWaiters.set(name, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  /** Scheduler role: register every recurring job's cron. */
  async schedule(): Promise<void> {
    for (const name of JOB_NAMES) {
      const { cron } = JOB_DEFINITIONS[name];
      if (cron) await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
    }
  }

  /**
   * Stops fetching, lets running jobs end and closes pg-boss, all within `timeoutMs` (renders have
   * been handed back to the queue by then, so what runs is short).
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    const deadline = Date.now() + timeoutMs;
    for (const waiters of this.wakeWaiters.values()) for (const resolve of waiters) resolve();
    // A render taken ahead ends like the regular workers' do, within the same time.
    await Promise.race([
      Promise.all(this.loops),
      new Promise((resolve) => setTimeout(resolve, timeoutMs / 2).unref()),
    ]);
    // pg-boss waits for its workers' jobs up to `timeout`, then closes its pool.
    await this.boss.stop({
      graceful: true,
      wait: true,
      timeout: Math.max(1000, deadline - Date.now()),
    });
  }
}
