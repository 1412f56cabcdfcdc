// Share addresses (spec/api.md §7.9): a page's address, title and description in each network's
// standard share URL, opened as a 600x400 popup. The /watch page and the referral link use them.

export type ShareNetwork = 'x' | 'facebook' | 'linkedin' | 'whatsapp' | 'telegram';

export type ShareTarget = { url: string; title: string; description: string };

/** Window features for the share popups (spec/api.md §9.5). */
export const SHARE_POPUP_FEATURES = 'width=600,height=400,noopener,noreferrer';

/** Long descriptions would crowd the post (and X's 280 characters); keep the first words. */
export const SHARE_DESCRIPTION_MAX = 140;

/** The public address of a shared video, without any query or hash the visitor arrived with. */
export function watchPageUrl(origin: string, videoId: string): string {
  return `${origin}/watch/${encodeURIComponent(videoId)}`;
}

export function shortDescription(description: string): string {
  const text = description.trim().replace(/\s+/g, ' ');
  if (text.length <= SHARE_DESCRIPTION_MAX) return text;
  return `${text.slice(0, SHARE_DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** "Title - description", or just the title when there is no description. */
export function shareText({ title, description }: Omit<ShareTarget, 'url'>): string {
  const summary = shortDescription(description);
  return summary ? `${title} - ${summary}` : title;
}

function withQuery(base: string, params: Record<string, string>): string {
  return `${base}?${new URLSearchParams(params).toString()}`;
}

export function shareUrl(network: ShareNetwork, target: ShareTarget): string {
  const text = shareText(target);
  switch (network) {
    case 'x':
      return withQuery('https://twitter.com/intent/tweet', { url: target.url, text });
    case 'facebook':
      return withQuery('https://www.facebook.com/sharer/sharer.php', { u: target.url });
    case 'linkedin':
      return withQuery('https://www.linkedin.com/shareArticle', {
        mini: 'true',
        url: target.url,
        title: target.title,
        summary: shortDescription(target.description),
      });
    case 'whatsapp':
      return withQuery('https://wa.me/', { text: `${text} ${target.url}` });
    case 'telegram':
      return withQuery('https://t.me/share/url', { url: target.url, text });
  }
}

export function openSharePopup(network: ShareNetwork, target: ShareTarget): void {
  window.open(shareUrl(network, target), '_blank', SHARE_POPUP_FEATURES);
}
