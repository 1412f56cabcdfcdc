// What every call we make to another service shares, whichever feature makes it (video and image
// providers, voices, the planner, publishing platforms): reading a Retry-After, and a base URL
// without its trailing slash.

/** Retry-After as milliseconds: a number of seconds or an HTTP date; undefined when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function trimSlash(url: string): string {
  return url.trim().replace(/\/+$/u, '');
}
