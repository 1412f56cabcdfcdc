// pg-boss on the application's own database. Every role sends jobs; the worker role consumes them
// and the scheduler role runs pg-boss's cron and maintenance.
import PgBoss from 'pg-boss';
import type { ProcessRole } from '../config';
import {
  assertJobHandlers,
  JOB_DEFINITIONS,
  JOB_NAMES,
  type JobHandlers,
  type JobName,
  type JobPayloads,
} from './job-map';

type Logger = { error: (obj: unknown, message?: string) => void; info: (message: string) => void };

export class JobQueue {
  private started = false;
  private readonly workerIds = new Map<JobName, string[]>();
  private stopping = false;

  private constructor(private readonly boss: PgBoss) {}

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
    const queue = new JobQueue(boss);
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
      const interactive = JOB_DEFINITIONS[name].interactive === true;
      // pg-boss 10 runs one job at a time per work() call: one call per concurrent job.
      const workers = interactive ? options.interactiveConcurrency : 1;
      for (let index = 0; index < workers; index += 1) {
        const id = await this.boss.work<unknown>(
          name,
          { batchSize: 1, pollingIntervalSeconds: interactive ? 0.5 : 2 },
          async ([job]) => {
            if (job) await handle(job.data);
          },
        );
        this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), id]);
      }
    }
  }

  /** Tells this process's idle workers for `name` to fetch now instead of at their next poll. */
  wake(name: JobName): void {
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /** Scheduler role: register every recurring job's cron. */
  async schedule(): Promise<void> {
    for (const name of JOB_NAMES) {
      const { cron } = JOB_DEFINITIONS[name];
      if (cron) await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }
}
