// The publishing feature's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.
export type { ConnectionsService } from './connections';
export { publishingJobHandlers } from './jobs';
export { publishingRoutes } from './routes';
export type { PublicationsService } from './service';
