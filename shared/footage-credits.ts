// The credit a video's stock footage carries (Pexels asks for one; Pixabay welcomes it): the
// services in the order the video first shows them, each with the authors of its assets, as the
// watch page shows it and as a line for a post's description.
import type { StockAsset } from './schemas/videos';

export const STOCK_SERVICE_NAMES: Record<StockAsset['provider'], string> = {
  pexels: 'Pexels',
  pixabay: 'Pixabay',
};

export const STOCK_SERVICE_URLS: Record<StockAsset['provider'], string> = {
  pexels: 'https://www.pexels.com',
  pixabay: 'https://pixabay.com',
};

export type FootageCredit = {
  provider: StockAsset['provider'];
  name: string;
  url: string;
  /** Each author once, with their page, in the order their assets appear. */
  authors: Array<{ name: string; url: string }>;
};

/** The footage's services and authors, in the order the video shows them; empty: no footage. */
export function footageCredits(assets: readonly StockAsset[]): FootageCredit[] {
  const credits: FootageCredit[] = [];
  for (const asset of assets) {
    let credit = credits.find((entry) => entry.provider === asset.provider);
    if (!credit) {
      credit = {
        provider: asset.provider,
        name: STOCK_SERVICE_NAMES[asset.provider],
        url: STOCK_SERVICE_URLS[asset.provider],
        authors: [],
      };
      credits.push(credit);
    }
    const author = asset.author.trim();
    if (author && !credit.authors.some((known) => known.name === author)) {
      credit.authors.push({ name: author, url: asset.authorUrl });
    }
  }
  return credits;
}

/**
 * One line for a post's description: "Footage: Pexels (Ana Silva, João Reis), Pixabay (mtc)".
 * Null for a video without stock footage.
 */
export function footageCreditLine(assets: readonly StockAsset[]): string | null {
  const credits = footageCredits(assets);
  if (credits.length === 0) return null;
  const parts = credits.map((credit) =>
    credit.authors.length > 0
      ? `${credit.name} (${credit.authors.map((author) => author.name).join(', ')})`
      : credit.name,
  );
  return `Footage: ${parts.join(', ')}`;
}
