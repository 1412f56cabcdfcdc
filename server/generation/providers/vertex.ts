// Veo 3.1 GA on Vertex AI, with a service account: POST
// publishers/google/models/{model}:predictLongRunning, then POST …:fetchPredictOperation with the
// operation's name until it is done; with no storageUri asked for, the video comes back inline as
// bytesBase64Encoded. 8 s clips with native audio, 16:9 or 9:16, image-to-video from the
// member's image.
// Shapes: https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/veo-video-generation
// (request instances[].{prompt, image: {bytesBase64Encoded, mimeType}} and parameters
// {aspectRatio, durationSeconds 4|6|8, sampleCount, generateAudio, resolution}; the done operation's
// response {raiMediaFilteredCount, raiMediaFilteredReasons, videos: [{bytesBase64Encoded | gcsUri,
// mimeType}]}). The access token comes from google-auth-library and travels as a Bearer header;
// the calls themselves are google-client.ts's.
import { readFile } from 'node:fs/promises';
import { GoogleAuth, type GoogleAuthOptions } from 'google-auth-library';
import { trimSlash } from '../../outbound/http';
import { dataUrl, readVeoOperation, responseFromDataUrl, veoRequest } from './google';
import { createGoogleClient } from './google-client';
import type { ProviderHttpOptions } from './http';
import { type PollResult, ProviderError, type SceneJob, type VideoProvider } from './provider';

export const VERTEX_DEFAULT_MODEL = 'veo-3.1-fast-generate-001';
export const VERTEX_DEFAULT_LOCATION = 'us-central1';

/** Where google-auth-library sends a service account's signed grant, whatever its key says. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const STORAGE_BASE_URL = 'https://storage.googleapis.com/storage/v1';

/** A google.longrunning.Operation as fetchPredictOperation answers it for Veo. */
type VertexOperation = {
  name: string;
  done?: boolean;
  error?: { code?: number; message?: string };
  response?: {
    raiMediaFilteredCount?: number;
    raiMediaFilteredReasons?: string[];
    videos?: { bytesBase64Encoded?: string; gcsUri?: string; mimeType?: string }[];
  };
};

export type VertexProviderOptions = ProviderHttpOptions & {
  /** A service-account key file (GOOGLE_APPLICATION_CREDENTIALS); without one, ADC is asked. */
  credentialsFile?: string | null;
  /** The key's JSON itself, in place of a file. */
  credentials?: object;
  project: string;
  location?: string | null;
  model?: string | null;
  /** The API's origin, without /v1: https://{location}-aiplatform.googleapis.com by default. */
  baseUrl?: string | null;
  /** Where the signed grant goes: the key's token_uri by default, else Google's. */
  tokenUrl?: string | null;
};

/** Vertex AI's endpoint for a location; the global location has no regional prefix. */
export function vertexBaseUrl(location: string): string {
  return location === 'global'
    ? 'https://aiplatform.googleapis.com'
    : `https://${location}-aiplatform.googleapis.com`;
}

export function createVertexProvider(options: VertexProviderOptions): VideoProvider {
  const location = options.location || VERTEX_DEFAULT_LOCATION;
  const model = options.model ?? VERTEX_DEFAULT_MODEL;
  const base = trimSlash(options.baseUrl ?? vertexBaseUrl(location));
  const modelPath = `projects/${encodeURIComponent(options.project)}/locations/${encodeURIComponent(location)}/publishers/google/models/${encodeURIComponent(model)}`;
  const send = options.fetch ?? globalThis.fetch;
  const accessToken = tokenSource(options);
  const authorized = async (json: boolean) => ({
    authorization: `Bearer ${await accessToken()}`,
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  const google = createGoogleClient({ ...options, base, model, auth: authorized });

  return {
    name: 'vertex',
    model,
    // Veo 3.1 makes 4, 6 or 8 s; scenes are 8 s.
    clipSeconds: () => 8,
    async submit(job: SceneJob, signal?: AbortSignal) {
      const body = veoRequest(job, { sampleCount: 1, generateAudio: true });
      const operation = await google.submit<VertexOperation>(
        `${base}/v1/${modelPath}:predictLongRunning`,
        body,
        signal,
      );
      // The operation's name carries its model: polled there even if the setting changes.
      const owner = operation.name.split('/operations/')[0] ?? modelPath;
      return {
        externalId: operation.name,
        statusUrl: `${base}/v1/${owner}:fetchPredictOperation`,
      };
    },
    async poll(handle, signal): Promise<PollResult> {
      const operation = await google.modelCall<VertexOperation>(
        handle.statusUrl ?? `${base}/v1/${modelPath}:fetchPredictOperation`,
        {
          method: 'POST',
          body: JSON.stringify({ operationName: handle.externalId }),
          signal,
          what: 'job',
          json: true,
        },
      );
      return readVeoOperation('Vertex Veo', operation, () => {
        const answer = operation.response;
        const video = answer?.videos?.find((sample) => sample.bytesBase64Encoded || sample.gcsUri);
        const outputUrl = video?.bytesBase64Encoded
          ? dataUrl(video.bytesBase64Encoded, video.mimeType ?? '')
          : video?.gcsUri;
        return { outputUrl, filtered: answer };
      });
    },
    async cancel(handle, signal) {
      // google.longrunning's cancel; Vertex may not honour it for a prediction, which the caller
      // shrugs off (best effort).
      await google.call(`${base}/v1/${handle.externalId}:cancel`, {
        method: 'POST',
        body: '{}',
        signal,
        what: 'job',
        json: true,
      });
    },
    async fetchOutput(outputUrl, signal) {
      if (outputUrl.startsWith('data:')) return responseFromDataUrl(outputUrl);
      if (outputUrl.startsWith('gs://')) {
        // A bucket object (when a storageUri was set on the project's side): Cloud Storage's JSON
        // API with the same token.
        const [bucket = '', ...object] = outputUrl.slice('gs://'.length).split('/');
        const url = `${STORAGE_BASE_URL}/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(object.join('/'))}?alt=media`;
        return send(url, { headers: await authorized(false), redirect: 'follow', signal });
      }
      return send(outputUrl, { redirect: 'follow', signal });
    },
    checkModel(signal) {
      // The Model Garden's publisher model: GET v1/publishers/google/models/{model}.
      return google.checkModel(
        `${base}/v1/publishers/google/models/${encodeURIComponent(model)}`,
        signal,
      );
    },
  };
}

/**
 * A function answering a current access token for the service account, refreshed by
 * google-auth-library before it expires. The key is read once, on first use; a failure is
 * forgotten so the next call reads it again.
 *
 * google-auth-library v10 posts a service account's signed grant to oauth2.googleapis.com
 * whatever the key's token_uri says (its gtoken getToken has the URL built in). To honour
 * token_uri, or `tokenUrl`, the library is given a fetch that sends that one URL there instead.
 */
function tokenSource(options: VertexProviderOptions): () => Promise<string> {
  const send = options.fetch ?? globalThis.fetch;
  let auth: Promise<GoogleAuth> | null = null;

  const makeAuth = async (): Promise<GoogleAuth> => {
    const key = (options.credentials ??
      (options.credentialsFile
        ? JSON.parse(await readFile(options.credentialsFile, 'utf8'))
        : undefined)) as { token_uri?: unknown } | undefined;
    const keyTokenUrl = typeof key?.token_uri === 'string' ? key.token_uri : undefined;
    const tokenUrl = options.tokenUrl ?? keyTokenUrl;
    const fetchImplementation: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return send(tokenUrl && url === GOOGLE_TOKEN_URL ? tokenUrl : input, init);
    };
    return new GoogleAuth({
      ...(key ? { credentials: key as GoogleAuthOptions['credentials'] } : {}),
      scopes: [CLOUD_PLATFORM_SCOPE],
      clientOptions: { transporterOptions: { fetchImplementation } },
    });
  };

  return async () => {
    try {
      auth ??= makeAuth();
      const token = await (await auth).getAccessToken();
      if (!token) throw new Error('no access token in the answer');
      return token;
    } catch (error) {
      auth = null;
      throw credentialsError(error);
    }
  };
}

/**
 * A failed token exchange as a ProviderError: a refused grant (400/401/403) is final, anything
 * else (the token server unreachable or failing) passes. Only the status and the library's
 * message are kept: its error carries the request, and so the signed grant.
 */
function credentialsError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const failed = error as { status?: unknown; response?: { status?: unknown } } | null;
  const status = failed?.response?.status ?? failed?.status;
  const code = typeof status === 'number' ? status : null;
  const message = error instanceof Error ? error.message : String(error);
  if (code !== null && code >= 400 && code < 500 && code !== 408 && code !== 429) {
    return new ProviderError('The video provider rejected our Google Cloud credentials.', {
      status: code,
      transient: false,
      cause: `token exchange: HTTP ${code} ${message}`,
    });
  }
  if (code === null && !isNetworkError(error)) {
    // A key file that is missing or unreadable: no retry will mend it.
    return new ProviderError('The Google Cloud credentials could not be read.', {
      status: null,
      transient: false,
      cause: message,
    });
  }
  return new ProviderError('The video provider could not be reached.', {
    status: code,
    transient: true,
    cause: `token exchange: ${code === null ? '' : `HTTP ${code} `}${message}`,
  });
}

/** A failure to reach the token server (refused, reset, timed out), not a bad key. */
function isNetworkError(error: unknown): boolean {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${error instanceof Error ? error.message : ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|fetch failed|socket|network|timeout/iu.test(
    text,
  );
}
