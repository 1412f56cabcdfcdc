// Builds the Fastify app for the api role: plugins, the error map, the cross-site guard, every
// feature's routes, and the web client.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { accountDataRoutes } from '../features/account';
import { adminRoutes } from '../features/admin';
import { apiKeyRoutes } from '../features/api-keys';
import { authRoutes, createSessionGuards } from '../features/auth';
import { clientConfigRoutes } from '../features/client-config';
import { creditsRoutes } from '../features/credits';
import { demoClipRoutes } from '../features/demo-clips';
import { engineRoutes } from '../features/engine';
import { healthRoutes, startEventLoopMonitor } from '../features/health';
import { libraryRoutes } from '../features/library';
import { mcpRoutes } from '../features/mcp';
import { notificationRoutes } from '../features/notifications';
import { paymentRoutes } from '../features/payments';
import { promptRoutes } from '../features/prompts';
import { publishingRoutes } from '../features/publishing';
import { referralRoutes } from '../features/referrals';
import { statsRoutes } from '../features/stats';
import { mediaRoutes, signedDownloadRoutes } from '../features/stored-media';
import { storyboardRoutes } from '../features/storyboards';
import { submissionRoutes } from '../features/submissions';
import { uploadRoutes } from '../features/uploads';
import { videoRoutes } from '../features/videos';
import { voiceSettingsRoutes } from '../features/voice-settings';
import { voiceRoutes } from '../features/voices';
import { webhookRoutes } from '../features/webhooks';
import { registerCallerConcurrency } from '../http/caller-concurrency';
import { registerClientApp } from '../http/client-app';
import { errorHandler } from '../http/error-handler';
import { type App, createFastify } from '../http/fastify';
import { registerHostCheck } from '../http/host-check';
import { registerApiDocs, responseSerializer } from '../http/openapi';
import { createOriginCheck } from '../http/origin-check';
import { registerRateLimits } from '../http/rate-limit';
import { recordRouteTable } from '../http/route-table';
import { addServerTiming } from '../http/server-timing';
import { refuseNulCharacters } from '../http/text-guard';
import type { AppContext } from './context';

export async function buildApp(
  ctx: AppContext,
  options: { clientDir?: string } = {},
): Promise<App> {
  const app = createFastify({ log: ctx.log, trustProxy: ctx.config.trustProxy });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(ctx.config.responseCheck));
  app.setErrorHandler(errorHandler);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  recordRouteTable(app);
  if (ctx.config.serverTiming) addServerTiming(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Shared videos and their posters are embedded by other sites' link previews.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // JSON answers travel compressed (a library page is mostly repeated keys). Brotli at a low
  // quality: at its default (11) a large answer takes longer to squeeze than to send. Before the
  // static client, whose files are compressed once at build time. Compressed request bodies are
  // not accepted: nothing we serve sends them, and they would only be a way to inflate one.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  registerHostCheck(app, ctx.config);
  app.addHook('onRequest', createOriginCheck(ctx.config.publicUrl));
  app.addHook('preValidation', refuseNulCharacters);
  registerCallerConcurrency(app);
  await registerRateLimits(app, { counters: ctx.repositories.rateLimits, clock: ctx.clock });

  await registerApiDocs(app);
  // Each route plugin is given the services it uses, never the whole context.
  const { services, config } = ctx;
  const guards = createSessionGuards(services);
  const eventLoop = startEventLoopMonitor();
  app.addHook('onClose', async () => eventLoop.stop());
  await app.register(healthRoutes({ pool: ctx.pool, queue: ctx.queue, eventLoop }));
  await app.register(
    authRoutes(
      {
        auth: services.auth,
        members: services.members,
        accountAccess: services.accountAccess,
        security: services.security,
        socialSignIn: services.socialSignIn,
        config,
      },
      guards,
    ),
  );
  await app.register(accountDataRoutes(services, guards));
  await app.register(apiKeyRoutes(services, guards));
  await app.register(adminRoutes(services, guards));
  await app.register(statsRoutes(services));
  await app.register(clientConfigRoutes({ config, sceneSources: services.sceneSources }));
  await app.register(creditsRoutes(services, guards));
  await app.register(uploadRoutes({ uploads: services.uploads, config }, guards));
  await app.register(promptRoutes(guards));
  await app.register(
    videoRoutes({ videos: services.videos, engineRunner: services.engineRunner, config }, guards),
  );
  await app.register(
    storyboardRoutes(
      { storyboards: services.storyboards, scenePictures: ctx.scenePictures, config },
      guards,
    ),
  );
  await app.register(libraryRoutes(services, guards));
  await app.register(engineRoutes(services, guards));
  await app.register(submissionRoutes({ submissions: services.submissions, config }, guards));
  await app.register(referralRoutes(services, guards));
  await app.register(notificationRoutes(services, guards));
  await app.register(voiceRoutes({ voices: ctx.voices }, guards));
  await app.register(voiceSettingsRoutes(services, guards));
  await app.register(
    publishingRoutes(
      {
        connections: services.connections,
        publications: services.publications,
        members: services.members,
        storage: ctx.storage,
        config,
      },
      guards,
    ),
  );
  await app.register(
    paymentRoutes({ payments: services.payments, billing: services.billing, config }, guards),
  );
  await app.register(
    mediaRoutes({
      storage: ctx.storage,
      auth: services.auth,
      apiKeys: services.apiKeys,
      videos: services.videos,
    }),
  );
  await app.register(
    signedDownloadRoutes({
      storage: ctx.storage,
      downloadLinks: ctx.downloadLinks,
      now: () => ctx.clock.now(),
    }),
  );
  await app.register(webhookRoutes({ webhooks: services.webhooks }, guards));
  await app.register(demoClipRoutes({ storage: ctx.storage }));
  await app.register(
    mcpRoutes(
      {
        ...services,
        voices: ctx.voices,
        rateLimits: {
          counters: ctx.repositories.rateLimits,
          clock: ctx.clock,
          limits: config.rateLimits,
        },
      },
      guards,
    ),
  );
  await registerClientApp(app, options.clientDir, {
    watchPreview: async (videoId) => {
      const video = await ctx.services.library.sharedVideo(videoId).catch(() => null);
      if (!video) return null;
      const absolute = (address: string) => new URL(address, ctx.config.publicUrl).toString();
      return {
        title: video.title,
        description: video.description,
        imageUrl: video.thumbnailUrl ? absolute(video.thumbnailUrl) : null,
        videoUrl: absolute(video.videoUrl),
        pageUrl: absolute(`/watch/${videoId}`),
      };
    },
  });
  return app;
}
