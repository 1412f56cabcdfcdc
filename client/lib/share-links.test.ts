import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  openSharePopup,
  SHARE_DESCRIPTION_MAX,
  type ShareTarget,
  shareText,
  shareUrl,
  shortDescription,
  watchPageUrl,
} from './share-links';

const target: ShareTarget = {
  url: 'https://reelforge.test/watch/42',
  title: 'Sunrise & Coffee',
  description: 'A calm morning: 4 scenes #cozy',
};

function parse(url: string) {
  const parsed = new URL(url);
  return { base: `${parsed.origin}${parsed.pathname}`, params: parsed.searchParams };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('watchPageUrl', () => {
  it('builds the public address from the origin and the id', () => {
    expect(watchPageUrl('https://reelforge.test', '42')).toBe('https://reelforge.test/watch/42');
    expect(watchPageUrl('https://reelforge.test', 'a b/c')).toBe(
      'https://reelforge.test/watch/a%20b%2Fc',
    );
  });
});

describe('shareText', () => {
  it('joins title and description, or gives the title alone', () => {
    expect(shareText(target)).toBe('Sunrise & Coffee - A calm morning: 4 scenes #cozy');
    expect(shareText({ title: 'Only a title', description: '   ' })).toBe('Only a title');
  });

  it('shortens long descriptions with an ellipsis', () => {
    const long = 'word '.repeat(100);
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
    expect(short.endsWith('…')).toBe(true);
  });
});

describe('shareUrl', () => {
  it('X: the intent with the address and the text', () => {
    const { base, params } = parse(shareUrl('x', target));
    expect(base).toBe('https://twitter.com/intent/tweet');
    expect(params.get('url')).toBe(target.url);
    expect(params.get('text')).toBe('Sunrise & Coffee - A calm morning: 4 scenes #cozy');
  });

  it('Facebook: the sharer with the address', () => {
    const url = shareUrl('facebook', target);
    expect(url).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(target.url)}`,
    );
  });

  it('LinkedIn: address, title and summary', () => {
    const { base, params } = parse(shareUrl('linkedin', target));
    expect(base).toBe('https://www.linkedin.com/shareArticle');
    expect(params.get('mini')).toBe('true');
    expect(params.get('url')).toBe(target.url);
    expect(params.get('title')).toBe('Sunrise & Coffee');
    expect(params.get('summary')).toBe('A calm morning: 4 scenes #cozy');
  });

  it('WhatsApp: one text with the address at the end', () => {
    const { base, params } = parse(shareUrl('whatsapp', target));
    expect(base).toBe('https://wa.me/');
    expect(params.get('text')).toBe(
      'Sunrise & Coffee - A calm morning: 4 scenes #cozy https://reelforge.test/watch/42',
    );
  });

  it('Telegram: the address and the text', () => {
    const { base, params } = parse(shareUrl('telegram', target));
    expect(base).toBe('https://t.me/share/url');
    expect(params.get('url')).toBe(target.url);
    expect(params.get('text')).toBe('Sunrise & Coffee - A calm morning: 4 scenes #cozy');
  });

  it('escapes everything, so & and # cannot break the query', () => {
    const url = shareUrl('x', target);
    expect(url).not.toContain('#');
    expect(url).not.toMatch(/&\s/);
  });
});

describe('openSharePopup', () => {
  it('opens a 600x400 popup without an opener', () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    openSharePopup('facebook', target);
    expect(open).toHaveBeenCalledWith(
      shareUrl('facebook', target),
      '_blank',
      'width=600,height=400,noopener,noreferrer',
    );
  });
});
