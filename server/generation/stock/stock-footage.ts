// Finds a stock clip or photo for each shot of a video: one search per shot when its first answer
// is usable (Pexels before Pixabay, videos before photos), answers cached for a day and shared by
// every worker, each service's request budget kept in PostgreSQL, assets described with a blocked
// word never used, no asset twice in a video, and ones another video used recently last. A shot
// that finds nothing, or whose services are rate limited or down, gets null: it falls back to an
// offline picture. Nothing here fails a video.
import { blockedWordIn } from '../../media/pictures/blocklist';
import { pexelsLocale } from './pexels';
import { pixabayLanguage } from './pixabay';
import type { StockRepository } from './stock-repository';
import {
  type StockCandidate,
  type StockFile,
  type StockMedia,
  type StockOrientation,
  type StockProvider,
  type StockQuery,
  StockRateLimited,
  type StockSearch,
} from './stock-types';

/** Each service's free request budget (their documented defaults). */
export const STOCK_BUDGETS: Record<StockProvider, { max: number; windowMs: number }> = {
  pexels: { max: 200, windowMs: 60 * 60 * 1000 },
  pixabay: { max: 100, windowMs: 60 * 1000 },
};

/** After a 429 with no usable reset, a service is left alone this long by every worker. */
export const STOCK_RATE_LIMIT_BACKOFF_MS = 60_000;

/** The largest file we download: 1080p at most, and 50 MB. */
export const STOCK_MAX_FILE = { longSide: 1920, shortSide: 1080, bytes: 50 * 1024 * 1024 };

/** An asset another video used within this long is taken only when nothing fresher fits. */
export const RECENT_USE_MS = 7 * 24 * 60 * 60 * 1000;

export type StockService = { provider: StockProvider; search: StockSearch };

/** What a shot searches for. */
export type FootageShot = {
  /** How long the shot is on screen: a clip must be at least this long. */
  seconds: number;
  /** Its subject words in the member's language (the words that chose its picture, or its key words). */
  subject: string[];
  /** The same subject in English (its picture's CLDR name), for a service without the language. */
  english: string[];
};

export type ChosenFootage = { candidate: StockCandidate; file: StockFile };

export type FootageSearchReport = {
  chosen: Array<ChosenFootage | null>;
  /** Requests actually sent to the services (cache hits not counted). */
  requests: number;
  /** Services that answered 429 or had no budget left during this video. */
  rateLimited: StockProvider[];
};

const ORDER: Array<{ media: StockMedia }> = [{ media: 'video' }, { media: 'photo' }];

/** Lower case, single spaces, at most 8 words: the form a query is cached under. */
export function normaliseQuery(words: readonly string[]): string {
  return words
    .join(' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'-]+/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, 8)
    .join(' ');
}

/** The query a service is sent for a shot: its language's words, or English where it has none. */
export function queryFor(
  provider: StockProvider,
  shot: FootageShot,
  language: string,
  orientation: StockOrientation,
): StockQuery | null {
  const supported =
    provider === 'pexels' ? pexelsLocale(language) !== null : pixabayLanguage(language) !== null;
  const native = normaliseQuery(shot.subject);
  const english = normaliseQuery(shot.english);
  if (supported && native) return { query: native, language, orientation };
  if (english) return { query: english, language: 'en', orientation };
  return null;
}

/** Whether a candidate may be shown for a shot: safe, of the video's shape, long enough. */
export function suits(
  candidate: StockCandidate,
  shot: FootageShot,
  orientation: StockOrientation,
): boolean {
  if (blockedWordIn(candidate.description) !== undefined) return false;
  if (candidate.width <= 0 || candidate.height <= 0) return false;
  const portrait = candidate.height > candidate.width;
  if (portrait !== (orientation === 'portrait')) return false;
  if (candidate.media === 'video' && (candidate.durationSeconds ?? 0) < shot.seconds) return false;
  return pickFile(candidate, { width: 0, height: 0 }) !== null;
}

/**
 * The file to download for a frame of `size`: the smallest at least as large as the frame (its
 * short side), else the largest below; never above 1080p or 50 MB.
 */
export function pickFile(
  candidate: StockCandidate,
  size: { width: number; height: number },
): StockFile | null {
  const short = (file: { width: number; height: number }) => Math.min(file.width, file.height);
  const long = (file: { width: number; height: number }) => Math.max(file.width, file.height);
  const allowed = candidate.files.filter(
    (file) =>
      (candidate.media === 'photo' ||
        (long(file) <= STOCK_MAX_FILE.longSide && short(file) <= STOCK_MAX_FILE.shortSide)) &&
      (file.size === null || file.size <= STOCK_MAX_FILE.bytes),
  );
  if (allowed.length === 0) return null;
  const wanted = short(size);
  const bySize = [...allowed].sort((a, b) => short(a) - short(b));
  return bySize.find((file) => short(file) >= wanted) ?? bySize[bySize.length - 1] ?? null;
}

/**
 * Searches for every shot (the same query once per video), then hands out the assets in shot
 * order: each shot the first suitable asset of its answers that this video has not used, those
 * another video used recently last.
 */
export async function findFootage(options: {
  shots: readonly FootageShot[];
  /** ISO 639-1 language of the words. */
  language: string;
  orientation: StockOrientation;
  size: { width: number; height: number };
  services: readonly StockService[];
  repository: StockRepository;
  now?: () => Date;
  signal?: AbortSignal;
  log?: { warn(message: string): void };
}): Promise<FootageSearchReport> {
  const { shots, language, orientation, services, repository, signal } = options;
  const now = options.now ?? (() => new Date());
  let requests = 0;
  const rateLimited = new Set<StockProvider>();
  const down = new Set<StockProvider>();
  const searches = new Map<string, Promise<StockCandidate[] | null>>();

  /** One search, answered from the cache, the budget, or the service; null when unavailable. */
  const search = (service: StockService, media: StockMedia, query: StockQuery) => {
    const queryKey = `${query.language}|${query.orientation}|${query.query}`;
    const key = `${service.provider}|${media}|${queryKey}`;
    const known = searches.get(key);
    if (known) return known;
    const made = (async (): Promise<StockCandidate[] | null> => {
      const cached = await repository.cachedAnswer(service.provider, media, queryKey, now());
      if (cached) return cached;
      if (rateLimited.has(service.provider) || down.has(service.provider)) return null;
      const budget = STOCK_BUDGETS[service.provider];
      if (!(await repository.takeRequest(service.provider, budget.max, budget.windowMs, now()))) {
        rateLimited.add(service.provider);
        return null;
      }
      try {
        requests++;
        const answer = await service.search(media, query, signal);
        if (answer.rate?.remaining === 0 && answer.rate.resetAt !== null) {
          await repository.block(service.provider, new Date(answer.rate.resetAt));
        }
        await repository.cacheAnswer(service.provider, media, queryKey, answer.candidates, now());
        return answer.candidates;
      } catch (error) {
        if (signal?.aborted) throw error;
        if (error instanceof StockRateLimited) {
          rateLimited.add(service.provider);
          // Pexels' 429 says nothing of when; Pixabay's reset is at most a minute away.
          const retryAt = error.retryAt ?? now().getTime() + STOCK_RATE_LIMIT_BACKOFF_MS;
          await repository.block(service.provider, new Date(retryAt));
        } else {
          down.add(service.provider);
        }
        options.log?.warn(
          `stock search on ${service.provider} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      }
    })();
    searches.set(key, made);
    return made;
  };

  // Per shot, the answers in order until one is usable.
  const answers = await Promise.all(
    shots.map(async (shot) => {
      const found: StockCandidate[] = [];
      for (const { media } of ORDER) {
        for (const service of services) {
          const query = queryFor(service.provider, shot, language, orientation);
          if (!query) continue;
          const candidates = await search(service, media, query);
          const usable = (candidates ?? []).filter((candidate) =>
            suits(candidate, shot, orientation),
          );
          found.push(...usable);
          if (usable.length > 0) return found;
        }
      }
      return found;
    }),
  );

  const lastUses = await repository.lastUses(answers.flat());
  const recentSince = now().getTime() - RECENT_USE_MS;
  const isRecent = (candidate: StockCandidate) =>
    (lastUses.get(`${candidate.provider}:${candidate.assetId}`)?.getTime() ?? 0) > recentSince;
  const taken = new Set<string>();
  const chosen = answers.map((candidates): ChosenFootage | null => {
    const free = candidates.filter(
      (candidate) => !taken.has(`${candidate.provider}:${candidate.assetId}`),
    );
    const pick = free.find((candidate) => !isRecent(candidate)) ?? free[0];
    if (!pick) return null;
    const file = pickFile(pick, options.size);
    if (!file) return null;
    taken.add(`${pick.provider}:${pick.assetId}`);
    return { candidate: pick, file };
  });
  return { chosen, requests, rateLimited: [...rateLimited] };
}
