// Shapes a stored publication into what GET /api/videos/{id}/publications, GET /api/publications
// and the socket's publicationUpdate carry. Tokens and checkpoints never leave the server.
import type {
  Platform,
  Privacy,
  Publication,
  PublicationStatus,
} from '../../../shared/schemas/publishing';
import type { PublicationRow } from './repository';

export function presentPublication(row: PublicationRow): Publication {
  return {
    id: row.id,
    videoId: row.videoId,
    videoVersion: row.videoVersion,
    holdUntil: row.holdUntil?.toISOString() ?? null,
    platform: row.platform as Platform,
    status: row.status as PublicationStatus,
    title: row.title,
    privacy: row.privacy as Privacy,
    postUrl: row.postUrl,
    error: row.error ?? row.note,
    progress: row.progress,
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}
