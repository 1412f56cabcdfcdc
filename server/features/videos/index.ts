// The videos feature's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.
export { presentGeneratedVideo, presentRequest, publicAsset } from './presenter';
export type { GeneratedVideoRow, VideoRequestRow } from './repository';
export { videoRoutes } from './routes';
export type { VideosService } from './service';
