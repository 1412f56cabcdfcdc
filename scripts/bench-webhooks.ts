// Measures outbound webhook fan-out for scripts/bench.mjs (one JSON line on stdout): a member with
// one endpoint on a local receiver gets 1,000 events, sent by a worker process, in three rounds:
//   - `http`: 1,000 "Send test event" requests, 16 at a time, each its own transaction writing the
//     delivery and its job (what the API can write);
//   - `burst` (twice): 1,000 `video.completed` events of a typical size written in one
//     transaction (WebhookEvents.emit, as the render lifecycle calls it), then sent: the worker's
//     fan-out rate, from the commit to the receiver holding all 1,000.
// Each round: the time until the receiver has all 1,000 (events per second), and the worker's
// memory before, during and after; flat means the later rounds' figures are the first's. Every
// delivery's signature is checked by the receiver with the standardwebhooks library, and each
// webhook-id counted once.
//
// The API runs in this process (scripts/bench-support.ts, api role); the worker runs in its own
// (this script with `--worker`: startRuntime from the sources with ROLES=worker and --expose-gc,
// plus a memory probe on stdin/stdout), so nothing the sending side allocates is counted.
//   - before: heapUsed and RSS right after a collection, the worker idle;
//   - during: the peak of both, sampled by the worker every 10 ms while the round runs;
//   - after: both right after a collection, once the round is over.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Webhook } from 'standardwebhooks';
import { startRuntime } from '../server/app/runtime';
import { parseConfig } from '../server/config';
import { inTransaction } from '../server/db/transaction';
import { deliveryJobExpirySeconds, WebhookEvents } from '../server/features/webhooks';
import { WebhooksRepository } from '../server/features/webhooks/repository';
import { member, withBenchServer } from './bench-support';

const EVENTS = 1_000;
const ROUNDS = ['http', 'burst', 'burst'] as const;
const SENDERS = 16;
const root = path.resolve(import.meta.dirname, '..');
const WEBHOOK_ENV = { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '1s' };

type Memory = { rss: number; heapUsed: number };

function memoryNow(): Memory {
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

// ---------------------------------------------------------------------------------------------
// The worker being measured (`--worker`): the real runtime plus a memory probe.

async function runWorker(): Promise<void> {
  const runtime = await startRuntime(parseConfig(process.env));
  const gc = (globalThis as { gc?: () => void }).gc;
  let peak = memoryNow();
  const sample = () => {
    const now = memoryNow();
    peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) };
  };
  const timer = setInterval(sample, 10);
  const commands = createInterface({ input: process.stdin });
  commands.on('line', (command) => {
    if (command === 'mark') {
      // What earlier work left behind is collected; the peak starts from here.
      gc?.();
      peak = memoryNow();
      process.stdout.write(`mark ${JSON.stringify(peak)}\n`);
    } else if (command === 'peak') {
      sample();
      process.stdout.write(`peak ${JSON.stringify(peak)}\n`);
    }
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    commands.close();
    void runtime.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  commands.once('close', stop);
  process.stdout.write('ready\n');
}

// ---------------------------------------------------------------------------------------------
// The measuring side.

type Worker = { ask(command: 'mark' | 'peak'): Promise<Memory>; stop(): Promise<void> };

async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'scripts/bench-webhooks.ts', '--worker'],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  });
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    output.push(line);
    waiting.shift()?.(line);
  });
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`the worker exited with ${code}:\n${output.join('\n')}`)),
    ),
  );
  exited.catch(() => {});
  const ready = await Promise.race([nextLine(), exited]);
  if (ready !== 'ready') throw new Error(`the worker said: ${ready}`);
  return {
    async ask(command) {
      const answer = nextLine();
      child.stdin?.write(`${command}\n`);
      const line = await Promise.race([answer, exited]);
      if (!line.startsWith(`${command} `)) throw new Error(`the worker said: ${line}`);
      return JSON.parse(line.slice(command.length + 1)) as Memory;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await stopped;
    },
  };
}

/** A local endpoint: verifies every delivery and counts distinct webhook-ids. */
async function startReceiver() {
  const ids = new Set<string>();
  let verifier: Webhook | null = null;
  let bad = 0;
  let onCount: (() => void) | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = request.headers as Record<string, string>;
      try {
        verifier?.verify(Buffer.concat(chunks).toString('utf8'), headers);
        ids.add(headers['webhook-id'] ?? '');
      } catch {
        bad += 1;
      }
      response.writeHead(204).end();
      onCount?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    get bad() {
      return bad;
    },
    useSecret(secret: string) {
      verifier = new Webhook(secret);
    },
    /** Resolves once `count` distinct deliveries have arrived. */
    untilCount(count: number) {
      return new Promise<void>((resolve) => {
        onCount = () => {
          if (ids.size >= count) resolve();
        };
        onCount();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function main() {
  const receiver = await startReceiver();
  try {
    const result = await withBenchServer(
      { env: WEBHOOK_ENV },
      async ({ url, sql, runtime, databaseUrl, dataDir }) => {
        const client = member(url);
        const email = `bench-webhooks-${Date.now()}@example.com`;
        await client.request('POST', '/api/auth/signup', {
          name: 'Bench',
          email,
          password: 'correct horse battery',
        });
        const { rows } = await sql.query('select id from users where email = $1', [email]);
        const userId = rows[0].id as string;
        const { ctx } = runtime;
        const events = new WebhookEvents({
          repository: new WebhooksRepository(ctx.db),
          queue: ctx.queue,
          downloadLinks: ctx.downloadLinks,
          clock: ctx.clock,
          jobExpirySeconds: deliveryJobExpirySeconds(ctx.config.webhooks.timeoutSeconds),
        });
        // About what a one-scene video.completed carries (its storyboard is the bulk of it).
        const video = {
          id: '1',
          title: 'Harbour at dawn',
          description: 'Fishing boats slip out of a quiet harbour at dawn.'.repeat(3),
          status: 'completed',
          generatedPrompt: JSON.stringify({ scenes: [{ narration: 'x'.repeat(1200) }] }),
          downloadUrl: `${url}/api/media-downloads?key=users/x/video.mp4&signature=${'s'.repeat(43)}`,
        };
        const endpoint = await client.request<{ id: string; secret: string }>(
          'POST',
          '/api/webhook-endpoints',
          { url: receiver.url, events: ['video.completed'] },
        );
        receiver.useSecret(endpoint.secret);
        const worker = await startWorker({
          ...WEBHOOK_ENV,
          ROLES: 'worker',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          DEMO_CLIPS: 'false',
        });
        const rounds = [];
        try {
          for (const kind of ROUNDS) {
            const before = await worker.ask('mark');
            const target = receiver.ids.size + EVENTS;
            const started = performance.now();
            if (kind === 'http') {
              let next = 0;
              await Promise.all(
                Array.from({ length: SENDERS }, async () => {
                  while (next < EVENTS) {
                    next += 1;
                    await client.request('POST', `/api/webhook-endpoints/${endpoint.id}/test`);
                  }
                }),
              );
            } else {
              await inTransaction(ctx.pool, async (tx) => {
                for (let index = 0; index < EVENTS; index++) {
                  await events.emit(tx.db, userId, 'video.completed', video);
                }
              });
            }
            const written = performance.now() - started;
            await receiver.untilCount(target);
            const delivered = performance.now() - started;
            const during = await worker.ask('peak');
            // Give the last batch time to complete before collecting.
            await new Promise((resolve) => setTimeout(resolve, 1000));
            const after = await worker.ask('mark');
            rounds.push({
              kind,
              writtenMs: written,
              deliveredMs: delivered,
              /** From the first event written (http) or from the commit (burst) to the last one in. */
              eventsPerSecond:
                EVENTS / ((kind === 'http' ? delivered : delivered - written) / 1000),
              before,
              during,
              after,
            });
          }
        } finally {
          await worker.stop();
        }
        return { events: EVENTS, senders: SENDERS, rounds, badSignatures: receiver.bad };
      },
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await receiver.close();
  }
}

if (process.argv.includes('--worker')) {
  void runWorker();
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
