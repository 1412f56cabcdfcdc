// The storyboards feature's public face: what the composition root and other features may use
// (docs/server.md).
export { storyboardJobHandlers } from './jobs';
export { storyboardRoutes } from './routes';
export type { StoryboardsService } from './service';
