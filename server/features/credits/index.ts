// The credits feature's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.
export { addMonthsClamped } from './allowance-period';
export { creditsRoutes } from './routes';
export type { CreditsService, LowBalanceListener } from './service';
