// What the stock footage source speaks in, whichever service answered: a search, its results as
// candidates (a clip or a photo, its files, who made it), and the licence record a video keeps
// for each asset it uses.

export const STOCK_PROVIDERS = ['pexels', 'pixabay'] as const;
export type StockProvider = (typeof STOCK_PROVIDERS)[number];

export type StockMedia = 'video' | 'photo';

export type StockOrientation = 'landscape' | 'portrait';

/** One search: a shot's subject words, in a language, for a video's shape. */
export type StockQuery = {
  query: string;
  /** ISO 639-1 ("es"); each service maps it to its own locale or answers in English. */
  language: string;
  orientation: StockOrientation;
};

/** One downloadable file of an asset (a rendition of a clip, or a size of a photo). */
export type StockFile = {
  url: string;
  width: number;
  height: number;
  /** Bytes, when the service says (Pixabay does, approximately). */
  size: number | null;
};

/** A search result as we weigh it. */
export type StockCandidate = {
  provider: StockProvider;
  media: StockMedia;
  assetId: string;
  /** The asset's page on the service (the licence record links it). */
  pageUrl: string;
  author: string;
  authorUrl: string;
  /** Whole seconds (videos); null for a photo. */
  durationSeconds: number | null;
  width: number;
  height: number;
  /** What the service says is in it: Pexels' alt text, Pixabay's tags. Checked for blocked words. */
  description: string;
  thumbnailUrl: string;
  files: StockFile[];
};

/** The licence record a video keeps for each asset it shows (the API's `assets`). */
export type StockAssetRecord = {
  provider: StockProvider;
  assetId: string;
  pageUrl: string;
  author: string;
  authorUrl: string;
  licence: string;
  licenceUrl: string;
  /** The file we downloaded, as the service served it. */
  fileUrl: string;
  /** ISO time of the download. */
  fetchedAt: string;
};

export const STOCK_LICENCES: Record<StockProvider, { licence: string; licenceUrl: string }> = {
  pexels: { licence: 'Pexels License', licenceUrl: 'https://www.pexels.com/license/' },
  pixabay: {
    licence: 'Pixabay Content License',
    licenceUrl: 'https://pixabay.com/service/license-summary/',
  },
};

export const STOCK_PROVIDER_NAMES: Record<StockProvider, string> = {
  pexels: 'Pexels',
  pixabay: 'Pixabay',
};

/** A search answered 429, or the budget we keep for the service is spent: try elsewhere. */
export class StockRateLimited extends Error {
  constructor(
    readonly provider: StockProvider,
    /** When the service may be asked again (ms since 1970), when known. */
    readonly retryAt: number | null,
  ) {
    super(`${STOCK_PROVIDER_NAMES[provider]} is rate limited`);
    this.name = 'StockRateLimited';
  }
}

/** The service could not be reached, or answered an error: this shot looks elsewhere. */
export class StockUnavailable extends Error {
  constructor(
    readonly provider: StockProvider,
    message: string,
  ) {
    super(message);
    this.name = 'StockUnavailable';
  }
}

/** Rate-limit figures a 2xx answer carried, to keep the shared budget honest. */
export type StockRateHeaders = {
  limit: number | null;
  remaining: number | null;
  /** When the window resets (ms since 1970), when the service says. */
  resetAt: number | null;
};

export type StockSearchAnswer = {
  candidates: StockCandidate[];
  rate: StockRateHeaders | null;
};

/** Searches one service for one kind of media. */
export type StockSearch = (
  media: StockMedia,
  query: StockQuery,
  signal?: AbortSignal,
) => Promise<StockSearchAnswer>;
