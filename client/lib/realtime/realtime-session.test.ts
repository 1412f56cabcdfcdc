import type { Publication } from '@shared/schemas/publishing';
import type { Video, VideoPage } from '@shared/schemas/videos';
import { type InfiniteData, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastInput } from '@/components/ui/use-toast';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { billingKeys } from '@/entities/billing/api/billing-keys';
import { creditKeys } from '@/entities/credits/api/credit-keys';
import { earningKeys } from '@/entities/earning/api/earning-keys';
import { folderKeys } from '@/entities/folders/api/folder-keys';
import { jobKeys } from '@/entities/jobs/api/job-keys';
import { notificationKeys } from '@/entities/notifications/api/notification-keys';
import { publicationKeys } from '@/entities/publications/api/publication-keys';
import { makePublication } from '@/entities/publications/test-publishing';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { makeStatusUpdate, makeVideo } from '@/entities/videos/test-videos';
import { POLL_INTERVAL_MS, RealtimeSession, type RealtimeSocket } from './realtime-session';

type Handler = (...args: never[]) => void;

/** Just enough of a Socket.IO client socket to drive the session from a test. */
class FakeSocket {
  active = true;
  readonly sent: [string, unknown][] = [];
  readonly connect = vi.fn();
  readonly disconnect = vi.fn();
  private readonly handlers = new Map<string, Handler[]>();
  private readonly managerHandlers = new Map<string, Handler[]>();
  readonly io = {
    on: (event: string, handler: Handler) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]);
    },
    off: (event: string) => this.managerHandlers.delete(event),
  };

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, payload: unknown) {
    this.sent.push([event, payload]);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  /** The server (or the transport) says something. */
  receive(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? [])
      (handler as (...a: unknown[]) => void)(...args);
  }
}

let socket: FakeSocket;
let toasts: ToastInput[];
let serverVideos: Video[];
let fetches: number;
let queryClient: QueryClient;
let session: RealtimeSession;

function titles(): unknown[] {
  return toasts.map((item) => item.title);
}

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeSocket();
  toasts = [];
  fetches = 0;
  serverVideos = [makeVideo({ status: 'queued' })];
  queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: async ({ queryKey }) => {
          if (queryKey[0] === '/api/videos') {
            fetches += 1;
            return serverVideos;
          }
          return { remainingCredits: 3, unlimited: false };
        },
      },
    },
  });
  session = new RealtimeSession({
    userId: 'user-7',
    queryClient,
    createSocket: () => socket as unknown as RealtimeSocket,
    notify: (input) => toasts.push(input),
  });
  session.start();
});

afterEach(() => {
  session.dispose();
  queryClient.clear();
  vi.useRealTimers();
});

async function loadVideos() {
  await queryClient.fetchQuery({ queryKey: videoKeys.list() });
}

async function connectAndAuthenticate() {
  socket.receive('connect');
  socket.receive('authenticated', { roomName: 'user:user-7' });
}

describe('RealtimeSession connection', () => {
  it('connects and authenticates as the signed-in member', async () => {
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(session.monitor.getSnapshot().state).toBe('connecting');
    await connectAndAuthenticate();
    expect(socket.sent).toEqual([['authenticate', { userId: 'user-7' }]]);
    expect(session.monitor.getSnapshot()).toEqual({ state: 'connected', isStable: false });
    vi.advanceTimersByTime(2_000);
    expect(session.monitor.getSnapshot()).toEqual({ state: 'connected', isStable: true });
  });

  it('sends a queued action once the connection has been stable for 2 s', async () => {
    const action = vi.fn(async () => 'created');
    const result = session.queue.enqueue('video_submission', action);
    await connectAndAuthenticate();
    vi.advanceTimersByTime(1_000);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    await expect(result).resolves.toBe('created');
  });

  it("says 'Connection Error' on auth_error, and that actions still work", () => {
    socket.receive('connect');
    socket.receive('auth_error', { message: 'Unknown user' });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.title).toBe('Connection Error');
    expect(String(toasts[0]?.description)).toMatch(/actions still work/);
  });

  it("says 'Connection Lost' on transport close and on a server disconnect, once per outage", () => {
    socket.receive('connect');
    socket.receive('disconnect', 'transport close');
    expect(session.monitor.getSnapshot().state).toBe('reconnecting');
    socket.receive('connect');
    socket.receive('disconnect', 'io server disconnect');
    expect(titles()).toEqual(['Connection Lost']);

    socket.receive('connect');
    vi.advanceTimersByTime(2_000);
    socket.receive('disconnect', 'io server disconnect');
    expect(titles()).toEqual(['Connection Lost', 'Connection Lost']);
  });

  it('reconnects by itself after the server hangs up', () => {
    socket.receive('connect');
    socket.receive('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(5_000);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    expect(session.monitor.getSnapshot().state).toBe('reconnecting');
  });

  it('shows no toast for other drops or for our own disconnect', () => {
    socket.receive('connect');
    socket.receive('disconnect', 'ping timeout');
    socket.receive('connect');
    session.dispose();
    expect(toasts).toEqual([]);
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(session.monitor.getSnapshot().state).toBe('disconnected');
  });
});

describe('RealtimeSession video updates', () => {
  it("patches the Library screen's pages too, and refetches them when an entry changes", async () => {
    const pageKey = [...videoKeys.libraryPages(), { folder: null, q: '' }];
    const page: VideoPage = {
      items: [makeVideo({ id: 'req-1', requestId: 1, status: 'queued' })],
      nextCursor: null,
      total: 1,
    };
    queryClient.setQueryData<InfiniteData<VideoPage, string | null>>(pageKey, {
      pages: [page],
      pageParams: [null],
    });
    const itemOf = () =>
      queryClient.getQueryData<InfiniteData<VideoPage, string | null>>(pageKey)?.pages[0]?.items[0];
    await connectAndAuthenticate();

    socket.receive(
      'videoStatusUpdate',
      makeStatusUpdate({ videoId: 'req-1', requestId: 1, status: 'processing' }),
    );
    expect(itemOf()?.status).toBe('processing');
    // Starting to render changes nothing a page holds: no refetch of every loaded page.
    expect(queryClient.getQueryState(pageKey)?.isInvalidated).toBe(false);
    socket.receive('videoProgress', { videoId: 'req-1', requestId: 1, progress: 42 });
    expect(itemOf()?.progress).toBe(42);

    socket.receive(
      'videoStatusUpdate',
      makeStatusUpdate({ videoId: 'req-1', requestId: 1, status: 'completed' }),
    );
    expect(itemOf()?.status).toBe('completed');
    // A finished request becomes a video with its own id: the pages are fetched again.
    expect(queryClient.getQueryState(pageKey)?.isInvalidated).toBe(true);
  });

  it("toasts 'Video Ready!' for a pushed completion, once, even when a poll agrees", async () => {
    await loadVideos();
    await connectAndAuthenticate();
    socket.receive('videoStatusUpdate', makeStatusUpdate({ videoId: 41, status: 'completed' }));
    expect(toasts).toEqual([
      {
        title: 'Video Ready!',
        description: '"Sunrise over Lisbon" is ready to watch.',
        variant: 'success',
        duration: 5_000,
      },
    ]);
    expect(queryClient.getQueryData<Video[]>(videoKeys.list())?.[0]?.status).toBe('completed');

    serverVideos = [makeVideo({ id: 41, status: 'completed', progress: 100 })];
    await loadVideos();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(titles()).toEqual(['Video Ready!']);
  });

  it('polls every 5 s while disconnected and a video is in progress, and toasts what it finds', async () => {
    await loadVideos();
    const before = fetches;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetches).toBe(before + 1);
    expect(toasts).toEqual([]);

    serverVideos = [makeVideo({ id: 41, status: 'completed', progress: 100 })];
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(titles()).toEqual(['Video Ready!']);

    // Nothing left in progress: polling rests. A late push for the same video stays quiet.
    const settled = fetches;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetches).toBe(settled);
    await connectAndAuthenticate();
    socket.receive('videoStatusUpdate', makeStatusUpdate({ videoId: 41, status: 'completed' }));
    expect(titles()).toEqual(['Video Ready!']);
  });

  it('does not poll while pushes arrive', async () => {
    await loadVideos();
    await connectAndAuthenticate();
    const before = fetches;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetches).toBe(before);
  });

  it('gives a destructive toast for a failure and refreshes the credits it refunded', async () => {
    await loadVideos();
    await queryClient.fetchQuery({ queryKey: creditKeys.balance() });
    await connectAndAuthenticate();
    socket.receive(
      'videoStatusUpdate',
      makeStatusUpdate({ status: 'failed', errorMessage: 'The renderer stopped.' }),
    );
    expect(toasts).toEqual([
      {
        title: 'Video Failed',
        description: '"Sunrise over Lisbon" could not be created. The renderer stopped.',
        variant: 'destructive',
        duration: 8_000,
      },
    ]);
    expect(queryClient.getQueryState(creditKeys.balance())?.isInvalidated).toBe(true);
  });

  it('refreshes the credits and the jobs when a video joins the queue (a Creator Engine run)', async () => {
    await loadVideos();
    await queryClient.fetchQuery({ queryKey: creditKeys.balance() });
    await queryClient.fetchQuery({ queryKey: jobKeys.list() });
    await connectAndAuthenticate();
    expect(queryClient.getQueryState(jobKeys.list())?.isInvalidated).toBe(false);
    socket.receive('videoStatusUpdate', makeStatusUpdate({ videoId: 'req-9', status: 'queued' }));
    expect(queryClient.getQueryState(creditKeys.balance())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(jobKeys.list())?.isInvalidated).toBe(true);
  });

  it('refreshes the folder list when a video is ready: it may have landed in a job’s folder', async () => {
    await loadVideos();
    await queryClient.fetchQuery({ queryKey: folderKeys.list() });
    await connectAndAuthenticate();
    socket.receive('videoStatusUpdate', makeStatusUpdate({ status: 'processing' }));
    expect(queryClient.getQueryState(folderKeys.list())?.isInvalidated).toBe(false);
    socket.receive('videoStatusUpdate', makeStatusUpdate({ videoId: '7', status: 'completed' }));
    expect(queryClient.getQueryState(folderKeys.list())?.isInvalidated).toBe(true);
  });

  it('moves progress in the cache without refetching', async () => {
    const observer = new QueryObserver(queryClient, { queryKey: videoKeys.list() });
    const unsubscribe = observer.subscribe(() => {});
    await loadVideos();
    await connectAndAuthenticate();
    const before = fetches;
    socket.receive('videoProgress', { videoId: 'req-1', requestId: 1, progress: 42 });
    const [video] = queryClient.getQueryData<Video[]>(videoKeys.list()) ?? [];
    expect(video).toMatchObject({ status: 'processing', progress: 42 });
    await vi.advanceTimersByTimeAsync(100);
    expect(fetches).toBe(before);
    unsubscribe();
  });

  it('mentions a video still in progress after 5 minutes of polling, once', async () => {
    await loadVideos();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(titles()).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(titles()).toEqual(['Video May Have Failed']);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(titles()).toEqual(['Video May Have Failed']);
  });
});

describe('RealtimeSession job_deleted', () => {
  it('toasts for 5 s, tells every listener, and invalidates the videos and folders', async () => {
    await loadVideos();
    await queryClient.fetchQuery({ queryKey: folderKeys.list() });
    await connectAndAuthenticate();
    const heard: number[] = [];
    const stop = session.onJobDeleted(({ jobId }) => heard.push(jobId));

    socket.receive('job_deleted', { jobName: 'Weekly promo', videosUnlinked: 3, jobId: 12 });

    expect(toasts).toEqual([
      {
        key: 'job-deleted:12',
        title: 'Job Deleted',
        description: '"Weekly promo" was deleted. 3 videos kept in your library.',
        duration: 5_000,
      },
    ]);
    expect(heard).toEqual([12]);
    expect(queryClient.getQueryState(folderKeys.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(videoKeys.list())?.isInvalidated).toBe(true);

    stop();
    socket.receive('job_deleted', { jobName: 'Daily tips', videosUnlinked: 1, jobId: 13 });
    expect(heard).toEqual([12]);
    expect(toasts[1]?.description).toBe('"Daily tips" was deleted. 1 video kept in your library.');
  });
});

describe('RealtimeSession notification', () => {
  const notification = {
    id: 9,
    kind: 'submission_approved' as const,
    title: 'Submission Approved',
    message: 'Your X post submission was approved: 2 credits added to your balance.',
    readAt: null,
    createdAt: '2026-11-23T10:00:00.000Z',
  };

  it('toasts the news and refreshes the balance, the ledger, the submissions and the plan', async () => {
    for (const queryKey of [
      creditKeys.balance(),
      creditKeys.recentEarnings(),
      earningKeys.submissions(),
      notificationKeys.list(),
      sessionKeys.user(),
    ]) {
      await queryClient.fetchQuery({ queryKey });
    }
    await connectAndAuthenticate();
    toasts.length = 0;

    socket.receive('notification', notification);

    expect(toasts).toEqual([
      {
        title: 'Submission Approved',
        description: notification.message,
        variant: 'success',
        duration: 5_000,
      },
    ]);
    for (const queryKey of [
      creditKeys.balance(),
      creditKeys.recentEarnings(),
      earningKeys.submissions(),
      notificationKeys.list(),
      sessionKeys.user(),
    ]) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(
        true,
      );
    }
  });

  it('shows a rejection as an error toast with its reason, and leaves the plan alone', async () => {
    await queryClient.fetchQuery({ queryKey: sessionKeys.user() });
    await connectAndAuthenticate();
    toasts.length = 0;
    socket.receive('notification', {
      ...notification,
      kind: 'submission_rejected',
      title: 'Submission Rejected',
      message: 'Your X post submission was not approved. Reason: Not our handle',
    });
    expect(toasts).toEqual([
      expect.objectContaining({
        title: 'Submission Rejected',
        description: 'Your X post submission was not approved. Reason: Not our handle',
        variant: 'destructive',
      }),
    ]);
    expect(queryClient.getQueryState(sessionKeys.user())?.isInvalidated).toBe(false);
  });

  it('refreshes the plan, the balance and the billing summary after a payment', async () => {
    const keys = [
      creditKeys.balance(),
      sessionKeys.user(),
      billingKeys.summary(),
      creditKeys.ledger(),
    ];
    for (const queryKey of keys) await queryClient.fetchQuery({ queryKey });
    await connectAndAuthenticate();
    toasts.length = 0;
    socket.receive('notification', {
      ...notification,
      kind: 'plan_changed',
      title: 'Welcome to Pro',
      message: 'Your Pro membership is active: 150 generations a month.',
    });
    expect(toasts).toEqual([
      expect.objectContaining({ title: 'Welcome to Pro', variant: 'success' }),
    ]);
    for (const queryKey of keys) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(
        true,
      );
    }
  });

  it('shows a refund as a plain toast, not as good news', async () => {
    await connectAndAuthenticate();
    toasts.length = 0;
    socket.receive('notification', {
      ...notification,
      kind: 'payment_refunded',
      title: 'Refund Processed',
      message: 'Your refund for the Creator pack went through.',
    });
    expect(toasts).toEqual([
      {
        title: 'Refund Processed',
        description: 'Your refund for the Creator pack went through.',
        duration: 8_000,
      },
    ]);
  });
});

describe('RealtimeSession video_held notification', () => {
  it("says a job's video waits for review as a plain toast and refreshes its publications", async () => {
    await queryClient.fetchQuery({ queryKey: publicationKeys.latest() });
    await connectAndAuthenticate();
    toasts.length = 0;
    socket.receive('notification', {
      id: 10,
      kind: 'video_held',
      title: 'Video Awaiting Review',
      message: 'Approve it to publish it to YouTube.',
      readAt: null,
      createdAt: '2026-11-23T10:00:00.000Z',
    });
    expect(toasts).toEqual([
      {
        title: 'Video Awaiting Review',
        description: 'Approve it to publish it to YouTube.',
        duration: 8_000,
      },
    ]);
    expect(queryClient.getQueryState(publicationKeys.latest())?.isInvalidated).toBe(true);
  });
});

describe('RealtimeSession webhook_disabled notification', () => {
  it('says an endpoint was turned off as a plain toast and reads the endpoints again', async () => {
    queryClient.setQueryData(automationKeys.webhookEndpoints(), []);
    await connectAndAuthenticate();
    toasts.length = 0;
    socket.receive('notification', {
      id: 11,
      kind: 'webhook_disabled',
      title: 'Webhook Endpoint Turned Off',
      message: 'https://hooks.example.com answered 410 Gone.',
      readAt: null,
      createdAt: '2026-11-23T10:00:00.000Z',
    });
    expect(toasts).toEqual([
      {
        title: 'Webhook Endpoint Turned Off',
        description: 'https://hooks.example.com answered 410 Gone.',
        duration: 8_000,
      },
    ]);
    expect(queryClient.getQueryState(automationKeys.webhookEndpoints())?.isInvalidated).toBe(true);
  });
});

describe('RealtimeSession publicationUpdate', () => {
  const uploading = makePublication({ id: 7, status: 'uploading', progress: 10 });

  function seedPublications(latest: Publication[], forVideo: Publication[] = latest) {
    queryClient.setQueryData(publicationKeys.latest(), latest);
    queryClient.setQueryData(publicationKeys.video(41), forVideo);
  }
  const latest = () => queryClient.getQueryData<Publication[]>(publicationKeys.latest());
  const forVideo = () => queryClient.getQueryData<Publication[]>(publicationKeys.video(41));
  const invalidated = () => queryClient.getQueryState(publicationKeys.latest())?.isInvalidated;

  it('moves an upload along in every list without refetching for each tick', async () => {
    seedPublications([uploading]);
    await connectAndAuthenticate();
    socket.receive('publicationUpdate', { ...uploading, progress: 55 });
    expect(latest()?.[0]?.progress).toBe(55);
    expect(forVideo()?.[0]?.progress).toBe(55);
    expect(invalidated()).toBe(false);
    expect(toasts).toEqual([]);
  });

  it("says 'Published to YouTube' once, with the way to the post, and refreshes the lists", async () => {
    seedPublications([uploading]);
    await connectAndAuthenticate();
    const published = {
      ...uploading,
      status: 'published' as const,
      progress: 100,
      postUrl: 'https://youtu.be/abc123',
      updatedAt: '2026-11-20T10:05:00.000Z',
    };
    socket.receive('publicationUpdate', published);
    socket.receive('publicationUpdate', published);
    expect(latest()?.[0]?.status).toBe('published');
    expect(forVideo()?.[0]?.postUrl).toBe('https://youtu.be/abc123');
    expect(invalidated()).toBe(true);
    expect(titles()).toEqual(['Published to YouTube']);
    expect(toasts[0]).toMatchObject({ variant: 'success' });
    expect(toasts[0]?.action).toBeTruthy();
  });

  it("says '{Platform} publishing failed' with the reason, and refreshes a job's last result", async () => {
    seedPublications([]);
    await connectAndAuthenticate();
    socket.receive(
      'publicationUpdate',
      makePublication({
        id: 9,
        platform: 'tiktok',
        status: 'failed',
        jobId: 5,
        error: 'Reconnect TikTok in Profile: its permission has expired.',
      }),
    );
    expect(toasts).toEqual([
      expect.objectContaining({
        title: 'TikTok publishing failed',
        description: 'Reconnect TikTok in Profile: its permission has expired.',
        variant: 'destructive',
      }),
    ]);
    // A publication the lists did not hold yet joins them.
    expect(latest()?.map((publication) => publication.id)).toEqual([9]);
  });
});
