// Starts the roles named by ROLES on one database and returns a handle that stops them in the
// right order, within SHUTDOWN_TIMEOUT_SECONDS whatever is running: hand running renders back to
// the queue, stop taking requests, stop the queue, close the pool, stop PostgreSQL.

import { type Clock, systemClock } from '../clock';
import type { Config } from '../config';
import { createDatabase } from '../db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';
import { loadAuthSecret } from '../features/auth/secret';
import { startPublicationSweeper } from '../features/publishing/publication-worker';
import { startDemoClips } from '../generation/demo-clip-warmup';
import { checkConfiguredModels } from '../generation/models';
import { startOrphanSweeper } from '../generation/render-leases';
import { StockRepository } from '../generation/stock/stock-repository';
import { removeStaleRenderFolders } from '../generation/work-folders';
import type { RouteEntry } from '../http/route-table';
import { createLogger, type Logger } from '../logger';
import { Outbox } from '../mail/mailer';
import { JobQueue } from '../queue/queue';
import { RealtimeBus } from '../realtime/bus';
import { createSocketServer } from '../realtime/socket-server';
import { setRenderLimits } from '../render-limits';
import { holdPreparation } from '../render-threads/preparation-pool';
import { type AppContext, createContext } from './context';
import { buildApp } from './http-app';
import { createJobHandlers } from './queue-handlers';

export type Runtime = {
  ctx: AppContext;
  /** The API's address when the api role runs. */
  url: string | null;
  /** The API's routes when the api role runs (empty otherwise). */
  routes: readonly RouteEntry[];
  /** Stops everything, each step within what is left of SHUTDOWN_TIMEOUT_SECONDS. */
  stop(): Promise<void>;
  /**
   * For a process about to exit before `stop` could finish: asks the embedded PostgreSQL to shut
   * itself down (it would outlive us otherwise). Synchronous, so it runs even then.
   */
  abandon(): void;
};

/** Kept for closing the pool and stopping PostgreSQL, however long the steps before them take. */
const DATABASE_STOP_RESERVE_MS = 4000;

export async function startRuntime(
  config: Config,
  options: { clock?: Clock; log?: Logger; clientDir?: string; ephemeralDatabase?: boolean } = {},
): Promise<Runtime> {
  const log = options.log ?? createLogger(config.logLevel);
  const roles = new Set(config.roles);
  setRenderLimits(config.renderLimits);
  type Stop = {
    name: string;
    /** Gets the milliseconds it may take; a step past them is left behind and the next goes on. */
    stop: (budgetMs: number) => Promise<void>;
    /** The database's own steps, which run in the reserve the others may not use. */
    database?: boolean;
  };
  const stops: Stop[] = [];
  const onStop = (name: string, stop: Stop['stop'], database = false) =>
    stops.push({ name, stop, database });
  let abandonDatabase = () => {};
  const stopAll = async () => {
    const deadline = Date.now() + config.shutdownTimeoutSeconds * 1000;
    // Last started, first stopped; taken off the list so a second call stops nothing twice.
    for (const { name, stop, database } of stops.splice(0).reverse()) {
      const remaining = deadline - Date.now();
      const reserve = database ? 0 : Math.min(DATABASE_STOP_RESERVE_MS, remaining / 2);
      const budgetMs = Math.max(0, remaining - reserve);
      log.debug(`stopping ${name}`);
      let timer: NodeJS.Timeout | undefined;
      const overran = new Promise<'overran'>((resolve) => {
        timer = setTimeout(() => resolve('overran'), budgetMs);
      });
      const outcome = await Promise.race([
        stop(budgetMs).catch((error) => log.error({ err: error }, `error while stopping ${name}`)),
        overran,
      ]);
      clearTimeout(timer);
      if (outcome === 'overran') log.warn(`stopping ${name} took too long; going on without it`);
    }
  };

  try {
    // Before anything starts: a retired model is the operator's to fix, not the members' to hit.
    await checkConfiguredModels(config, log);
    let connectionString = config.databaseUrl;
    if (!connectionString) {
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        ephemeral: options.ephemeralDatabase ?? false,
        // A server still stopping on this DATA_DIR gets this long to finish before we refuse.
        waitForPreviousMs: config.shutdownTimeoutSeconds * 1000,
        log: {
          info: (message) => log.info(message),
          warn: (message) => log.warn(message),
          debug: (message) => log.debug(message),
        },
      });
      onStop('embedded PostgreSQL', () => embedded.stop(), true);
      abandonDatabase = () => embedded.abandon();
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
    onStop('database pool', closePool, true);

    const [queue, authSecret] = await Promise.all([
      JobQueue.start({ connectionString, roles: config.roles, log }),
      loadAuthSecret(config.authSecret, config.dataDir),
    ]);
    onStop('job queue', (budgetMs) => queue.stop(budgetMs));

    const ctx = createContext({
      config,
      db,
      pool,
      clock: options.clock ?? systemClock,
      queue,
      log,
      authSecret,
    });

    if (config.webhooks.allowPrivate) {
      log.warn(
        'WEBHOOKS_ALLOW_PRIVATE=true: webhook endpoints may be on loopback and private networks, so a member can make this server call services on its own network. For tests and local setups only; link-local and cloud metadata addresses stay refused.',
      );
    }

    // A Kokoro server's voices are read from it (a few seconds at most; retried when listed).
    await ctx.voices.discover({ warn: (message) => log.warn(message) });

    if (roles.has('worker')) {
      onStop('preparation threads', holdPreparation());
      await queue.work(
        createJobHandlers({
          members: ctx.services.members,
          rateLimits: ctx.repositories.rateLimits,
          clock: ctx.clock,
          pipeline: ctx.pipeline,
          providerRenders: ctx.providerRenders,
          engineRunner: ctx.services.engineRunner,
          log,
          uploads: ctx.services.uploads,
          storyboards: ctx.services.storyboards,
          publications: ctx.publicationWorker,
          heldPublications: ctx.services.publications,
          sendEmail: Outbox.handler({ mailer: ctx.mailer, sealer: ctx.mailSealer }),
          sendPasswordReset: (payload) =>
            ctx.services.accountAccess.sendQueuedPasswordReset(payload),
          pruneExpiredLinks: () => ctx.services.accountAccess.pruneExpiredLinks(),
          pruneStockCache: () => new StockRepository(ctx.db).pruneCache(ctx.clock.now()),
          webhooks: ctx.webhookDeliverer,
          pruneWebhookDeliveries: () => ctx.services.webhooks.pruneDeliveries(),
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
      onStop(
        'lost publication sweeper',
        startPublicationSweeper(ctx.publicationWorker, {
          leaseSeconds: config.renderLeaseSeconds,
          log,
        }),
      );
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
        sessionOf: (headers) => ctx.services.auth.socketSession(headers),
        config,
        log,
      });
      url = await app.listen({ port: config.port, host: config.host });
      routes = app.routeTable;
      onStop('HTTP server', async (budgetMs) => {
        // Requests under way get most of the time left; then their connections are cut (a slow
        // download must not hold the process past its shutdown timeout).
        const cut = setTimeout(() => app.server.closeAllConnections(), budgetMs * 0.8);
        try {
          await app.close();
        } finally {
          clearTimeout(cut);
        }
      });
      const unsubscribe = await RealtimeBus.subscribe(connectionString, realtime.deliver, log);
      onStop('realtime', async () => {
        await unsubscribe();
        await realtime.close();
      });
    }
    if (roles.has('worker')) {
      // First of all: renders stop at once and go back to the queue, for another worker or for
      // this one after its restart (no loss is counted).
      onStop('renders', (budgetMs) => ctx.pipeline.stop(budgetMs / 2));
      // Uploads stop at once too, each handed back from its last checkpoint.
      onStop('uploads', async () => ctx.publicationWorker.stop());
    }
    log.info(
      `Reelforge is running (${config.roles.join(', ')})${url ? ` on ${config.publicUrl}` : ''}`,
    );
    if (roles.has('api')) await reportUnclaimedAdminEmails(ctx, log);
    return { ctx, url, routes, stop: stopAll, abandon: () => abandonDatabase() };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * An ADMIN_EMAILS address gives admin rights only once a member has verified it: the operator is
 * told which addresses have none yet, and how to verify one when no mail server is set up.
 */
async function reportUnclaimedAdminEmails(ctx: AppContext, log: Logger): Promise<void> {
  const unclaimed = await ctx.services.members.adminEmailsWithoutVerifiedMember();
  if (unclaimed.length === 0) return;
  const how =
    ctx.mailer.kind === 'log'
      ? 'No SMTP_URL is set, so that email is written to this log: find "Verify your email for Reelforge" and open its link (the banner in the app sends a new one).'
      : 'Open the link in the "Verify your email for Reelforge" message (the banner in the app sends a new one).';
  log.warn(
    `ADMIN_EMAILS: no verified member has ${unclaimed.join(', ')} yet, so nobody holds admin rights through ${unclaimed.length === 1 ? 'it' : 'them'}. Sign up (or sign in) with the address and verify it. ${how}`,
  );
}
