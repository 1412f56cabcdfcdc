// Process entry point: read the configuration, start the roles, stop cleanly on SIGINT/SIGTERM.
import { ConfigError, parseConfig } from '../config';
import { createLogger } from '../logger';
import { startRuntime } from './runtime';

async function main(): Promise<void> {
  let config: ReturnType<typeof parseConfig>;
  try {
    try {
      process.loadEnvFile();
    } catch {
      // No .env file: the environment alone configures the server.
    }
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const log = createLogger(config.logLevel);
  const runtime = await startRuntime(config, { log }).catch((error: unknown) => {
    // A configuration the providers turned down (a retired model) is told like any other.
    if (error instanceof ConfigError) console.error(error.message);
    else log.fatal({ err: error }, 'Reelforge could not start');
    process.exit(1);
  });

  // Stops once, whatever asks first; a crash during shutdown still finishes it, then exits 1.
  // Whatever is running, the process is gone within SHUTDOWN_TIMEOUT_SECONDS: the runtime keeps
  // each step within it, and this timer is the last word (renders cut short go back to the queue
  // through their leases; the embedded PostgreSQL is told to stop on its own).
  let stopping: Promise<void> | null = null;
  const stop = (reason: string, exitCode: number) => {
    if (exitCode) process.exitCode = exitCode;
    if (stopping) return;
    log.info(`${reason}: shutting down`);
    const forced = setTimeout(() => {
      log.error(`Shutdown took longer than ${config.shutdownTimeoutSeconds} s; exiting now`);
      runtime.abandon();
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    forced.unref();
    stopping = runtime.stop().finally(() => process.exit());
  };
  process.on('SIGINT', () => stop('SIGINT received', 0));
  process.on('SIGTERM', () => stop('SIGTERM received', 0));
  // A crash still stops the embedded PostgreSQL rather than leaving it running without us.
  const crash = (error: unknown) => {
    log.fatal({ err: error }, 'Reelforge crashed');
    stop('Crashed', 1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
}

void main();
