// The embedded database survives crashes: a stale postmaster.pid, and a PostgreSQL orphaned when
// the Node process was killed, both let the next start go ahead with the data intact; a start
// waits for a server that is still stopping on the same folder, and refuses one that keeps running.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-crash-test-'));
  await chmod(dataDir, 0o755);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function readKeptRow(connectionString: string): Promise<string> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query('SELECT note FROM kept')).rows[0].note;
  } finally {
    await client.end();
  }
}

describe('startEmbeddedPostgres after a crash', () => {
  it('stops the PostgreSQL a killed server left behind, then starts with the data intact', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/fixtures/embedded-postgres-child.ts', dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`fixture exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const cluster = await startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet });
    try {
      expect(await readKeptRow(cluster.connectionString)).toBe('written before the crash');
    } finally {
      await cluster.stop();
    }
  }, 60_000);

  it('removes a stale postmaster.pid whose process is gone', async () => {
    await writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), '999999\n/nowhere\n');
    const cluster = await startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet });
    try {
      expect(await readKeptRow(cluster.connectionString)).toBe('written before the crash');
    } finally {
      await cluster.stop();
    }
  }, 60_000);

  it('refuses to share the folder with a server that is still running', async () => {
    const running = await startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet });
    try {
      await expect(startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet })).rejects.toThrow(
        /Another Reelforge server .* is already using/,
      );
      expect(await readKeptRow(running.connectionString)).toBe('written before the crash');
    } finally {
      await running.stop();
    }
  }, 60_000);

  it('waits for a server that is still stopping, then starts with the data intact', async () => {
    const stopping = await startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet });
    const warnings: string[] = [];
    const next = startEmbeddedPostgres({
      dataDir,
      ephemeral: true,
      log: { ...quiet, warn: (message) => warnings.push(message) },
      waitForPreviousMs: 20_000,
    });
    // The previous server finishes stopping once the next one is waiting for it.
    for (let tries = 0; tries < 200 && warnings.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(warnings[0]).toMatch(/Another Reelforge server .* waiting up to 20 s for it to stop/);
    await stopping.stop();
    const cluster = await next;
    try {
      expect(await readKeptRow(cluster.connectionString)).toBe('written before the crash');
    } finally {
      await cluster.stop();
    }
  }, 60_000);

  it('refuses once the wait is over and the other server still runs', async () => {
    const running = await startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet });
    try {
      const started = Date.now();
      await expect(
        startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet, waitForPreviousMs: 800 }),
      ).rejects.toThrow(/Another Reelforge server .* is already using/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    } finally {
      await running.stop();
    }
  }, 60_000);

  it('binds to 127.0.0.1 only', async () => {
    const cluster = await startEmbeddedPostgres({ dataDir, ephemeral: true, log: quiet });
    try {
      const client = new pg.Client({ connectionString: cluster.connectionString });
      await client.connect();
      const { rows } = await client.query("SELECT current_setting('listen_addresses') AS listen");
      await client.end();
      expect(rows[0].listen).toBe('127.0.0.1');
      expect(cluster.connectionString).toContain('@127.0.0.1:');
    } finally {
      await cluster.stop();
    }
  }, 60_000);
});
