// The uploads feature's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.

export { detectImageType, IMAGE_SIGNATURE_BYTES, type ImageType } from './image-type';
export { uploadJobHandlers } from './jobs';
export { uploadRoutes } from './routes';
export type { UploadsService } from './service';
