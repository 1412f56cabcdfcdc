// GET /api/client-config: run-time settings the web client needs (checkout links or server-made
// checkouts, support address, Discord invite, sign-in providers). Public: all of it is what the
// pages show anyway.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ClientConfig, clientConfigSchema } from '../../../shared/schemas/client-config';
import type { Config } from '../../config';
import type { SceneSources } from '../../generation/scene-sources';
import { offeredSocialProviders } from '../auth';

export function clientConfigRoutes({
  config,
  sceneSources,
}: {
  config: Config;
  sceneSources: Pick<SceneSources, 'offered' | 'defaultSource'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/client-config',
      { schema: { response: { 200: clientConfigSchema } } },
      async () => {
        const body: ClientConfig = {
          paymentLinks: config.paymentLinks,
          publicUrl: config.publicUrl,
          supportEmail: config.supportEmail,
          discordInviteUrl: config.discordInviteUrl,
          checkoutSessions: config.stripe.secretKey !== null,
          sceneSources: sceneSources.offered(),
          defaultSceneSource: sceneSources.defaultSource(),
          socialProviders: offeredSocialProviders(config.socialSignIn),
        };
        return body;
      },
    );
  };
}
