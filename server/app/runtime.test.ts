// The whole runtime on its own embedded PostgreSQL, as `npm start` runs it: it serves, then stops
// cleanly: no errors or warnings while closing, and no PostgreSQL left running.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/http-client';
import { parseConfig } from '../config';
import { startRuntime } from './runtime';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-runtime-test-'));
  await chmod(dataDir, 0o755);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function capturingLogger() {
  const entries: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      entries.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), entries };
}

it('starts on the embedded database, serves, and stops cleanly, twice over the same data', async () => {
  const config = parseConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' });
  let email = '';
  for (const round of [1, 2]) {
    const { log, entries } = capturingLogger();
    const runtime = await startRuntime(config, { log, ephemeralDatabase: true });
    const client = new TestClient(runtime.url ?? '');
    if (round === 1) email = (await signUp(client)).email;
    else
      expect(
        (await client.post('/api/auth/signin', { email, password: 'correct horse battery' }))
          .status,
      ).toBe(200);
    await runtime.stop();

    const problems = entries.filter((entry) => entry.level >= 40).map((entry) => entry.msg);
    expect(problems).toEqual([]);
    expect(entries.map((entry) => entry.msg)).toContain('stopping embedded PostgreSQL');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }
}, 60_000);
