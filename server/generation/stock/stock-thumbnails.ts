// Stock thumbnails served from our own origin: the picker's previews live on Pexels' and Pixabay's
// image hosts, which our Content-Security-Policy does not name (and Pixabay forbids hotlinking).
// A thumbnail link is signed with a key derived from the auth secret, so our fetcher only asks for
// URLs a service's answer gave us, and only on the services' image hosts, never following a
// redirect, within a size and a time limit.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { limitBytes } from '../../byte-limit';
import { createLinkSigner } from '../../signed-links';

/** Where the picker loads a stock thumbnail from. */
export const STOCK_THUMBNAIL_PATH = '/api/stock-thumbnails';
/** A thumbnail is a few tens of kB; anything far larger is not one. */
export const STOCK_THUMBNAIL_MAX_BYTES = 1024 * 1024;
export const STOCK_THUMBNAIL_TIMEOUT_MS = 8_000;

/** The services' image hosts (their API answers' thumbnails live there). */
export const STOCK_IMAGE_HOSTS = ['images.pexels.com', 'cdn.pixabay.com', 'pixabay.com'] as const;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export type StockThumbnail = { bytes: Buffer; contentType: string };

export type StockThumbnails = {
  /** The thumbnail at `url` as the picker loads it: our path, the URL and its signature. */
  link(url: string): string;
  /** The image at a link's URL when its signature is ours and its host a service's; else null. */
  fetch(url: string, signature: string, signal?: AbortSignal): Promise<StockThumbnail | null>;
};

export function createStockThumbnails(options: {
  authSecret: string;
  /** Hosts of configured service endpoints (a local stand-in), allowed over plain HTTP too. */
  endpointHosts?: readonly string[];
  fetch?: typeof fetch;
}): StockThumbnails {
  const signer = createLinkSigner(
    options.authSecret,
    'reelforge-stock-thumbnails',
    'thumbnail links',
  );
  const endpointHosts = new Set(options.endpointHosts ?? []);
  const allowed = (url: URL) =>
    (url.protocol === 'https:' &&
      (STOCK_IMAGE_HOSTS as readonly string[]).includes(url.hostname)) ||
    ((url.protocol === 'https:' || url.protocol === 'http:') && endpointHosts.has(url.host));

  return {
    link(url) {
      const query = new URLSearchParams({ url, signature: signer.sign(url) });
      return `${STOCK_THUMBNAIL_PATH}?${query.toString()}`;
    },
    async fetch(url, signature, signal) {
      if (!signer.matches(url, signature)) return null;
      const parsed = URL.canParse(url) ? new URL(url) : null;
      if (!parsed || !allowed(parsed)) return null;
      const timeout = AbortSignal.timeout(STOCK_THUMBNAIL_TIMEOUT_MS);
      const response = await (options.fetch ?? globalThis.fetch)(parsed, {
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      }).catch(() => null);
      const contentType = response?.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
      if (!response?.ok || !response.body || !IMAGE_TYPES.has(contentType)) {
        await response?.body?.cancel().catch(() => undefined);
        return null;
      }
      try {
        const chunks: Buffer[] = [];
        await pipeline(
          Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
          limitBytes(STOCK_THUMBNAIL_MAX_BYTES, () => new Error('the thumbnail is too large')),
          async (source: AsyncIterable<Buffer>) => {
            for await (const chunk of source) chunks.push(chunk);
          },
        );
        return { bytes: Buffer.concat(chunks), contentType };
      } catch {
        return null;
      }
    },
  };
}
