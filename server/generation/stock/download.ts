// Downloads a stock file into a render's folder (Pixabay forbids hotlinking; we keep our copy),
// stopping at the size limit whatever the server claimed, within a time limit.
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { limitBytes } from '../../byte-limit';
import { STOCK_MAX_FILE } from './stock-footage';

/** A 50 MB clip on a slow link still arrives; a stalled one does not hold the render. */
export const STOCK_DOWNLOAD_TIMEOUT_MS = 60_000;

export class StockDownloadFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StockDownloadFailed';
  }
}

export async function downloadStockFile(
  url: string,
  file: string,
  options: { signal?: AbortSignal; fetch?: typeof fetch; maxBytes?: number } = {},
): Promise<number> {
  const maxBytes = options.maxBytes ?? STOCK_MAX_FILE.bytes;
  const timeout = AbortSignal.timeout(STOCK_DOWNLOAD_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await (options.fetch ?? globalThis.fetch)(url, { signal, redirect: 'follow' });
  if (!response.ok || !response.body) {
    throw new StockDownloadFailed(`the stock file answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new StockDownloadFailed('the stock file is larger than we take');
  }
  const written = createWriteStream(file);
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      limitBytes(maxBytes, () => new StockDownloadFailed('the stock file is larger than we take')),
      written,
      { signal },
    );
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
  return written.bytesWritten;
}
