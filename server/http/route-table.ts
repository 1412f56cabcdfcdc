// Keeps the list of every route the app registers, so tests (and the API document's check) can go
// through all of them: a new route cannot be left out of them by forgetting to list it.
import type { FastifyInstance } from 'fastify';

export type RouteEntry = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every method and path registered so far (HEAD, which Fastify adds for each GET, left out). */
    routeTable: readonly RouteEntry[];
  }
}

/** Call before registering routes. */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') table.push({ method, url: route.url });
    }
  });
}
