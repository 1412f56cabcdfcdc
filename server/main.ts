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

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: shutting down`);
    const forced = setTimeout(() => {
      log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 45_000);
    forced.unref();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main();
