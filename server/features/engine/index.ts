// The Creator Engine's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.
export { engineJobHandlers } from './jobs';
export { engineRoutes } from './routes';
export type { EngineRunner } from './runner';
export type { EngineService } from './service';
