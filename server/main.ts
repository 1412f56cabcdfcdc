// Process entry point: read the configuration, start the roles, stop cleanly on SIGINT/SIGTERM.
import { ConfigError, parseConfig } from './config';
import { createLogger } from './logger';
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
    log.fatal({ err: error }, 'Reelforge could not start');
    process.exit(1);
  });

  // Stops once, whatever asks first; a crash during shutdown still finishes it, then exits 1.
  let stopping: Promise<void> | null = null;
  const stop = (reason: string, exitCode: number) => {
    if (exitCode) process.exitCode = exitCode;
    if (stopping) return;
    log.info(`${reason}: shutting down`);
    const forced = setTimeout(() => {
      log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 45_000);
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
