// The exports feature's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.
export type { ExportsService } from './service';
