// Finds a stock clip or photo for each shot of a video: one search per shot when its first answer
// is usable (Pexels before Pixabay, videos before photos), answers cached for a day and shared by
// every worker, each service's request budget kept in PostgreSQL, assets described with a blocked
// word never used, no asset twice in a video, and ones another video used recently last. A shot
// that finds nothing, or whose services are rate limited or down, gets null: it falls back to an
// offline picture. Nothing here fails a video.
import { blockedWordIn } from '../../media/pictures/blocklist';
import type { ShotPick } from '../../media/pictures/pictures';
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

/**
 * What a shot searches stock footage for: the words that chose its picture (or its key words),
 * and the picture's English name for a service without the member's language.
 */
export function footageShotOf(seconds: number, pick: ShotPick | undefined): FootageShot {
  if (!pick) return { seconds, subject: [], english: [] };
  if (pick.kind === 'typographic') return { seconds, subject: pick.words, english: [] };
  return { seconds, subject: pick.matched, english: pick.name.split('-') };
}

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

/** Searches as one video (or one picker search) makes them: memoised, cached, within budget. */
export type StockSearcher = {
  /** One search's candidates, from the cache, the budget or the service; null: unavailable. */
  search(
    service: StockService,
    media: StockMedia,
    query: StockQuery,
  ): Promise<StockCandidate[] | null>;
  /** Requests actually sent to the services (cache hits not counted). */
  readonly requests: number;
  /** Services that answered 429 or had no budget left. */
  readonly rateLimited: StockProvider[];
};

export type StockSearchOptions = {
  repository: StockRepository;
  now?: () => Date;
  signal?: AbortSignal;
  log?: { warn(message: string): void };
};

/**
 * A searcher whose every query is asked once: answered from the day-long cache shared by every
 * worker, else sent within the service's budget. A 429 blocks the service for every worker until
 * it may be asked again; a service that fails is not asked again by this searcher.
 */
export function createStockSearcher(options: StockSearchOptions): StockSearcher {
  const { repository, signal } = options;
  const now = options.now ?? (() => new Date());
  let requests = 0;
  const rateLimited = new Set<StockProvider>();
  const down = new Set<StockProvider>();
  const searches = new Map<string, Promise<StockCandidate[] | null>>();

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
  return {
    search,
    get requests() {
      return requests;
    },
    get rateLimited() {
      return [...rateLimited];
    },
  };
}

/**
 * What each shot could show, in order: the suitable results of its searches (videos before
 * photos, Pexels before Pixabay), stopping at the first search that has any unless `atLeast`
 * asks for more.
 */
export async function footageCandidates(options: {
  /** null: a shot that is not searched for (it shows what the member chose). */
  shots: ReadonlyArray<FootageShot | null>;
  language: string;
  orientation: StockOrientation;
  services: readonly StockService[];
  searcher: StockSearcher;
  /** Keep searching until a shot has this many (the picker's offers); default 1. */
  atLeast?: number;
}): Promise<StockCandidate[][]> {
  const { language, orientation, services, searcher } = options;
  const atLeast = options.atLeast ?? 1;
  return Promise.all(
    options.shots.map(async (shot) => {
      const found: StockCandidate[] = [];
      if (!shot) return found;
      for (const { media } of ORDER) {
        for (const service of services) {
          const query = queryFor(service.provider, shot, language, orientation);
          if (!query) continue;
          const candidates = await searcher.search(service, media, query);
          found.push(
            ...(candidates ?? []).filter(
              (candidate) =>
                suits(candidate, shot, orientation) &&
                !found.some(
                  (seen) =>
                    seen.provider === candidate.provider && seen.assetId === candidate.assetId,
                ),
            ),
          );
          if (found.length >= atLeast) return found;
        }
      }
      return found;
    }),
  );
}

/**
 * Searches for every shot (the same query once per video), then hands out the assets in shot
 * order: each shot the first suitable asset of its answers that this video has not used (nor
 * the member chosen for another shot), those another video used recently last.
 */
export async function findFootage(options: {
  /** null: a shot the member chose a visual for (not searched; its footage is null). */
  shots: ReadonlyArray<FootageShot | null>;
  /** Assets (`{provider}:{assetId}`) the member chose for other shots of the video. */
  exclude?: ReadonlySet<string>;
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
  const { repository } = options;
  const now = options.now ?? (() => new Date());
  const searcher = createStockSearcher({
    repository,
    now,
    signal: options.signal,
    log: options.log,
  });
  const answers = await footageCandidates({ ...options, searcher });

  const lastUses = await repository.lastUses(answers.flat());
  const recentSince = now().getTime() - RECENT_USE_MS;
  const isRecent = (candidate: StockCandidate) =>
    (lastUses.get(`${candidate.provider}:${candidate.assetId}`)?.getTime() ?? 0) > recentSince;
  const taken = new Set<string>(options.exclude);
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
  return { chosen, requests: searcher.requests, rateLimited: searcher.rateLimited };
}
