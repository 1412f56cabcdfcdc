// The auth feature's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.
export { requireVerifiedEmail } from './account-access';
export type { Auth } from './better-auth';
export { authRoutes } from './routes';
export type { AuthService } from './service';
export { createSessionGuards } from './session-guards';
export type { SignInThrottle } from './sign-in-throttle';
export { offeredSocialProviders } from './social-providers';
