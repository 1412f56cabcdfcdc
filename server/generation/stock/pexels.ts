// Pexels' search API (https://www.pexels.com/api/documentation/): `GET /videos/search` and
// `GET /v1/search`, the raw key in `Authorization`, `locale` for the member's language. A 2xx
// carries X-Ratelimit-* (Reset is the monthly roll-over); a 429 carries none.

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

export const PEXELS_BASE_URL = 'https://api.pexels.com';

/** The locales Pexels searches in (its documented 28), by ISO 639-1 language. */
const PEXELS_LOCALES: Record<string, string> = {
  en: 'en-US',
  pt: 'pt-BR',
  es: 'es-ES',
  ca: 'ca-ES',
  de: 'de-DE',
  it: 'it-IT',
  fr: 'fr-FR',
  sv: 'sv-SE',
  id: 'id-ID',
  pl: 'pl-PL',
  ja: 'ja-JP',
  zh: 'zh-CN',
  ko: 'ko-KR',
  th: 'th-TH',
  nl: 'nl-NL',
  hu: 'hu-HU',
  vi: 'vi-VN',
  cs: 'cs-CZ',
  da: 'da-DK',
  fi: 'fi-FI',
  uk: 'uk-UA',
  el: 'el-GR',
  ro: 'ro-RO',
  nb: 'nb-NO',
  no: 'nb-NO',
  sk: 'sk-SK',
  tr: 'tr-TR',
  ru: 'ru-RU',
};

/** Pexels' locale for a language, or null when it searches only in English for it. */
export function pexelsLocale(language: string): string | null {
  return PEXELS_LOCALES[language.toLowerCase().slice(0, 2)] ?? null;
}

type PexelsVideo = {
  id: number;
  width: number;
  height: number;
  url: string;
  image: string;
  duration: number;
  user: { name: string; url: string };
  video_files: Array<{
    quality: string | null;
    file_type: string;
    width: number | null;
    height: number | null;
    link: string;
  }>;
};

type PexelsPhoto = {
  id: number;
  width: number;
  height: number;
  url: string;
  photographer: string;
  photographer_url: string;
  alt: string | null;
  src: Record<string, string>;
};

/** How many results one search asks for: enough to skip used or unsuitable ones. */
const PER_PAGE = 15;

export function pexelsSearch(options: {
  apiKey: string;
  baseUrl?: string | null;
  fetch?: typeof fetch;
}) {
  const base = (options.baseUrl ?? PEXELS_BASE_URL).replace(/\/+$/u, '');
  return async (
    media: StockMedia,
    query: StockQuery,
    signal?: AbortSignal,
  ): Promise<StockSearchAnswer> => {
    const params = new URLSearchParams({
      query: query.query,
      orientation: query.orientation,
      per_page: String(PER_PAGE),
      ...(media === 'video' ? { size: 'medium' } : {}),
    });
    const locale = pexelsLocale(query.language);
    if (locale) params.set('locale', locale);
    const url = `${base}${media === 'video' ? '/videos/search' : '/v1/search'}?${params}`;
    const { status, body, headers } = await fetchStockJson(
      url,
      { headers: { Authorization: options.apiKey } },
      { provider: 'pexels', fetch: options.fetch, signal },
    );
    // Pexels' 429 carries no headers, and its reset is the month's end: not worth waiting for.
    if (status === 429) throw new StockRateLimited('pexels', null);
    if (status < 200 || status >= 300) {
      throw new StockUnavailable('pexels', `Pexels answered HTTP ${status}`);
    }
    const page = body as { videos?: PexelsVideo[]; photos?: PexelsPhoto[] };
    const candidates =
      media === 'video'
        ? (page.videos ?? []).flatMap((video) => videoCandidate(video))
        : (page.photos ?? []).flatMap((photo) => photoCandidate(photo));
    return { candidates, rate: rateHeaders(headers, 'epoch-seconds') };
  };
}

function videoCandidate(video: PexelsVideo): StockCandidate[] {
  // Chosen by size, not `quality` (a 4K file is labelled "hd"); HLS entries have no size.
  const files: StockFile[] = (video.video_files ?? []).flatMap((file) =>
    file.width && file.height && file.file_type === 'video/mp4' && file.link
      ? [{ url: file.link, width: file.width, height: file.height, size: null }]
      : [],
  );
  if (files.length === 0 || typeof video.id !== 'number') return [];
  return [
    {
      provider: 'pexels',
      media: 'video',
      assetId: String(video.id),
      pageUrl: video.url,
      author: video.user?.name ?? '',
      authorUrl: video.user?.url ?? '',
      durationSeconds: Number(video.duration) || 0,
      width: video.width,
      height: video.height,
      // Video answers carry no alt text: the page's slug names what it shows.
      description: slugWords(video.url),
      thumbnailUrl: video.image ?? '',
      files,
    },
  ];
}

function photoCandidate(photo: PexelsPhoto): StockCandidate[] {
  if (typeof photo.id !== 'number' || !photo.src) return [];
  const aspect = photo.width / photo.height;
  // `large2x` fits the photo in 1880 × 1300 (940 × 650 at 2×); `original` is the whole photo.
  const fit = Math.min(1, 1880 / photo.width, 1300 / photo.height);
  const files: StockFile[] = [];
  if (photo.src.large2x) {
    files.push({
      url: photo.src.large2x,
      width: Math.round(photo.width * fit),
      height: Math.round(photo.width * fit * (1 / aspect)),
      size: null,
    });
  }
  if (photo.src.original) {
    files.push({ url: photo.src.original, width: photo.width, height: photo.height, size: null });
  }
  if (files.length === 0) return [];
  return [
    {
      provider: 'pexels',
      media: 'photo',
      assetId: String(photo.id),
      pageUrl: photo.url,
      author: photo.photographer ?? '',
      authorUrl: photo.photographer_url ?? '',
      durationSeconds: null,
      width: photo.width,
      height: photo.height,
      description: `${photo.alt ?? ''} ${slugWords(photo.url)}`.trim(),
      thumbnailUrl: photo.src.tiny ?? photo.src.small ?? '',
      files,
    },
  ];
}

/** "https://www.pexels.com/video/a-cup-of-coffee-856/" → "a cup of coffee". */
function slugWords(pageUrl: string): string {
  try {
    const slug = new URL(pageUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';
    return slug.replace(/-\d+$/u, '').replaceAll('-', ' ');
  } catch {
    return '';
  }
}
