// Starts the roles named by ROLES on one database and returns a handle that stops them in the
// right order: stop taking requests, let running jobs finish, close the pool, stop PostgreSQL.

import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import { type AppContext, createContext } from './context';
import { createDatabase } from './db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';
import { loadAuthSecret } from './features/auth/secret';
import { startDemoClips } from './generation/demo-clips';
import { startOrphanSweeper } from './generation/render-leases';
import { removeStaleRenderFolders } from './generation/work-folders';
import { buildApp } from './http/app';
import type { RouteEntry } from './http/route-table';
import { createJobHandlers } from './jobs/handlers';
import { JobQueue } from './jobs/queue';
import { createLogger, type Logger } from './logger';
import { RealtimeBus } from './realtime/bus';
import { createSocketServer } from './realtime/socket-server';

export type Runtime = {
  ctx: AppContext;
  /** The API's address when the api role runs. */
  url: string | null;
  /** The API's routes when the api role runs (empty otherwise). */
  routes: readonly RouteEntry[];
  stop(): Promise<void>;
};

export async function startRuntime(
  config: Config,
  options: { clock?: Clock; log?: Logger; clientDir?: string; ephemeralDatabase?: boolean } = {},
): Promise<Runtime> {
  const log = options.log ?? createLogger(config.logLevel);
  const roles = new Set(config.roles);
  const stops: Array<{ name: string; stop: () => Promise<void> }> = [];
  const onStop = (name: string, stop: () => Promise<void>) => stops.push({ name, stop });
  const stopAll = async () => {
    // Last started, first stopped; taken off the list so a second call stops nothing twice.
    for (const { name, stop } of stops.splice(0).reverse()) {
      log.debug(`stopping ${name}`);
      await stop().catch((error) => log.error({ err: error }, `error while stopping ${name}`));
    }
  };

  try {
    let connectionString = config.databaseUrl;
    if (!connectionString) {
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        ephemeral: options.ephemeralDatabase ?? false,
        log: {
          info: (message) => log.info(message),
          warn: (message) => log.warn(message),
          debug: (message) => log.debug(message),
        },
      });
      onStop('embedded PostgreSQL', () => embedded.stop());
      connectionString = embedded.connectionString;
    }

    await runMigrations(connectionString);
    const {
      db,
      pool,
      close: closePool,
    } = createDatabase(connectionString, {
      onIdleError: (error) => log.warn({ err: error }, 'idle database connection failed'),
    });
    onStop('database pool', closePool);

    const [queue, authSecret] = await Promise.all([
      JobQueue.start({ connectionString, roles: config.roles, log }),
      loadAuthSecret(config.authSecret, config.dataDir),
    ]);
    onStop('job queue', () => queue.stop());

    const ctx = createContext({
      config,
      db,
      pool,
      clock: options.clock ?? systemClock,
      queue,
      log,
      authSecret,
    });

    if (roles.has('worker')) {
      await queue.work(
        createJobHandlers({
          users: ctx.services.users,
          rateLimits: ctx.repositories.rateLimits,
          clock: ctx.clock,
          pipeline: ctx.pipeline,
          providerRenders: ctx.providerRenders,
          jobRunner: ctx.services.jobRunner,
          log,
          uploads: ctx.services.uploads,
        }),
        { interactiveConcurrency: config.renderConcurrency },
      );
      // A video that outranks everything this worker renders (a member's turn while another
      // floods, Elite behind Free work) starts at once instead of after a render ends.
      queue.workAhead('render-video', {
        regularConsumers: config.renderConcurrency,
        inHand: () => ctx.pipeline.renders(),
        handle: (payload) => ctx.pipeline.run(payload, { ahead: true }),
      });
      // Renders killed midway left their temporary folders behind.
      removeStaleRenderFolders().catch((error) =>
        log.warn({ err: error }, 'could not clear old render folders'),
      );
      const stopSweeper = startOrphanSweeper({
        lifecycle: ctx.lifecycle,
        providerRenders: ctx.providerRenders,
        log,
        leaseSeconds: config.renderLeaseSeconds,
      });
      onStop('orphaned render sweeper', stopSweeper);
      if (config.demoClips) {
        const demo = startDemoClips(ctx.storage, log, ctx.limitFfmpeg);
        onStop('demo clips', demo.stop);
      }
    }
    if (roles.has('scheduler')) await queue.schedule();

    let url: string | null = null;
    let routes: readonly RouteEntry[] = [];
    if (roles.has('api')) {
      const app = await buildApp(ctx, { clientDir: options.clientDir });
      const realtime = createSocketServer({
        httpServer: app.server,
        auth: ctx.services.auth,
        config,
        log,
      });
      url = await app.listen({ port: config.port, host: config.host });
      routes = app.routeTable;
      onStop('HTTP server', () => app.close());
      const unsubscribe = await RealtimeBus.subscribe(connectionString, realtime.deliver, log);
      onStop('realtime', async () => {
        await unsubscribe();
        await realtime.close();
      });
    }
    log.info(
      `Reelforge is running (${config.roles.join(', ')})${url ? ` on ${config.publicUrl}` : ''}`,
    );
    return { ctx, url, routes, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
