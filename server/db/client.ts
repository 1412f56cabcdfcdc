// One pg pool per process and the drizzle instance over it. Columns are snake_case in SQL and
// camelCase in TypeScript.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = ReturnType<typeof createDatabase>['db'];

export function createDatabase(
  connectionString: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
) {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: 'reelforge',
  });
  // An idle connection can fail (the server restarts, or shuts down while the pool is closing);
  // pg re-emits that on the pool, and an unheard 'error' event would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));

  // pool.end() resolves once it has asked each connection to close, not once they have closed;
  // keep track of the connections so close() can wait for the last one before the server stops.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  async function close(): Promise<void> {
    const ended = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)));
    await pool.end();
    await Promise.all(ended);
  }

  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db, close };
}
