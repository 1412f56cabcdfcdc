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

/**
 * What a pooled connection keeps between transactions: its drizzle instance (building one reads
 * the whole schema and starts an empty name cache, which a Creator Engine tick would otherwise pay
 * for on every run) and whether the transaction on it now prepares its statements.
 */
type Session = {
  db: Database;
  prepareStatements: boolean;
  query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult>;
};

const sessions = new WeakMap<pg.PoolClient, Session>();

/**
 * One name per statement text across the process, so a connection that has prepared a text reuses
 * it, and a name never stands for two texts (node-postgres refuses that).
 */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `reelforge_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

function sessionOn(client: pg.PoolClient): Session {
  let session = sessions.get(client);
  if (!session) {
    const created: Session = {
      db: undefined as unknown as Database,
      prepareStatements: false,
      query: (config, values) => {
        const query = typeof config === 'string' ? { text: config } : config;
        return client.query(
          created.prepareStatements ? { ...query, name: statementName(query.text) } : query,
          values,
        );
      },
    };
    // drizzle only ever calls query() on its client.
    created.db = drizzle(created as unknown as pg.PoolClient, {
      schema,
      casing: 'snake_case',
    }) as unknown as Database;
    session = created;
    sessions.set(client, session);
  }
  return session;
}

export async function inTransaction<T>(
  pool: pg.Pool,
  work: (tx: Transaction) => Promise<T>,
  options: {
    /**
     * Let the commit return before the disk has it: for work a crash may lose whole, because it
     * is redone (a Creator Engine run is still due and runs at the next tick).
     */
    synchronousCommit?: false;
    /**
     * Run every statement as a prepared statement of the connection: PostgreSQL parses and plans
     * it the first time only. For work that runs the same few statements over and over (a Creator
     * Engine tick), where planning costs the database more than running them; not for statements
     * whose text varies with the data, as each text stays prepared as long as the connection.
     */
    prepareStatements?: true;
  } = {},
): Promise<T> {
  const client = await pool.connect();
  const session = sessionOn(client);
  try {
    // One round trip either way: both statements go in one simple query.
    await client.query(
      options.synchronousCommit === false ? 'begin; set local synchronous_commit = off' : 'begin',
    );
    session.prepareStatements = options.prepareStatements === true;
    const result = await work({
      db: session.db,
      executeSql: (text, values) => session.query(text, values),
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    session.prepareStatements = false;
    client.release();
  }
}

/**
 * The Transaction behind a `tx.db` handed on without its transaction (a service that takes only
 * a Database): its `executeSql` runs on the same connection, so a job sent through it commits or
 * rolls back with the rest. Given the pool's own Database, statements run outside any transaction.
 */
export function transactionOf(db: Database): Transaction {
  const client = (db as { $client?: Partial<Pick<pg.PoolClient, 'query'>> }).$client;
  // A drizzle `db.transaction(…)` handle has no client of its own: only inTransaction's do.
  if (typeof client?.query !== 'function') {
    throw new Error('transactionOf: this Database did not come from inTransaction or the pool');
  }
  const query = client.query.bind(client) as pg.PoolClient['query'];
  return { db, executeSql: (text, values) => query(text, values) };
}
