// The service-level harness: the calling test file's own database (copied from the migrated
// template) and the app's services built on it as the composition root builds them, without HTTP,
// the worker or the scheduler. For tests of rules: they call services and read what the database
// holds. Jobs the services queue stay in the queue (nothing consumes them), where a test can look.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type AppContext, createContext } from '../server/app/context';
import type { Clock } from '../server/clock';
import { systemClock } from '../server/clock';
import type { Config } from '../server/config';
import { createDatabase } from '../server/db/client';
import { createLogger } from '../server/logger';
import { JobQueue } from '../server/queue/queue';
import { setRenderLimits } from '../server/render-limits';
import { createTestDatabase, type TestDatabase } from './database';
import { testConfig } from './server';

export type TestServices = {
  ctx: AppContext;
  config: Config;
  /** Direct SQL on the file's database, to check what a service stored. */
  sql: pg.Pool;
  database: TestDatabase;
  /** Another context on the same database, as a second node would have (stopped with the file). */
  secondContext(): Promise<AppContext>;
};

/**
 * Gives the calling test file its own database and the services on it (before its tests, torn
 * down after them). Read the fields inside tests or hooks, once they have started.
 */
export function setUpTestServices(options: { env?: Record<string, string>; clock?: Clock } = {}) {
  const handle = {} as TestServices;
  const closers: (() => Promise<unknown>)[] = [];
  let dataDir = '';

  const build = async (): Promise<AppContext> => {
    // Configured as an API node; the harness starts no worker and no scheduler whatever ROLES
    // says, so nothing consumes or schedules jobs.
    const config = testConfig(handle.database.url, dataDir, { ROLES: 'api', ...options.env });
    const log = createLogger(config.logLevel);
    const { db, pool, close } = createDatabase(handle.database.url, {
      onIdleError: (error) => log.warn({ err: error }, 'idle database connection failed'),
    });
    // Started with no role, pg-boss only takes what is sent: no consumer, no cron, no upkeep.
    const queue = await JobQueue.start({ connectionString: handle.database.url, roles: [], log });
    closers.push(
      () => queue.stop(5000),
      () => close(),
    );
    return createContext({
      config,
      db,
      pool,
      clock: options.clock ?? systemClock,
      queue,
      log,
      authSecret: 'test-auth-secret-of-at-least-thirty-two-characters',
    });
  };

  beforeAll(async () => {
    handle.database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-data-'));
    handle.ctx = await build();
    handle.config = handle.ctx.config;
    handle.sql = handle.ctx.pool;
    setRenderLimits(handle.config.renderLimits);
    handle.secondContext = build;
  });
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await handle.database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return handle;
}
