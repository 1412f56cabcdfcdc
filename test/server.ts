// Starts the real server (all roles, real HTTP on a free port) on a test database, the way
// `npm start` does, with settings a test can override.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../server/clock';
import { type Config, parseConfig } from '../server/config';
import { type Runtime, startRuntime } from '../server/runtime';

export type TestServer = {
  url: string;
  runtime: Runtime;
  config: Config;
  stop(): Promise<void>;
};

export async function startTestServer(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  clock?: Clock;
  /** Reuse a data folder (auth secret) across restarts. */
  dataDir?: string;
}): Promise<TestServer> {
  const dataDir =
    options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-data-')));
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const runtime = await startRuntime(config, { clock: options.clock });
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
