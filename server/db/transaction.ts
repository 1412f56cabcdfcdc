// One database transaction that drizzle queries and pg-boss share, so a row and the job that works
// on it are committed together or not at all.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client';
import * as schema from './schema';

export type Transaction = {
  db: Database;
  /** pg-boss's `db` option: runs its SQL on this transaction's connection. */
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
};

export async function inTransaction<T>(
  pool: pg.Pool,
  work: (tx: Transaction) => Promise<T>,
  options: {
    /**
     * Let the commit return before the disk has it: for work a crash may lose whole, because it
     * is redone (a Creator Engine run is still due and runs at the next tick).
     */
    synchronousCommit?: false;
  } = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    // One round trip either way: both statements go in one simple query.
    await client.query(
      options.synchronousCommit === false ? 'begin; set local synchronous_commit = off' : 'begin',
    );
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
    const result = await work({
      db,
      executeSql: (text, values) => client.query(text, values),
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
