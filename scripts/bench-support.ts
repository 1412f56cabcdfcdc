// What the benchmark scripts share: a free port, percentiles, an HTTP client for a member (or
// admin) that keeps its session cookie, speaks JSON and sends the Origin the server expects, and a
// throwaway server on its own embedded PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Clock } from '../server/clock';
import { parseConfig } from '../server/config';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { type Runtime, startRuntime } from '../server/runtime';

/** A cookie-keeping JSON client. */
export function member(baseUrl: string) {
  const cookies = new Map<string, string>();
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookie,
    async request<T>(method: string, route: string, body?: unknown): Promise<T> {
      const response = await fetch(new URL(route, baseUrl), {
        method,
        headers: {
          origin: baseUrl,
          cookie: cookie(),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const index = pair.indexOf('=');
        cookies.set(pair.slice(0, index), pair.slice(index + 1));
      }
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** The value below which p percent of `values` fall (nearest rank). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Runs `work` against a throwaway server: a fresh embedded PostgreSQL and DATA_DIR, the api role
 * only (so queued renders wait instead of competing with what is measured), silent, no demo
 * clips, plus `env`. Everything is stopped and removed afterwards, whatever `work` does.
 */
export async function withBenchServer<T>(
  options: { env?: Record<string, string>; clock?: Clock },
  work: (server: { url: string; sql: pg.Pool; runtime: Runtime }) => Promise<T>,
): Promise<T> {
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-db-'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-data-'));
  const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
  const database = await startEmbeddedPostgres({ dataDir: databaseDir, log: quiet });
  const runtime = await startRuntime(
    parseConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.connectionString,
      LOG_LEVEL: 'silent',
      DEMO_CLIPS: 'false',
      // Benchmarks flood on purpose; the limits would measure themselves instead.
      RATE_LIMITS: 'off',
      ROLES: 'api',
      ...options.env,
    }),
    { clock: options.clock },
  );
  const sql = new pg.Pool({ connectionString: database.connectionString, max: 2 });
  try {
    return await work({ url: runtime.url as string, sql, runtime });
  } finally {
    await sql.end();
    await runtime.stop();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(databaseDir, { recursive: true, force: true });
  }
}
