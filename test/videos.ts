// Helpers for tests that create videos and wait for the worker, by polling what a member sees
// (GET /api/videos) rather than sleeping.
import type { Video } from '../shared/schemas/videos';
import type { TestClient } from './http-client';

export const videoInput = {
  title: 'Harbour at dawn',
  description:
    'Fishing boats slip out of a quiet harbour at dawn. Gulls circle the masts. The town wakes up behind them.',
  aspectRatio: 'landscape',
  watermark: true,
} as const;

export async function listVideos(client: TestClient): Promise<Video[]> {
  const response = await client.get<Video[]>('/api/videos');
  if (response.status !== 200) throw new Error(`GET /api/videos answered ${response.status}`);
  return response.body;
}

/** Waits until the request's video matches `done` (by request id), or fails after `timeoutMs`. */
export async function waitForVideo(
  client: TestClient,
  requestId: number,
  done: (video: Video) => boolean,
  timeoutMs = 60_000,
): Promise<Video> {
  const deadline = Date.now() + timeoutMs;
  let last: Video | undefined;
  while (Date.now() < deadline) {
    last = (await listVideos(client)).find((video) => video.requestId === requestId);
    if (last && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `video ${requestId} did not get there in time; last seen: ${JSON.stringify(last)}`,
  );
}

export const isSettled = (video: Video) =>
  video.status === 'completed' || video.status === 'failed';

/** Downloads a media address as the member. */
export async function download(client: TestClient, url: string): Promise<Response> {
  return fetch(new URL(url, client.baseUrl), { headers: { cookie: client.cookieHeader } });
}
