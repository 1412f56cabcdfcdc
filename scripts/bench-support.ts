// What the benchmark scripts share: a free port, percentiles, and an HTTP client for a member (or
// admin) that keeps its session cookie, speaks JSON and sends the Origin the server expects.
import net from 'node:net';

/** A cookie-keeping JSON client. */
export function member(baseUrl: string) {
  const cookies = new Map<string, string>();
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookie,
    async request<T>(method: string, route: string, body?: unknown): Promise<T> {
      const response = await fetch(new URL(route, baseUrl), {
        method,
        headers: {
          origin: baseUrl,
          cookie: cookie(),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const index = pair.indexOf('=');
        cookies.set(pair.slice(0, index), pair.slice(index + 1));
      }
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** The value below which p percent of `values` fall (nearest rank). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
