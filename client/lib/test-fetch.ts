// For client tests: stands in for the server at the fetch boundary. Answers `METHOD url` from a
// table (a function sees the request body) and records every call, with its body and headers.
import { vi } from 'vitest';

export type FakeReply = { status: number; body: unknown; contentType?: string };
export type FakeCall = {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
};

export function serveFetch(
  routes: Record<string, FakeReply | ((body: unknown) => FakeReply)>,
): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
      const route = routes[`${method} ${url}`];
      const reply = typeof route === 'function' ? route(body) : route;
      const {
        status,
        body: answer,
        contentType,
      } = reply ?? {
        status: 404,
        body: { message: 'Not found' },
      };
      return contentType
        ? new Response(answer as string, { status, headers: { 'content-type': contentType } })
        : new Response(JSON.stringify(answer), {
            status,
            headers: { 'content-type': 'application/json' },
          });
    }),
  );
  return calls;
}
