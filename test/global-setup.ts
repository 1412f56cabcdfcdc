// Vitest global setup: one embedded PostgreSQL for the whole run (fsync off, in a temp folder),
// with a template database already migrated and holding pg-boss's schema. Each test file then
// copies the template into its own database in a few milliseconds.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { runMigrations } from '../server/db/migrate';
import { JobQueue } from '../server/queue/queue';
import { TEMPLATE_DATABASE } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres:// URL of the test cluster's `postgres` database, with a placeholder for others. */
    databaseUrlTemplate: string;
  }
}

const quiet = { info: () => {}, warn: () => {}, debug: () => {} };

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-db-'));
  const cluster = await startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet });
  const admin = new pg.Client({ connectionString: cluster.urlFor('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = cluster.urlFor(TEMPLATE_DATABASE);
  await runMigrations(templateUrl);
  const queue = await JobQueue.start({
    connectionString: templateUrl,
    roles: [],
    log: { error: () => {}, info: () => {} },
  });
  await queue.stop();

  project.provide('databaseUrlTemplate', cluster.urlFor('__DATABASE__'));
  return async () => {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
