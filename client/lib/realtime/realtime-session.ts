// One realtime session per signed-in member, free of React: the socket and its connection state,
// the action queue, toasts from pushes (videos, jobs, notifications, publications), and the polling
// fallback that keeps video statuses moving while pushes cannot arrive (spec/api.md §7.8, §8.6).
// What a push changes in the cache is the entities' business: the session tells them "a video
// changed", "a publication changed", "a job was deleted", "a notification arrived".
import { TIMINGS } from '@shared/limits';
import {
  type ClientToServerEvents,
  type JobDeleted,
  type ServerToClientEvents,
  SOCKET_PATH,
  type VideoProgressUpdate,
  type VideoStatusUpdate,
} from '@shared/realtime';
import type { MemberNotification } from '@shared/schemas/notifications';
import type { Publication } from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import type { QueryClient } from '@tanstack/react-query';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { type ToastInput, toast } from '@/components/ui/use-toast';
import { notificationArrived } from '@/entities/notifications/notification-events';
import { publicationChanged } from '@/entities/publications/publication-events';
import {
  cachedVideoList,
  onVideoListReceived,
  refetchVideoList,
  refreshVideosLoadedBefore,
} from '@/entities/videos/video-cache';
import {
  jobDeleted,
  videoChanged,
  videoProgressed,
  videosSettled,
} from '@/entities/videos/video-events';
import { isInProgress } from '@/entities/videos/video-identity';
import { ActionQueue } from './action-queue';
import { ConnectionMonitor } from './connection-state';
import { publicationToast } from './publication-toast';
import { type Announcement, StalledVideoWatch, VideoTransitionTracker } from './video-transitions';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Retry for as long as the member is signed in (the spec's "unlimited attempts" reading): five
 * attempts at 1–5 s would give up within half a minute of a deploy or a train tunnel, leaving the
 * rest of the session on polling. A retry every 5 s at most costs nothing. Each session owns its
 * manager (forceNew), so signing out and in again, or StrictMode's double mount, starts clean.
 */
export const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  withCredentials: true,
  autoConnect: false,
  forceNew: true,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: TIMINGS.socketReconnectDelayMinMs,
  reconnectionDelayMax: TIMINGS.socketReconnectDelayMaxMs,
  timeout: TIMINGS.socketTimeoutMs,
} satisfies Partial<ManagerOptions & SocketOptions>;

/** How often the fallback refetches /api/videos while pushes cannot arrive. */
export const POLL_INTERVAL_MS = 5_000;

export const CONNECTION_ERROR_TOAST: ToastInput = {
  title: 'Connection Error',
  description: 'Live updates are unavailable right now, but your actions still work.',
  variant: 'destructive',
};

export const CONNECTION_LOST_TOAST: ToastInput = {
  title: 'Connection Lost',
  description: 'Reconnecting… Your videos keep updating in the meantime.',
  variant: 'destructive',
};

export function announcementToast({ outcome, title, errorMessage }: Announcement): ToastInput {
  if (outcome === 'completed') {
    return {
      title: 'Video Ready!',
      description: `"${title}" is ready to watch.`,
      variant: 'success',
      duration: TIMINGS.successToastMs,
    };
  }
  return {
    title: 'Video Failed',
    description: `"${title}" could not be created. ${errorMessage ?? 'Please try again.'}`,
    variant: 'destructive',
    duration: TIMINGS.errorToastMs,
  };
}

export function stalledVideoToast(video: Pick<Video, 'title'>): ToastInput {
  return {
    title: 'Video May Have Failed',
    description: `"${video.title}" has been in progress for over 5 minutes. It may have failed; check your library or try again.`,
    duration: TIMINGS.errorToastMs,
  };
}

/** 'Job Deleted' for 5 s: the job's folder leaves the library, its videos stay. */
export function jobDeletedToast({ jobName, videosUnlinked, jobId }: JobDeleted): ToastInput {
  const videos = `${videosUnlinked} video${videosUnlinked === 1 ? '' : 's'}`;
  return {
    key: `job-deleted:${jobId}`,
    title: 'Job Deleted',
    description:
      videosUnlinked > 0
        ? `"${jobName}" was deleted. ${videos} kept in your library.`
        : `"${jobName}" was deleted.`,
    duration: TIMINGS.jobDeletedToastMs,
  };
}

/** A message for the member as a toast: good news in green, a rejection in red. */
export function notificationToast({ kind, title, message }: MemberNotification): ToastInput {
  if (kind === 'submission_rejected') {
    return { title, description: message, variant: 'destructive', duration: TIMINGS.errorToastMs };
  }
  // Not good news: something to know, or (a held video, a webhook endpoint turned off) to act on,
  // kept up longer to be read.
  if (
    kind === 'job_run_skipped' ||
    kind === 'payment_refunded' ||
    kind === 'video_held' ||
    kind === 'webhook_disabled'
  )
    return { title, description: message, duration: TIMINGS.errorToastMs };
  return { title, description: message, variant: 'success', duration: TIMINGS.successToastMs };
}

export type JobDeletedListener = (event: JobDeleted) => void;

export type RealtimeSessionOptions = {
  userId: string;
  queryClient: QueryClient;
  createSocket?: () => RealtimeSocket;
  notify?: (input: ToastInput) => void;
  now?: () => number;
};

export class RealtimeSession {
  readonly monitor = new ConnectionMonitor();
  readonly queue = new ActionQueue();

  private readonly userId: string;
  private readonly queryClient: QueryClient;
  private readonly notify: (input: ToastInput) => void;
  private readonly now: () => number;
  private readonly socket: RealtimeSocket;
  private readonly transitions = new VideoTransitionTracker();
  private readonly stalled = new StalledVideoWatch();
  private readonly cleanups: (() => void)[] = [];
  private readonly jobDeletedListeners = new Set<JobDeletedListener>();
  /** `{id}:{status}` of each publication outcome already announced: each is said once. */
  private readonly announcedPublications = new Set<string>();

  private authenticated = false;
  private hasAuthenticated = false;
  private connectedAt = 0;
  private authErrorShown = false;
  // One 'Connection Lost' per outage: a flapping link would otherwise stack toasts.
  private lostNoticeShown = false;
  private manualRetryTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(options: RealtimeSessionOptions) {
    this.userId = options.userId;
    this.queryClient = options.queryClient;
    this.notify = options.notify ?? toast;
    this.now = options.now ?? Date.now;
    this.socket = (options.createSocket ?? (() => io(SOCKET_OPTIONS)))();
  }

  /** Pushes reach this tab only over a connected, authenticated socket. */
  get receivingPushes(): boolean {
    const { state } = this.monitor.getSnapshot();
    return this.authenticated && (state === 'connected' || state === 'unstable');
  }

  start(): void {
    this.cleanups.push(
      this.monitor.subscribe(({ isStable }) => {
        this.queue.setStable(isStable);
        if (isStable) this.lostNoticeShown = false;
      }),
    );
    this.listenToSocket();
    this.cleanups.push(this.watchVideoList());
    const pollTimer = setInterval(() => this.pollIfNeeded(), POLL_INTERVAL_MS);
    this.cleanups.push(() => clearInterval(pollTimer));

    this.monitor.dispatch({ type: 'connect-requested' });
    this.socket.connect();
  }

  /** Screens that hold a job's folder (the library's filter) hear when the job is deleted. */
  onJobDeleted(listener: JobDeletedListener): () => void {
    this.jobDeletedListeners.add(listener);
    return () => this.jobDeletedListeners.delete(listener);
  }

  /** Our own disconnect (unmount, sign-out): no toast, nothing left running. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.manualRetryTimer !== null) clearTimeout(this.manualRetryTimer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.socket.removeAllListeners();
    this.socket.io.off('reconnect_attempt');
    this.socket.disconnect();
    this.jobDeletedListeners.clear();
    this.monitor.dispatch({ type: 'closed' });
    this.monitor.dispose();
    this.queue.dispose();
  }

  private listenToSocket(): void {
    const { socket } = this;
    socket.on('connect', () => {
      this.connectedAt = this.now();
      this.monitor.dispatch({ type: 'connected' });
      socket.emit('authenticate', { userId: this.userId });
    });
    socket.on('authenticated', () => {
      this.authenticated = true;
      this.authErrorShown = false;
      this.stalled.reset();
      if (this.hasAuthenticated) this.catchUpAfterGap();
      this.hasAuthenticated = true;
    });
    socket.on('auth_error', () => {
      this.authenticated = false;
      if (this.authErrorShown) return;
      this.authErrorShown = true;
      this.notify(CONNECTION_ERROR_TOAST);
    });
    socket.on('disconnect', (reason) => {
      this.authenticated = false;
      if (reason === 'io client disconnect') {
        this.monitor.dispatch({ type: 'closed' });
        return;
      }
      // The server hung up on purpose; Socket.IO leaves reconnecting to us.
      if (reason === 'io server disconnect') this.scheduleManualRetry();
      this.monitor.dispatch({ type: 'lost', willRetry: true });
      if (reason === 'io server disconnect' || reason === 'transport close') this.noticeLost();
    });
    socket.on('connect_error', () => {
      // Inactive means the server refused the handshake and Socket.IO will not retry by itself.
      if (!socket.active) this.scheduleManualRetry();
      this.monitor.dispatch({ type: 'connect-failed' });
    });
    socket.io.on('reconnect_attempt', () => this.monitor.dispatch({ type: 'connect-requested' }));
    socket.on('videoStatusUpdate', (update) => this.onStatusUpdate(update));
    socket.on('videoProgress', (update) => this.onProgress(update));
    socket.on('job_deleted', (event) => this.handleJobDeleted(event));
    socket.on('notification', (notification) => this.onNotification(notification));
    socket.on('publicationUpdate', (publication) => this.onPublicationUpdate(publication));
  }

  /** A publication moved on (or its upload did): the cache follows, and a settled one is announced. */
  private onPublicationUpdate(publication: Publication): void {
    publicationChanged(this.queryClient, publication);
    const toast = publicationToast(publication);
    const outcome = `${publication.id}:${publication.status}`;
    if (toast && !this.announcedPublications.has(outcome)) {
      this.announcedPublications.add(outcome);
      this.notify(toast);
    }
  }

  /** News for the member: toasted, and what it changed (balance, plan, submissions…) refreshed. */
  private onNotification(notification: MemberNotification): void {
    this.notify(notificationToast(notification));
    notificationArrived(this.queryClient, notification);
  }

  /** Every open tab drops the job's folder (the library's listeners) and refreshes what it held. */
  private handleJobDeleted(event: JobDeleted): void {
    this.notify(jobDeletedToast(event));
    for (const listener of this.jobDeletedListeners) listener(event);
    jobDeleted(this.queryClient);
  }

  private onStatusUpdate(update: VideoStatusUpdate): void {
    const announcement = this.transitions.observePush(update);
    if (announcement) this.notify(announcementToast(announcement));
    videoChanged(this.queryClient, update);
  }

  private onProgress(update: VideoProgressUpdate): void {
    videoProgressed(this.queryClient, update);
  }

  /** Every list of videos the cache receives, from a poll, a refetch or our own edits. */
  private watchVideoList(): () => void {
    return onVideoListReceived(this.queryClient, (videos) => {
      const announcements = this.transitions.observeList(videos);
      for (const announcement of announcements) this.notify(announcementToast(announcement));
      videosSettled(
        this.queryClient,
        announcements.map(({ outcome }) => outcome),
      );
      if (!this.receivingPushes) {
        for (const video of this.stalled.check(videos, this.now())) {
          this.notify(stalledVideoToast(video));
        }
      }
    });
  }

  private pollIfNeeded(): void {
    if (this.receivingPushes) return;
    if (!cachedVideoList(this.queryClient)?.some((video) => isInProgress(video.status))) return;
    void refetchVideoList(this.queryClient);
  }

  /** Statuses may have changed while the socket was away; fetch what pushes would have said. */
  private catchUpAfterGap(): void {
    refreshVideosLoadedBefore(this.queryClient, this.connectedAt);
  }

  private noticeLost(): void {
    if (this.lostNoticeShown) return;
    this.lostNoticeShown = true;
    this.notify(CONNECTION_LOST_TOAST);
  }

  private scheduleManualRetry(): void {
    if (this.manualRetryTimer !== null || this.disposed) return;
    this.manualRetryTimer = setTimeout(() => {
      this.manualRetryTimer = null;
      if (this.disposed) return;
      this.monitor.dispatch({ type: 'connect-requested' });
      this.socket.connect();
    }, TIMINGS.socketReconnectDelayMaxMs);
  }
}
