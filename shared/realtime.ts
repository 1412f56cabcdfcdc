// The Socket.IO event map (spec/api.md §7.8): names and payloads, typed for the server and client.
import type { MemberNotification } from './schemas/notifications';
import type { Publication } from './schemas/publishing';
import type { VideoStatus } from './schemas/videos';

export type VideoStatusUpdate = {
  /** `req-{n}` until the video exists, then the video's integer id (on completed). */
  videoId: string | number;
  requestId: number;
  status: VideoStatus;
  title: string;
  progress: number;
  errorMessage: string | null;
};

export type VideoProgressUpdate = {
  videoId: string;
  requestId: number;
  progress: number;
  /**
   * Each scene's own progress (0–100, in scene order) while our renderer draws them; a scene a
   * remix reuses is 100 at once. Absent while planning, joining, or when a model makes the scenes.
   */
  scenes?: number[];
};

export type JobDeleted = { jobName: string; videosUnlinked: number; jobId: number };

export type ServerToClientEvents = {
  authenticated: (payload: { roomName: string }) => void;
  auth_error: (payload: { message: string }) => void;
  videoStatusUpdate: (payload: VideoStatusUpdate) => void;
  videoProgress: (payload: VideoProgressUpdate) => void;
  job_deleted: (payload: JobDeleted) => void;
  /** A message for the member (a reviewed submission, a grant): shown as a toast, kept in the list. */
  notification: (payload: MemberNotification) => void;
  /** A publication to YouTube, TikTok or Instagram changed status (or upload progress). */
  publicationUpdate: (payload: Publication) => void;
};

export type ClientToServerEvents = {
  authenticate: (payload: { userId: string }) => void;
};

/** Socket.IO's default path, served by the API. */
export const SOCKET_PATH = '/socket.io';

export function userRoom(userId: string): string {
  return `user:${userId}`;
}
