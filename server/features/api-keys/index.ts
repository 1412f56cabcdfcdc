// The api-keys feature's public face: the service (keys made, listed, revoked, resolved, and
// counted against their monthly caps), its repository for the composition root, and its routes.
export { ApiKeysRepository } from './repository';
export { apiKeyRoutes } from './routes';
export { ApiKeysService, hashApiKey, type KeyGrant } from './service';
