// A stand-in for the Gemini API's models get, for the Veo adapter's start-up model check.
// test/fake-providers' Veo fake has no models route: this one answers the default Veo model,
// the shut-down Veo 3.1 preview as Google does (404 "is no longer available", naming its
// replacement), any other id as not found, and a wrong key as Google's 403.
import { VEO_DEFAULT_MODEL } from '../../server/generation/providers/veo';
import { type Received, serve } from './serve';

export const VEO_RETIRED_MODEL = 'veo-3.1-generate-preview';
export const VEO_RETIRED_ANSWER = {
  error: {
    code: 404,
    message: `models/${VEO_RETIRED_MODEL} is no longer available. Please use gemini-omni-1.1-flash instead.`,
    status: 'NOT_FOUND',
  },
};

export async function startVeoModels(
  apiKey: string,
): Promise<{ baseUrl: string; received: Received[]; close(): Promise<void> }> {
  return serve((request, respond) => {
    if (request.headers['x-goog-api-key'] !== apiKey) {
      respond(403, {
        error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' },
      });
      return;
    }
    const model = request.path.split('/').at(-1) ?? '';
    if (model === VEO_DEFAULT_MODEL) {
      respond(200, { name: `models/${model}`, supportedGenerationMethods: ['predictLongRunning'] });
    } else if (model === VEO_RETIRED_MODEL) {
      respond(404, VEO_RETIRED_ANSWER);
    } else {
      respond(404, { error: { code: 404, message: `models/${model} is not found.` } });
    }
  }, '/v1beta');
}
