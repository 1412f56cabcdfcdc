// One GET to a stock service: a short time limit, the answer's status, JSON and headers, and
// failures to reach it as StockUnavailable. Keys never reach a message (Pixabay's is in the URL).
import { type StockProvider, type StockRateHeaders, StockUnavailable } from './stock-types';

/** A search is a small JSON answer: a service slower than this is treated as down for the shot. */
export const STOCK_SEARCH_TIMEOUT_MS = 8_000;

export async function fetchStockJson(
  url: string,
  init: RequestInit,
  options: { provider: StockProvider; fetch?: typeof fetch; signal?: AbortSignal },
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const send = options.fetch ?? globalThis.fetch;
  const timeout = AbortSignal.timeout(STOCK_SEARCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await send(url, { ...init, signal });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw new StockUnavailable(
      options.provider,
      `${options.provider} could not be reached (${error instanceof Error ? error.name : 'error'})`,
    );
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  if (response.ok) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new StockUnavailable(options.provider, `${options.provider} sent an unreadable answer`);
    }
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * The X-RateLimit-* headers of a 2xx answer. Pexels' Reset is a UNIX time; Pixabay's is the
 * seconds left in the window.
 */
export function rateHeaders(
  headers: Headers,
  reset: 'epoch-seconds' | 'seconds-left',
  now = Date.now(),
): StockRateHeaders | null {
  const number = (name: string) => {
    const value = headers.get(name);
    if (value === null || value.trim() === '') return null;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  };
  const limit = number('x-ratelimit-limit');
  const remaining = number('x-ratelimit-remaining');
  const resetValue = number('x-ratelimit-reset');
  if (limit === null && remaining === null && resetValue === null) return null;
  const resetAt =
    resetValue === null
      ? null
      : reset === 'epoch-seconds'
        ? resetValue * 1000
        : now + resetValue * 1000;
  return { limit, remaining, resetAt };
}
