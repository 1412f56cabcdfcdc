// The configured paid models, as the renders use them and as start-up checks them: a model
// that the provider has retired or does not know stops the server with the setting to change.
import { type Config, ConfigError, type VideoProviderName } from '../config';
import type { Logger } from '../logger';
import { imagePrice, videoPricePerSecond } from './prices';
import type { ModelLine } from './provider-renders';
import { createImageProvider, createVideoProvider } from './providers';
import type { ImageProvider, ModelCheck, VideoProvider } from './providers/provider';

/** The configured video and image models as the renders use them (null: none of that kind). */
export function configuredModels(config: Pick<Config, 'video' | 'image'>): {
  video: ModelLine<VideoProvider> | null;
  image: ModelLine<ImageProvider> | null;
} {
  const { video, image } = config;
  return {
    video:
      video.provider === 'local'
        ? null
        : {
            providerFor: onePerModel((model) =>
              createVideoProvider({
                provider: video.provider as Exclude<VideoProviderName, 'local'>,
                apiKey: video.apiKey ?? '',
                baseUrl: video.baseUrl,
                model,
                imageField: video.imageField,
                vertex: video.vertex,
              }),
            ),
            model: video.model,
            modelByPlan: video.modelByPlan,
            fallbacks: video.modelFallbacks,
            priceOf: (model) => videoPricePerSecond(model, video.costPerSecond),
          },
    image: image
      ? {
          providerFor: onePerModel((model) =>
            createImageProvider({ ...image, model: model ?? image.model }),
          ),
          model: image.model,
          modelByPlan: {},
          fallbacks: [],
          priceOf: (model) => imagePrice(image.provider, model, image.costPerImage),
        }
      : null,
  };
}

/**
 * One client per model for the life of the process: a client may hold what is costly to get
 * again (Vertex's access token, refreshed by google-auth-library only when it runs out).
 */
function onePerModel<P>(create: (model: string | null) => P): (model: string | null) => P {
  const clients = new Map<string | null, P>();
  return (model) => {
    let client = clients.get(model);
    if (client === undefined) {
      client = create(model);
      clients.set(model, client);
    }
    return client;
  };
}

/** How long start-up waits for a provider's answer about one model. */
const CHECK_TIMEOUT_MS = 15_000;

/**
 * Asks each provider once whether the configured models still serve. A retired or unknown model
 * throws a ConfigError naming the setting (and the replacement, where the provider names one);
 * a provider that cannot be reached only logs a warning, so an outage does not stop start-up.
 */
export async function checkConfiguredModels(
  config: Pick<Config, 'video' | 'image'>,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<void> {
  if (!config.video.checkModelsAtStart) return;
  const { video, image } = configuredModels(config);
  const checks: { setting: string; provider: VideoProvider | ImageProvider }[] = [];
  if (video) {
    const models = new Set<string | null>([video.model, ...Object.values(video.modelByPlan)]);
    for (const model of models) {
      const setting =
        model !== null && model !== video.model ? 'VIDEO_MODEL_BY_PLAN' : 'VIDEO_MODEL';
      checks.push({ setting, provider: video.providerFor(model) });
    }
  }
  if (image) checks.push({ setting: 'IMAGE_MODEL', provider: image.providerFor(image.model) });

  const problems: string[] = [];
  await Promise.all(
    checks.map(async ({ setting, provider }) => {
      let result: ModelCheck;
      try {
        result = (await provider.checkModel?.(AbortSignal.timeout(CHECK_TIMEOUT_MS))) ?? {
          state: 'unchecked',
        };
      } catch (error) {
        log.warn(
          { err: error },
          `could not check ${provider.name} model ${provider.model} at start; going on`,
        );
        return;
      }
      if (result.state === 'available') {
        log.info(`${provider.name} model ${provider.model} is available`);
        return;
      }
      if (result.state === 'unchecked') return;
      const what =
        result.state === 'retired'
          ? `is no longer available on ${provider.name}`
          : `is not a model ${provider.name} knows`;
      const replacement = result.replacement ? `; its replacement is ${result.replacement}` : '';
      problems.push(
        `  ${setting}: ${provider.model} ${what}${replacement}. Set ${setting} to a model that serves (${result.detail}).`,
      );
    }),
  );
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${problems.join('\n')}\nSee .env.example for every setting.`,
    );
  }
}
