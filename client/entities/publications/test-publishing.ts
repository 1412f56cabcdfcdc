// Publishing fixtures for tests of the Publish dialog, the library's badges, the job form and the
// realtime layer.
import type { Connection, Publication, TikTokCreatorInfo } from '@shared/schemas/publishing';

export function makeConnection(overrides: Partial<Connection> & Pick<Connection, 'platform'>) {
  return {
    available: true,
    setupHint: null,
    accountName: null,
    connectedAt: null,
    status: null,
    ...overrides,
  } satisfies Connection;
}

/** YouTube and TikTok connected, Instagram offered but not connected. */
export const testConnections: Connection[] = [
  makeConnection({
    platform: 'youtube',
    accountName: 'Harbour Channel',
    connectedAt: '2026-11-01T09:00:00.000Z',
    status: 'connected',
  }),
  makeConnection({
    platform: 'tiktok',
    accountName: 'harbour.tok',
    connectedAt: '2026-11-01T09:00:00.000Z',
    status: 'connected',
  }),
  makeConnection({ platform: 'instagram' }),
];

export const testCreatorInfo: TikTokCreatorInfo = {
  nickname: 'Harbour Tok',
  username: 'harbour.tok',
  avatarUrl: null,
  privacyLevelOptions: ['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  maxVideoPostDurationSec: 600,
  commentDisabled: false,
  duetDisabled: false,
  stitchDisabled: false,
};

export function makePublication(overrides: Partial<Publication> = {}): Publication {
  return {
    id: 1,
    videoId: 41,
    videoVersion: 1,
    holdUntil: null,
    platform: 'youtube',
    status: 'queued',
    title: 'Harbour at dusk',
    privacy: 'public',
    postUrl: null,
    error: null,
    progress: 0,
    jobId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    publishedAt: null,
    ...overrides,
  };
}
