// Which API-key scope each member route belongs to (docs/automation.md has the same table). A
// route listed here may be called with `Authorization: Bearer rf_…` by a key holding its scope;
// a member route not listed takes a browser session only (account changes, the data export,
// platform connections, webhooks, keys, submissions, billing changes), and admin routes never take
// a key. The route table test checks that every member route is either listed or meant to be
// session-only, so a new route cannot join a scope by accident.
import type { ApiKeyScope } from '../../shared/schemas/api-keys';

export const ROUTE_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  // videos:read: videos, folders, voices, scene sources, storyboards, publications.
  'GET /api/videos': 'videos:read',
  'GET /api/videos/summary': 'videos:read',
  'GET /api/videos/:id/versions': 'videos:read',
  'GET /api/video-creation-requests': 'videos:read',
  'GET /api/folders': 'videos:read',
  'GET /api/user-folders': 'videos:read',
  'GET /api/voices': 'videos:read',
  'GET /api/storyboards': 'videos:read',
  'GET /api/storyboards/:id': 'videos:read',
  'GET /api/storyboards/:id/scenes/:number/speech': 'videos:read',
  'GET /api/storyboard-visuals': 'videos:read',
  'GET /api/stock-thumbnails': 'videos:read',
  'GET /api/publications': 'videos:read',
  'GET /api/videos/:id/publications': 'videos:read',
  'GET /api/advanced-mode-template': 'videos:read',
  'GET /api/viral-prompts': 'videos:read',
  'GET /api/sample-data': 'videos:read',
  // videos:write: create, storyboards, remix, delete, folders, favourites, combine, uploads.
  'POST /api/video-creation-requests': 'videos:write',
  'DELETE /api/video-creation-requests/:id': 'videos:write',
  'DELETE /api/video-generated-content/:id': 'videos:write',
  'PATCH /api/videos/:id/retry': 'videos:write',
  'POST /api/combine-videos': 'videos:write',
  'POST /api/storyboards': 'videos:write',
  'PATCH /api/storyboards/:id': 'videos:write',
  'DELETE /api/storyboards/:id': 'videos:write',
  'POST /api/storyboards/:id/render': 'videos:write',
  'POST /api/videos/:id/remix': 'videos:write',
  'POST /api/videos/:id/versions/:version/restore': 'videos:write',
  'PATCH /api/videos/:id/assign-folder': 'videos:write',
  'PATCH /api/videos/:id/favorite': 'videos:write',
  'PATCH /api/videos/:id/visibility': 'videos:write',
  'POST /api/user-folders': 'videos:write',
  'DELETE /api/user-folders/:id': 'videos:write',
  'POST /api/upload-image': 'videos:write',
  'POST /api/upload-clip': 'videos:write',
  // publish: publishing to connected platforms (and what TikTok asks before a post).
  'POST /api/videos/:id/publish': 'publish',
  'POST /api/videos/:id/approve': 'publish',
  'GET /api/connections/tiktok/creator-info': 'publish',
  // jobs: Creator Engine jobs.
  'GET /api/video-jobs': 'jobs',
  'POST /api/video-jobs': 'jobs',
  'PATCH /api/video-jobs/:id': 'jobs',
  'DELETE /api/video-jobs/:id': 'jobs',
  'POST /api/video-jobs/:id/unlink': 'jobs',
  // account:read: credits, plan, ledger.
  'GET /api/credits': 'account:read',
  'GET /api/credits/ledger': 'account:read',
  'GET /api/billing': 'account:read',
};

/** The scope a route needs from a key ("GET /api/videos"), or null: browser session only. */
export function scopeOf(method: string, routeUrl: string): ApiKeyScope | null {
  const asked = method === 'HEAD' ? 'GET' : method;
  return ROUTE_SCOPES[`${asked} ${routeUrl}`] ?? null;
}
