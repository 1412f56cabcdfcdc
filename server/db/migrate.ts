// Applies the committed SQL migrations in drizzle/ at start-up. An advisory lock makes concurrent
// starts (several API or worker nodes) take turns instead of racing over the same migration.
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';

const MIGRATION_LOCK_ID = 7_310_042_001;

export async function runMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'reelforge-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
