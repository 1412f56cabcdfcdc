// The composition root: builds repositories and services once per process from the database,
// queue, clock and configuration. Routes and job handlers receive services, never raw SQL.

import path from 'node:path';
import type pg from 'pg';
import type { Platform } from '../../shared/schemas/publishing';
import { normalizeTier } from '../../shared/tiers';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AccountDeletionService } from '../features/account/deletion';
import { AccountExportService } from '../features/account/export';
import { AccountRepository } from '../features/account/repository';
import { WatermarkRepository } from '../features/account/watermark-repository';
import { WatermarkService } from '../features/account/watermark-service';
import { OperatorAlerts } from '../features/admin/operator-alerts';
import { AdminService } from '../features/admin/service';
import { ApiKeysRepository, ApiKeysService } from '../features/api-keys';
import { AccountAccessService } from '../features/auth/account-access';
import { AccountTokensRepository } from '../features/auth/account-tokens';
import { type Auth, createAuth } from '../features/auth/better-auth';
import { SecurityService } from '../features/auth/security';
import { AuthService } from '../features/auth/service';
import { SignInThrottle } from '../features/auth/sign-in-throttle';
import { offeredSocialProviders } from '../features/auth/social-providers';
import { SocialSignIn } from '../features/auth/social-sign-in';
import { CreditsRepository } from '../features/credits/repository';
import { CreditsService } from '../features/credits/service';
import { EngineRepository } from '../features/engine/repository';
import { EngineRunner } from '../features/engine/runner';
import { EngineService } from '../features/engine/service';
import { ExportsService } from '../features/exports/service';
import { LibraryRepository } from '../features/library/repository';
import { LibraryService } from '../features/library/service';
import { MembersRepository } from '../features/members/repository';
import { MembersService } from '../features/members/service';
import { NotificationsRepository } from '../features/notifications/repository';
import { NotificationsService } from '../features/notifications/service';
import { BillingService } from '../features/payments/billing-service';
import { PaymentsRepository } from '../features/payments/repository';
import { PaymentsService } from '../features/payments/service';
import { StripeGateway } from '../features/payments/stripe-gateway';
import { ConnectionsService } from '../features/publishing/connections';
import { createMediaLinks } from '../features/publishing/media-links';
import { configuredPlatforms } from '../features/publishing/platforms';
import type {
  Publisher,
  TikTokCreatorInfoSource,
} from '../features/publishing/platforms/publisher';
import { createPublishers } from '../features/publishing/platforms/publishers';
import { PublicationWorker } from '../features/publishing/publication-worker';
import { PublicationsRepository } from '../features/publishing/repository';
import { PublicationsService } from '../features/publishing/service';
import { createTokenCipher } from '../features/publishing/token-cipher';
import { ReferralsRepository } from '../features/referrals/repository';
import { ReferralsService } from '../features/referrals/service';
import { StatsService } from '../features/stats/service';
import { createDownloadLinks, type DownloadLinks } from '../features/stored-media';
import { StoryboardsRepository } from '../features/storyboards/repository';
import { ScenePictures } from '../features/storyboards/scene-pictures';
import { StoryboardsService } from '../features/storyboards/service';
import { SubmissionsRepository } from '../features/submissions/repository';
import { SubmissionsService } from '../features/submissions/service';
import { TiersService } from '../features/tiers/service';
import { UploadsRepository } from '../features/uploads/repository';
import { UploadsService } from '../features/uploads/service';
import { VideosRepository } from '../features/videos/repository';
import { VideosService } from '../features/videos/service';
import { VoiceSettingsRepository } from '../features/voice-settings/repository';
import { VoiceSettingsService } from '../features/voice-settings/service';
import {
  deliveryJobExpirySeconds,
  WebhookDeliverer,
  WebhookEvents,
  WebhooksService,
} from '../features/webhooks';
import { WebhooksRepository } from '../features/webhooks/repository';
import { createLimiter, type Limiter } from '../generation/limiter';
import { configuredModels } from '../generation/models';
import { RenderPipeline } from '../generation/pipeline';
import { createPlanner } from '../generation/planner/planner';
import { type ModelLine, ProviderRenders } from '../generation/provider-renders';
import { ProviderTasksRepository } from '../generation/provider-tasks-repository';
import type { ImageProvider, VideoProvider } from '../generation/providers/provider';
import { RenderLifecycle } from '../generation/render-lifecycle';
import { RenderRepository } from '../generation/render-repository';
import { type PricedModel, SceneSources } from '../generation/scene-sources';
import { StockRepository } from '../generation/stock/stock-repository';
import { StockFootage } from '../generation/stock/stock-source';
import { createStockThumbnails } from '../generation/stock/stock-thumbnails';
import { RateLimitRepository } from '../http/rate-limit-repository';
import type { Logger } from '../logger';
import { createMailer, type Mailer, type MailSealer, Outbox } from '../mail/mailer';
import { createSafeFetch } from '../outbound/safe-fetch';
import type { JobQueue } from '../queue/queue';
import { RealtimeBus } from '../realtime/bus';
import { S3Storage } from '../storage/s3-storage';
import { LocalDiskStorage, type Storage } from '../storage/storage';
import { createVoices, type Voices } from '../voice/voices';

/** What the process provides: configuration, connections, clock, logger. */
type Infrastructure = {
  config: Config;
  db: Database;
  pool: pg.Pool;
  clock: Clock;
  queue: JobQueue;
  log: Logger;
};

export type AppContext = Infrastructure & {
  auth: Auth;
  storage: Storage;
  bus: RealtimeBus;
  /** The voices narration is spoken in. */
  voices: Voices;
  repositories: {
    members: MembersRepository;
    rateLimits: RateLimitRepository;
    credits: CreditsRepository;
    videos: VideosRepository;
  };
  services: {
    tiers: TiersService;
    engine: EngineService;
    engineRunner: EngineRunner;
    members: MembersService;
    auth: AuthService;
    stats: StatsService;
    credits: CreditsService;
    /** Personal API keys: made, listed, revoked, resolved, and counted against their caps. */
    apiKeys: ApiKeysService;
    videos: VideosService;
    storyboards: StoryboardsService;
    uploads: UploadsService;
    library: LibraryService;
    notifications: NotificationsService;
    submissions: SubmissionsService;
    referrals: ReferralsService;
    admin: AdminService;
    exports: ExportsService;
    payments: PaymentsService;
    billing: BillingService;
    voiceSettings: VoiceSettingsService;
    alerts: OperatorAlerts;
    sceneSources: SceneSources;
    connections: ConnectionsService;
    publications: PublicationsService;
    /** "Continue with Google / GitHub": the start and the provider's return. */
    socialSignIn: SocialSignIn;
    /** A member's data as a zip (GDPR export). */
    accountExport: AccountExportService;
    /** Deleting an account: confirmed, then erased in one transaction, media after. */
    accountDeletion: AccountDeletionService;
    /** The member's own watermark (Elite): saved, shown and removed. */
    watermarks: WatermarkService;
    accountAccess: AccountAccessService;
    security: SecurityService;
    /** A member's webhook endpoints (Profile → Webhooks) and their delivery log. */
    webhooks: WebhooksService;
  };
  /** Sends what the outbox queued (SMTP_URL, or the log). */
  mailer: Mailer;
  /** Seals queued mail, as it seals platform tokens. */
  mailSealer: MailSealer;
  pipeline: RenderPipeline;
  /** Uploads to YouTube, TikTok and Instagram, one `publish-video` job at a time. */
  publicationWorker: PublicationWorker;
  /** Durable generation with a paid video or image model; null with neither configured. */
  providerRenders: ProviderRenders | null;
  /** Claims, progress, completion and failure of renders, saved and published. */
  lifecycle: RenderLifecycle;
  /** This process's ffmpeg slots, shared by renders and background work. */
  limitFfmpeg: Limiter;
  /** The offline pictures as the storyboard editor loads them. */
  scenePictures: ScenePictures;
  /** Sends webhook deliveries, one `deliver-webhook` job at a time. */
  webhookDeliverer: WebhookDeliverer;
  /** Signed, expiring download links (a webhook's `downloadUrl`). */
  downloadLinks: DownloadLinks;
};

/** The services route plugins and job handlers are given (each takes only the ones it uses). */
export type AppServices = AppContext['services'];

export function createContext(deps: Infrastructure & { authSecret: string }): AppContext {
  const { config, db, clock, log } = deps;
  const auth = createAuth({
    db,
    secret: deps.authSecret,
    publicUrl: config.publicUrl,
    social: config.socialSignIn,
    log: {
      error: (message) => log.error(message),
      warn: (message) => log.warn(message),
      info: (message) => log.info(message),
      debug: (message) => log.debug(message),
    },
  });
  const repositories = {
    members: new MembersRepository(db),
    rateLimits: new RateLimitRepository(db),
    credits: new CreditsRepository(),
    videos: new VideosRepository(db),
  };
  const storage: Storage = config.s3
    ? new S3Storage(config.s3)
    : new LocalDiskStorage(path.join(config.dataDir, 'media'));
  const bus = new RealtimeBus(deps.pool, log);
  const voices = createVoices(config);
  const apiKeys = new ApiKeysService(new ApiKeysRepository(db), clock);
  const webhooksRepository = new WebhooksRepository(db);
  const downloadLinks = createDownloadLinks(deps.authSecret, config.publicUrl);
  const webhookJobExpirySeconds = deliveryJobExpirySeconds(config.webhooks.timeoutSeconds);
  // Every webhook event is written inside the transaction that causes it (features/webhooks).
  const webhookEvents = new WebhookEvents({
    repository: webhooksRepository,
    queue: deps.queue,
    downloadLinks,
    clock,
    jobExpirySeconds: webhookJobExpirySeconds,
  });
  const credits = new CreditsService(
    db,
    repositories.credits,
    clock,
    apiKeys,
    (tx, holder, balance) => webhookEvents.creditsLow(tx, holder.id, balance, holder.memberLevel),
  );
  const notifications = new NotificationsService(db, new NotificationsRepository(), bus, clock);
  const tiers = new TiersService({
    pool: deps.pool,
    members: repositories.members,
    credits,
    notifications,
    clock,
  });
  const members = new MembersService(repositories.members, config, clock, tiers);
  const referrals = new ReferralsService({
    pool: deps.pool,
    db,
    members: repositories.members,
    referrals: new ReferralsRepository(),
    credits,
    notifications,
    publicUrl: config.publicUrl,
  });
  const tokenCipher = createTokenCipher(config.publishing.tokenKey, deps.authSecret);
  const mailer = createMailer(config.mail, log);
  // Queued mail is sealed with the token key: a message can carry a one-time link.
  const outbox = new Outbox({ queue: deps.queue, sealer: tokenCipher, log });
  const accountTokens = new AccountTokensRepository(db);
  const accountAccess = new AccountAccessService({
    auth,
    db,
    pool: deps.pool,
    tokens: accountTokens,
    members: repositories.members,
    referrals,
    outbox,
    queue: deps.queue,
    sealer: tokenCipher,
    throttle: new SignInThrottle(repositories.rateLimits, clock),
    counters: repositories.rateLimits,
    rateLimits: config.rateLimits,
    notifications,
    publicUrl: config.publicUrl,
    clock,
    log,
  });
  const connections = new ConnectionsService({
    db,
    pool: deps.pool,
    cipher: tokenCipher,
    platforms: configuredPlatforms(config.publishing),
    publicUrl: config.publicUrl,
    clock,
    notifications,
    log,
  });
  const publishers = createPublishers(config.publishing);
  const mediaLinks = createMediaLinks(deps.authSecret, config.publicUrl);
  const publicationsRepository = new PublicationsRepository(db);
  const publications = new PublicationsService({
    pool: deps.pool,
    repository: publicationsRepository,
    connections,
    queue: deps.queue,
    bus,
    notifications,
    mediaLinks,
    offered: Object.keys(publishers) as Platform[],
    tiktok: (publishers.tiktok as (Publisher & TikTokCreatorInfoSource) | undefined) ?? null,
    clock,
    webhookEvents,
  });
  const publicationWorker = new PublicationWorker({
    pool: deps.pool,
    repository: publicationsRepository,
    connections,
    publishers,
    publications,
    storage,
    mediaLinks,
    cipher: tokenCipher,
    queue: deps.queue,
    bus,
    notifications,
    clock,
    log,
    leaseSeconds: config.renderLeaseSeconds,
    webhookEvents,
  });
  // Demo clips wait for two idle seconds: members often send several videos in a row.
  const limitFfmpeg = createLimiter(config.renderConcurrency, { idleGraceMs: 2000 });
  const lifecycle = new RenderLifecycle({
    pool: deps.pool,
    repository: new RenderRepository(db),
    queue: deps.queue,
    bus,
    log,
    leaseSeconds: config.renderLeaseSeconds,
    refund: (tx, request) =>
      credits.refundVideo(tx, request.userId, {
        requestId: request.id,
        attempt: request.attempts,
        title: request.title,
      }),
    // A Creator Engine job's video goes where the job publishes, in the completing transaction;
    // the member's webhooks hear of the video (and of its run, if that was all it was waiting for).
    completing: async (tx, request, video) => {
      await publications.publishCompletedJobVideo(tx, {
        requestId: request.id,
        jobId: request.jobId,
        content: video,
      });
      await webhookEvents.videoCompleted(tx.db, request, video);
    },
    failing: (tx, request) => webhookEvents.videoFailed(tx.db, request),
    onCompleted: (request) => referrals.rewardFirstVideo(request.userId),
  });
  const alerts = new OperatorAlerts(db);
  const models = configuredModels(config);
  const memberLevel = async (userId: string) =>
    normalizeTier((await repositories.members.findById(userId))?.memberLevel);
  const providerRenders =
    models.video || models.image
      ? new ProviderRenders({
          pool: deps.pool,
          lifecycle,
          tasks: new ProviderTasksRepository(db),
          storage,
          queue: deps.queue,
          video: models.video,
          image: models.image,
          alerts,
          memberLevel,
          settings: {
            timeoutSeconds: config.video.timeoutSeconds,
            pollSeconds: config.video.pollSeconds,
            lostPollSeconds: config.renderLeaseSeconds,
          },
          log,
        })
      : null;
  const stock =
    config.stock.length > 0
      ? new StockFootage({
          settings: config.stock,
          repository: new StockRepository(db),
          storage,
          log,
          now: () => clock.now(),
        })
      : null;
  const sceneSources = new SceneSources({
    video: models.video && pricedModel(models.video),
    image: models.image && pricedModel(models.image),
    stock: stock !== null,
  });
  const planner = createPlanner(
    { llmBaseUrl: config.llm.baseUrl, llmApiKey: config.llm.apiKey, llmModel: config.llm.model },
    { log },
  );
  const pipeline = new RenderPipeline({
    lifecycle,
    providerRenders,
    storage,
    planner,
    voices,
    limitFfmpeg,
    music: config.renderMusic,
    stock,
    log,
  });
  const videos = new VideosService(
    deps.pool,
    repositories.videos,
    credits,
    deps.queue,
    bus,
    storage,
    voices,
    sceneSources,
    config.inProgressLimits,
    providerRenders,
  );
  const engineRepository = new EngineRepository(db);
  const paymentsRepository = new PaymentsRepository(db);
  // Stripe's API is called only with a secret key; webhooks need just their signing secret.
  const stripeGateway = config.stripe.secretKey
    ? new StripeGateway(config.stripe.secretKey, config.stripe.apiBaseUrl)
    : null;
  const accountRepository = new AccountRepository(db);
  const services = {
    accountExport: new AccountExportService({ repository: accountRepository, storage, clock, log }),
    accountDeletion: new AccountDeletionService({
      pool: deps.pool,
      auth,
      repository: accountRepository,
      storage,
      connections,
      stripe: stripeGateway,
      throttle: new SignInThrottle(repositories.rateLimits, clock),
      clock,
      log,
    }),
    watermarks: new WatermarkService({ repository: new WatermarkRepository(db), storage, log }),
    accountAccess,
    security: new SecurityService({ auth, db, tokens: accountTokens }),
    connections,
    publications,
    alerts,
    sceneSources,
    tiers,
    members,
    credits,
    videos,
    storyboards: new StoryboardsService({
      pool: deps.pool,
      stock,
      stockThumbnails: createStockThumbnails({
        authSecret: deps.authSecret,
        endpointHosts: config.stock.flatMap((entry) =>
          entry.baseUrl && URL.canParse(entry.baseUrl) ? [new URL(entry.baseUrl).host] : [],
        ),
      }),
      db,
      repository: new StoryboardsRepository(db),
      videos,
      planner,
      voiceLanguage: (voiceId) => voices.language(voiceId),
      speak: (request) => voices.speak(request),
      storage,
      clock,
      log,
    }),
    uploads: new UploadsService(storage, new UploadsRepository(db), clock),
    library: new LibraryService(deps.pool, new LibraryRepository(db), credits, storage, (voiceId) =>
      voices.language(voiceId),
    ),
    engine: new EngineService(
      deps.pool,
      engineRepository,
      bus,
      storage,
      clock,
      voices,
      (userId, platform) => publications.assertCanPublish(userId, platform),
    ),
    voiceSettings: new VoiceSettingsService(new VoiceSettingsRepository(db), voices),
    engineRunner: new EngineRunner({
      pool: deps.pool,
      repository: engineRepository,
      notifications,
      videos,
      storage,
      clock,
      log,
      webhookEvents,
    }),
    webhooks: new WebhooksService({
      pool: deps.pool,
      repository: webhooksRepository,
      events: webhookEvents,
      cipher: tokenCipher,
      clock,
      allowPrivate: config.webhooks.allowPrivate,
    }),
    auth: new AuthService(
      auth,
      members,
      repositories.members,
      new SignInThrottle(repositories.rateLimits, clock),
      referrals,
    ),
    stats: new StatsService(repositories.members, config.earlyAccessActive),
    apiKeys,
    notifications,
    referrals,
    submissions: new SubmissionsService({
      pool: deps.pool,
      repository: new SubmissionsRepository(db),
      members: repositories.members,
      credits,
      notifications,
      clock,
      tiers,
    }),
    admin: new AdminService({
      pool: deps.pool,
      members: repositories.members,
      credits,
      tiers,
      notifications,
      stripe: stripeGateway,
      clock,
      log,
    }),
    exports: new ExportsService(deps.pool),
    payments: new PaymentsService({
      pool: deps.pool,
      repository: paymentsRepository,
      members: repositories.members,
      tiers,
      credits,
      referrals,
      notifications,
      settings: config.stripe,
      gateway: stripeGateway,
      clock,
      log,
    }),
    billing: new BillingService({
      config,
      repository: paymentsRepository,
      tiers,
      gateway: stripeGateway,
      log,
    }),
  };
  const socialSignIn = new SocialSignIn({
    auth,
    accounts: services.auth,
    referrals,
    providers: offeredSocialProviders(config.socialSignIn),
    publicUrl: config.publicUrl,
    log,
  });
  return {
    ...deps,
    auth,
    storage,
    bus,
    voices,
    repositories,
    services: { ...services, socialSignIn },
    pipeline,
    providerRenders,
    lifecycle,
    limitFfmpeg,
    scenePictures: new ScenePictures(),
    publicationWorker,
    mailer,
    mailSealer: tokenCipher,
    webhookDeliverer: new WebhookDeliverer({
      pool: deps.pool,
      repository: webhooksRepository,
      queue: deps.queue,
      cipher: tokenCipher,
      notifications,
      fetcher: createSafeFetch({
        allowPrivate: config.webhooks.allowPrivate,
        timeoutMs: config.webhooks.timeoutSeconds * 1000,
      }),
      clock,
      log,
      retryScheduleSeconds: config.webhooks.retryScheduleSeconds,
      jobExpirySeconds: webhookJobExpirySeconds,
    }),
    downloadLinks,
  };
}

/** A model line as the estimate before submitting sees it. */
function pricedModel(line: ModelLine<VideoProvider | ImageProvider>): PricedModel {
  const defaultModel = line.model ?? line.providerFor(null).model;
  return {
    provider: line.providerFor(null).name,
    modelFor: (level) => line.modelByPlan[level] ?? defaultModel,
    priceOf: line.priceOf,
  };
}
