// Starts the real server (all roles, real HTTP on a free port) on a test database, the way
// `npm start` does, with settings a test can override.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Runtime, startRuntime } from '../server/app/runtime';
import type { Clock } from '../server/clock';
import { type Config, parseConfig } from '../server/config';
import { createTestDatabase, type TestDatabase } from './database';

export type TestServer = {
  url: string;
  runtime: Runtime;
  config: Config;
  stop(): Promise<void>;
};

/** The settings every test server or service harness starts from; a test overrides them with `env`. */
export function testConfig(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Config {
  return parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // TEST_LOG_LEVEL=error (or debug) shows a test server's log while a test is being fixed.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests render only the videos they create.
    DEMO_CLIPS: 'false',
    // A test file signs up dozens of members in seconds from one address; the rate limit tests
    // set the limits they check.
    RATE_LIMITS: 'signUp=100000/60',
    // Webhook receivers in tests listen on 127.0.0.1, and a test waits seconds, not hours.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1s,1s',
    ...env,
  });
}

export async function startTestServer(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  clock?: Clock;
  /** Reuse a data folder (auth secret) across restarts. */
  dataDir?: string;
  /** A built web client to serve (tests run before `npm run build`). */
  clientDir?: string;
}): Promise<TestServer> {
  const dataDir =
    options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-data-')));
  const config = testConfig(options.databaseUrl, dataDir, options.env);
  const runtime = await startRuntime(config, {
    clock: options.clock,
    clientDir: options.clientDir,
  });
  if (!runtime.url) throw new Error('the api role did not start');
  return {
    url: runtime.url,
    runtime,
    config,
    async stop() {
      await runtime.stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServerHandle = {
  server: TestServer;
  database: TestDatabase;
  /** Direct SQL on the file's database, to check what a request stored. */
  sql: pg.Pool;
  /** Stops the server and starts it again on the same database and data folder. */
  restart(): Promise<void>;
};

/**
 * Gives the calling test file its own database, data folder and running server (before its tests,
 * torn down after them). Read the fields inside tests or hooks, once they have started.
 */
export function setUpTestServer(
  options: { env?: Record<string, string>; clock?: Clock; clientDir?: string } = {},
) {
  const handle = {} as TestServerHandle;
  let dataDir = '';
  const boot = () => startTestServer({ ...options, databaseUrl: handle.database.url, dataDir });
  beforeAll(async () => {
    handle.database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-data-'));
    handle.server = await boot();
    handle.sql = new pg.Pool({ connectionString: handle.database.url, max: 2 });
    handle.restart = async () => {
      await handle.server.stop();
      handle.server = await boot();
    };
  });
  afterAll(async () => {
    await handle.sql?.end();
    await handle.server?.stop();
    await handle.database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return handle;
}
