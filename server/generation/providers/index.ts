// Builds the configured video provider: the one place that knows every provider by name.
import { createFalProvider } from './fal';
import type { ProviderHttpOptions } from './http';
import type { VideoProvider } from './provider';
import { createReplicateProvider } from './replicate';
import { createVeoProvider } from './veo';

export type ProviderSettings = ProviderHttpOptions & {
  provider: 'veo' | 'fal' | 'replicate';
  apiKey: string;
  baseUrl: string | null;
  model: string | null;
  imageField?: string | null;
};

export function createVideoProvider(settings: ProviderSettings): VideoProvider {
  switch (settings.provider) {
    case 'veo':
      return createVeoProvider(settings);
    case 'fal':
      return createFalProvider(settings);
    case 'replicate':
      return createReplicateProvider(settings);
  }
}
