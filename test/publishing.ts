// Helpers for publishing tests: the environment that points each platform at its stand-in, a
// connection made the way a member's browser makes it (start → consent → callback), a finished
// video, and waiting for a publication to settle by polling what the member sees.

import type pg from 'pg';
import type { Platform, Publication } from '../shared/schemas/publishing';
import type { FakePlatform } from './fake-platforms';
import { consent } from './fake-platforms';
import type { TestClient } from './http-client';
import { isSettled, videoInput, waitForVideo } from './videos';

export type PlatformStandIns = Partial<Record<Platform, FakePlatform>>;

/** The settings that send each platform's OAuth and API calls to its stand-in. */
export function platformEnv(standIns: PlatformStandIns): Record<string, string> {
  const env: Record<string, string> = {};
  const { youtube, tiktok, instagram } = standIns;
  if (youtube) {
    Object.assign(env, {
      YOUTUBE_CLIENT_ID: youtube.clientId,
      YOUTUBE_CLIENT_SECRET: youtube.clientSecret,
      YOUTUBE_AUTH_URL: youtube.settings.authUrl,
      YOUTUBE_TOKEN_URL: youtube.settings.tokenUrl,
      YOUTUBE_API_BASE_URL: youtube.settings.apiBaseUrl,
    });
  }
  if (tiktok) {
    Object.assign(env, {
      TIKTOK_CLIENT_KEY: tiktok.clientId,
      TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
      TIKTOK_AUTH_URL: tiktok.settings.authUrl,
      TIKTOK_API_BASE_URL: tiktok.settings.apiBaseUrl,
    });
  }
  if (instagram) {
    Object.assign(env, {
      INSTAGRAM_APP_ID: instagram.clientId,
      INSTAGRAM_APP_SECRET: instagram.clientSecret,
      INSTAGRAM_AUTH_URL: instagram.settings.authUrl,
      INSTAGRAM_TOKEN_URL: instagram.settings.tokenUrl,
      INSTAGRAM_API_BASE_URL: instagram.settings.apiBaseUrl,
    });
  }
  return env;
}

/** Connects `platform` as the member's browser would: start, the consent page, the callback. */
export async function connectPlatform(client: TestClient, platform: Platform): Promise<void> {
  const started = await client.get(`/api/connections/${platform}/start`);
  if (started.status !== 302) throw new Error(`start answered ${started.status}`);
  const back = await consent(started.headers.get('location') ?? '');
  const callback = await client.get(`${back.pathname}${back.search}`);
  const location = callback.headers.get('location') ?? '';
  if (!location.includes('connected=1')) throw new Error(`not connected: ${location}`);
}

/** A finished video of the member's (the offline renderer's), with its id and its bytes. */
export async function finishedVideo(
  client: TestClient,
  overrides: Partial<{ title: string; aspectRatio: 'landscape' | 'portrait' }> = {},
): Promise<{ id: number; bytes: Buffer; title: string }> {
  const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
    ...videoInput,
    ...overrides,
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  const video = await waitForVideo(client, created.body.requestId, isSettled, 90_000);
  if (video.status !== 'completed' || typeof video.id !== 'number' || !video.videoUrl) {
    throw new Error(`the video did not complete: ${video.errorMessage}`);
  }
  const file = await fetch(new URL(video.videoUrl, client.baseUrl), {
    headers: { cookie: client.cookieHeader },
  });
  return { id: video.id, bytes: Buffer.from(await file.arrayBuffer()), title: video.title };
}

/** The video's publications once the one on `platform` is published or failed. */
export async function waitForPublication(
  client: TestClient,
  videoId: number,
  platform: Platform,
  timeoutMs = 60_000,
): Promise<Publication> {
  const deadline = Date.now() + timeoutMs;
  let last: Publication | undefined;
  while (Date.now() < deadline) {
    const listed = await client.get<Publication[]>(`/api/videos/${videoId}/publications`);
    last = listed.body.find((entry) => entry.platform === platform);
    if (last && (last.status === 'published' || last.status === 'failed')) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`publication to ${platform} did not settle; last seen ${JSON.stringify(last)}`);
}

/**
 * Finished videos for a publishing test without a render each: one real video per aspect ratio
 * (rendered by the offline renderer the first time it is asked for), then, for each member, a
 * library row of their own over the same stored file, as a finished video's row is.
 */
export function videoLibrary(sql: () => pg.Pool) {
  const rendered = new Map<string, Promise<{ id: number; bytes: Buffer }>>();
  return async (
    member: { client: TestClient; id: string },
    aspectRatio: 'landscape' | 'portrait' = 'landscape',
  ): Promise<{ id: number; bytes: Buffer; title: string }> => {
    let template = rendered.get(aspectRatio);
    if (!template) {
      template = finishedVideo(member.client, { aspectRatio });
      rendered.set(aspectRatio, template);
    }
    const { id, bytes } = await template;
    const { rows } = await sql().query(
      `insert into video_generated_content
         (user_id, title, description, video_key, thumbnail_key, captions_key, voice_id, duration,
          scenes, aspect_ratio, width, height, generated_prompt)
       select $1, title, description, video_key, thumbnail_key, captions_key, voice_id, duration,
              scenes, aspect_ratio, width, height, generated_prompt
         from video_generated_content where id = $2
       returning id, title`,
      [member.id, id],
    );
    return { id: rows[0].id as number, bytes, title: rows[0].title as string };
  };
}
