// One pg pool per process and the drizzle instance over it. Columns are snake_case in SQL and
// camelCase in TypeScript.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = ReturnType<typeof createDatabase>['db'];

export function createDatabase(connectionString: string, options: { max?: number } = {}) {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: 'reelforge',
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db };
}
