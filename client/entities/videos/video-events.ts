// What the server's news about videos changes in the cache, said in one place: the realtime session
// calls "a video changed" and our own calls "a request was created" instead of each knowing every
// list a video appears in, and what else (credits, folders, jobs) moves with it.
import type { VideoProgressUpdate, VideoStatusUpdate } from '@shared/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { creditsChanged } from '@/entities/credits/credit-events';
import { foldersChanged } from '@/entities/folders/folder-events';
import { jobsChanged } from '@/entities/jobs/job-events';
import { videoKeys } from './api/video-keys';
import { keepSceneProgress } from './scene-progress';
import { editCachedVideos } from './video-cache';
import { applyProgress, applyStatusUpdate } from './video-cache-updates';

/**
 * A pushed status: shown at once wherever the video is cached, then fetched again with everything
 * that moves with it.
 */
export function videoChanged(queryClient: QueryClient, update: VideoStatusUpdate): void {
  // A poll still in flight was asked before this change; it must not land on top of it.
  void queryClient.cancelQueries({ queryKey: videoKeys.list(), exact: true });
  editCachedVideos(queryClient, (videos) => applyStatusUpdate(videos, update));
  void queryClient.invalidateQueries({ queryKey: videoKeys.list(), exact: true });
  void queryClient.invalidateQueries({ queryKey: videoKeys.summary() });
  // A new entry, or one that became a video (a new id) or failed, changes what the library's
  // pages hold; a render starting only changes its status, patched above.
  if (update.status !== 'processing') {
    void queryClient.invalidateQueries({ queryKey: videoKeys.libraryPages() });
  }
  void queryClient.invalidateQueries({ queryKey: videoKeys.creationRequests() });
  // A failed video gives its credit back.
  if (update.status === 'failed') void creditsChanged(queryClient);
  // A finished video may land in a job's folder: the folder list's counts change.
  if (update.status === 'completed') void foldersChanged(queryClient);
  // A remix completes as the next version of a video that already had an id.
  if (update.status === 'completed' && typeof update.videoId === 'number') {
    void queryClient.invalidateQueries({ queryKey: videoKeys.versions(update.videoId) });
  }
  // A video can join the queue without this tab asking: a Creator Engine run took a credit and
  // moved its job on.
  if (update.status === 'queued') {
    void creditsChanged(queryClient);
    void jobsChanged(queryClient);
  }
}

/**
 * A render's progress only moves the cached entry (queued becomes processing) and its scenes'
 * figures; nothing is fetched.
 */
export function videoProgressed(queryClient: QueryClient, update: VideoProgressUpdate): void {
  editCachedVideos(queryClient, (videos) => applyProgress(videos, update));
  keepSceneProgress(queryClient, update);
}

/**
 * Outcomes first seen in a fetched list rather than pushed: a failure gave its credit back, a
 * completion may have filled a job's folder.
 */
export function videosSettled(
  queryClient: QueryClient,
  outcomes: readonly ('completed' | 'failed')[],
): void {
  if (outcomes.includes('failed')) void creditsChanged(queryClient);
  if (outcomes.includes('completed')) void foldersChanged(queryClient);
}

/**
 * A new video request (Create, Run Now): the library lists and the credit balance and ledger.
 * Not awaited: the member's confirmation should not wait for four refetches.
 */
export function videoRequestCreated(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: videoKeys.creationRequests() });
  void queryClient.invalidateQueries({ queryKey: videoKeys.all });
  void creditsChanged(queryClient);
}

/**
 * A Creator Engine job was deleted (in any tab, or by the engine): its folder is gone and its
 * videos were unlinked from it, so the folders, the videos and the jobs are fetched again.
 */
export function jobDeleted(queryClient: QueryClient): void {
  void foldersChanged(queryClient);
  void queryClient.invalidateQueries({ queryKey: videoKeys.all });
  void jobsChanged(queryClient);
}
