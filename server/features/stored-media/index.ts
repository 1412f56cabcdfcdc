// The stored-media feature's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.
export { createDownloadLinks, type DownloadLinks } from './download-links';
export { downloadName, mediaRoutes } from './routes';
export { GET_AND_HEAD, sendObject } from './send-object';
export { signedDownloadRoutes } from './signed-download-routes';
