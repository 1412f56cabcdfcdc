// Builds the configured video and image providers: the one place that knows every provider by name.
import type { ImageSettings, VideoSettings } from '../../config';
import { createFalProvider } from './fal';
import { createGeminiOmniProvider } from './gemini-omni';
import type { ProviderHttpOptions } from './http';
import { createFalImageProvider } from './images/fal-image';
import { createGeminiImageProvider } from './images/gemini-image';
import { createReplicateImageProvider } from './images/replicate-image';
import type { ImageProvider, VideoProvider } from './provider';
import { createReplicateProvider } from './replicate';
import { createVeoProvider } from './veo';
import { createVertexProvider } from './vertex';

export type ProviderSettings = ProviderHttpOptions & {
  provider: Exclude<VideoSettings['provider'], 'local'>;
  apiKey: string;
  baseUrl: string | null;
  model: string | null;
  imageField?: string | null;
  vertex?: VideoSettings['vertex'];
};

export function createVideoProvider(settings: ProviderSettings): VideoProvider {
  switch (settings.provider) {
    case 'gemini':
      return createGeminiOmniProvider(settings);
    case 'vertex':
      return createVertexProvider({
        ...settings,
        project: settings.vertex?.project ?? '',
        location: settings.vertex?.location ?? 'us-central1',
        credentialsFile: settings.vertex?.credentialsFile ?? null,
      });
    case 'veo':
      return createVeoProvider(settings);
    case 'fal':
      return createFalProvider(settings);
    case 'replicate':
      return createReplicateProvider(settings);
  }
}

export function createImageProvider(
  settings: ProviderHttpOptions & Omit<ImageSettings, 'costPerImage'>,
): ImageProvider {
  switch (settings.provider) {
    case 'fal':
      return createFalImageProvider(settings);
    case 'replicate':
      return createReplicateImageProvider(settings);
    case 'gemini':
      return createGeminiImageProvider(settings);
  }
}
