// Pixabay's search API (https://pixabay.com/api/docs/): `GET /api/` (images) and `GET /api/videos/`,
// the key as a query parameter, `lang` for the member's language, `safesearch=true` always. The
// video search has no orientation: results are kept by their shape. Its X-RateLimit-Reset is the
// seconds left in the minute; errors are plain text.
import { fetchStockJson, rateHeaders } from './stock-http';
import {
  type StockCandidate,
  type StockFile,
  type StockMedia,
  type StockQuery,
  StockRateLimited,
  type StockSearchAnswer,
  StockUnavailable,
} from './stock-types';

export const PIXABAY_BASE_URL = 'https://pixabay.com';

const PIXABAY_LANGUAGES = new Set(
  'cs da de en es fr id it hu nl no pl pt ro sk fi sv tr vi th bg ru el ja ko zh'.split(' '),
);

/** Pixabay's `lang` for a language, or null when it searches only in English for it. */
export function pixabayLanguage(language: string): string | null {
  const code = language.toLowerCase().slice(0, 2);
  if (code === 'nb') return 'no';
  return PIXABAY_LANGUAGES.has(code) ? code : null;
}

type Rendition = { url: string; width: number; height: number; size: number; thumbnail?: string };

type PixabayVideoHit = {
  id: number;
  pageURL: string;
  tags: string;
  duration: number;
  videos: Partial<Record<'large' | 'medium' | 'small' | 'tiny', Rendition>>;
  user_id: number;
  user: string;
};

type PixabayImageHit = {
  id: number;
  pageURL: string;
  tags: string;
  previewURL: string;
  webformatURL: string;
  largeImageURL: string;
  imageWidth: number;
  imageHeight: number;
  user_id: number;
  user: string;
};

const PER_PAGE = 20;
/** Pixabay's limit on `q`. */
const MAX_QUERY_LENGTH = 100;

export function pixabaySearch(options: {
  apiKey: string;
  baseUrl?: string | null;
  fetch?: typeof fetch;
}) {
  const base = (options.baseUrl ?? PIXABAY_BASE_URL).replace(/\/+$/u, '');
  return async (
    media: StockMedia,
    query: StockQuery,
    signal?: AbortSignal,
  ): Promise<StockSearchAnswer> => {
    const params = new URLSearchParams({
      key: options.apiKey,
      q: query.query.slice(0, MAX_QUERY_LENGTH),
      lang: pixabayLanguage(query.language) ?? 'en',
      safesearch: 'true',
      per_page: String(PER_PAGE),
    });
    if (media === 'photo') {
      params.set('image_type', 'photo');
      params.set('orientation', query.orientation === 'portrait' ? 'vertical' : 'horizontal');
    } else {
      params.set('video_type', 'film');
    }
    const url = `${base}${media === 'video' ? '/api/videos/' : '/api/'}?${params}`;
    const { status, body, headers } = await fetchStockJson(
      url,
      {},
      { provider: 'pixabay', fetch: options.fetch, signal },
    );
    const rate = rateHeaders(headers, 'seconds-left');
    if (status === 429) {
      const reset = headers.get('x-ratelimit-reset');
      const seconds = reset === null ? Number.NaN : Number(reset);
      throw new StockRateLimited(
        'pixabay',
        Number.isFinite(seconds) ? Date.now() + seconds * 1000 : null,
      );
    }
    if (status < 200 || status >= 300) {
      throw new StockUnavailable('pixabay', `Pixabay answered HTTP ${status}`);
    }
    const hits = ((body as { hits?: unknown[] } | null)?.hits ?? []) as Array<
      PixabayVideoHit | PixabayImageHit
    >;
    const candidates =
      media === 'video'
        ? hits.flatMap((hit) => videoCandidate(hit as PixabayVideoHit, query.orientation))
        : hits.flatMap((hit) => imageCandidate(hit as PixabayImageHit));
    return { candidates, rate };
  };
}

function userUrl(hit: { user: string; user_id: number }): string {
  return `https://pixabay.com/users/${encodeURIComponent(hit.user)}-${hit.user_id}/`;
}

function videoCandidate(
  hit: PixabayVideoHit,
  orientation: StockQuery['orientation'],
): StockCandidate[] {
  // A missing rendition has an empty url and size 0.
  const files: StockFile[] = Object.values(hit.videos ?? {}).flatMap((video) =>
    video?.url && video.width > 0 && video.height > 0
      ? [{ url: video.url, width: video.width, height: video.height, size: video.size || null }]
      : [],
  );
  const largest = files.reduce<StockFile | null>(
    (best, file) => (best && best.width * best.height >= file.width * file.height ? best : file),
    null,
  );
  if (!largest || typeof hit.id !== 'number') return [];
  // The video search has no orientation: keep the clips of the video's shape.
  const portrait = largest.height > largest.width;
  if (portrait !== (orientation === 'portrait')) return [];
  return [
    {
      provider: 'pixabay',
      media: 'video',
      assetId: String(hit.id),
      pageUrl: hit.pageURL,
      author: hit.user ?? '',
      authorUrl: userUrl(hit),
      durationSeconds: Number(hit.duration) || 0,
      width: largest.width,
      height: largest.height,
      description: hit.tags ?? '',
      thumbnailUrl: hit.videos?.tiny?.thumbnail ?? hit.videos?.small?.thumbnail ?? '',
      files,
    },
  ];
}

function imageCandidate(hit: PixabayImageHit): StockCandidate[] {
  if (typeof hit.id !== 'number' || !hit.largeImageURL) return [];
  // largeImageURL is the photo at most 1280 px on its longer side.
  const fit = Math.min(1, 1280 / Math.max(hit.imageWidth, hit.imageHeight));
  return [
    {
      provider: 'pixabay',
      media: 'photo',
      assetId: String(hit.id),
      pageUrl: hit.pageURL,
      author: hit.user ?? '',
      authorUrl: userUrl(hit),
      durationSeconds: null,
      width: hit.imageWidth,
      height: hit.imageHeight,
      description: hit.tags ?? '',
      thumbnailUrl: hit.previewURL ?? '',
      files: [
        {
          url: hit.largeImageURL,
          width: Math.round(hit.imageWidth * fit),
          height: Math.round(hit.imageHeight * fit),
          size: null,
        },
      ],
    },
  ];
}
