// One key per post, whatever form its link takes: every spelling that got a post paid twice maps to
// the key of its plain link, links that name no post are refused, and random mixes of case,
// trailing dots, leading zeros, mirrors and tracking parameters never make a second key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identifyPost, POST_NOT_FOUND_MESSAGE, postKey, SHORT_LINK_MESSAGE } from './earning';

const TWEET = '1234567890123456789';
const VIDEO = 'dQw4w9WgXcQ';
const TIKTOK = '7301234567890123456';
const INSTAGRAM = 'CxYz_12-AbC';

describe('postKey gives one key per post', () => {
  it.each([
    // X: the spellings paid twice (case, trailing dot, leading zero, mirrors), then the rest.
    [`https://x.com/alice/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://x.com/ALICE/STATUS/${TWEET}/`, `x.com/status/${TWEET}`],
    [`https://x.com./alice/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://x.com/alice/status/00${TWEET}`, `x.com/status/${TWEET}`],
    [`https://fxtwitter.com/alice/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://vxtwitter.com/alice/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://fixupx.com/alice/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://nitter.net/alice/status/${TWEET}#m`, `x.com/status/${TWEET}`],
    [`https://twitter.com/Alice/status/${TWEET}?s=20&t=abc`, `x.com/status/${TWEET}`],
    [`https://mobile.twitter.com/alice/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`http://www.x.com/someone_else/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://x.com/i/web/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://x.com/i/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://twitter.com/alice/statuses/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://twitter.com/statuses/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://X.COM/alice/status/${TWEET}/photo/1`, `x.com/status/${TWEET}`],
    [`https://twitter.com/#!/alice/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://d.fxtwitter.com/alice/status/${TWEET}`, `x.com/status/${TWEET}`],
    [`https://x.com/alice/%73tatus/${TWEET}`, `x.com/status/${TWEET}`],
    // YouTube: the embed, no-cookie, music and old player forms paid twice, then the rest. The
    // id keeps its case.
    [`https://www.youtube.com/watch?v=${VIDEO}`, `youtube.com/watch/${VIDEO}`],
    [`https://www.youtube.com/embed/${VIDEO}`, `youtube.com/watch/${VIDEO}`],
    [`https://www.youtube.com/embed/${VIDEO}?rel=0`, `youtube.com/watch/${VIDEO}`],
    [`https://www.youtube-nocookie.com/embed/${VIDEO}`, `youtube.com/watch/${VIDEO}`],
    [`https://music.youtube.com/watch?v=${VIDEO}&feature=share`, `youtube.com/watch/${VIDEO}`],
    [`https://www.youtube.com/v/${VIDEO}`, `youtube.com/watch/${VIDEO}`],
    [`https://youtu.be/${VIDEO}?si=Ab12`, `youtube.com/watch/${VIDEO}`],
    [`https://youtu.be./${VIDEO}`, `youtube.com/watch/${VIDEO}`],
    [`https://youtube.com/shorts/${VIDEO}`, `youtube.com/watch/${VIDEO}`],
    [`https://www.youtube.com/live/${VIDEO}?feature=share`, `youtube.com/watch/${VIDEO}`],
    [`https://m.youtube.com/watch?v=${VIDEO}&t=42s`, `youtube.com/watch/${VIDEO}`],
    [`https://WWW.YOUTUBE.COM./watch/?v=${VIDEO}`, `youtube.com/watch/${VIDEO}`],
    // TikTok: the mobile form after the web one paid twice; then embeds, case, zeros.
    [`https://www.tiktok.com/@a/video/${TIKTOK}`, `tiktok.com/video/${TIKTOK}`],
    [`https://m.tiktok.com/v/${TIKTOK}.html`, `tiktok.com/video/${TIKTOK}`],
    [`https://www.tiktok.com/@b/video/0${TIKTOK}?is_from_webapp=1`, `tiktok.com/video/${TIKTOK}`],
    [`https://www.tiktok.com/embed/v2/${TIKTOK}`, `tiktok.com/video/${TIKTOK}`],
    [`https://www.tiktok.com/@A/VIDEO/${TIKTOK}/`, `tiktok.com/video/${TIKTOK}`],
    [`https://tiktok.com./@a/photo/${TIKTOK}`, `tiktok.com/video/${TIKTOK}`],
    // Instagram: posts, reels and IGTV, with or without the handle; the id keeps its case.
    [`https://www.instagram.com/p/${INSTAGRAM}/`, `instagram.com/p/${INSTAGRAM}`],
    [`https://instagram.com/reel/${INSTAGRAM}`, `instagram.com/p/${INSTAGRAM}`],
    [`https://www.instagram.com/reels/${INSTAGRAM}/?igsh=abc`, `instagram.com/p/${INSTAGRAM}`],
    [`https://www.instagram.com/tv/${INSTAGRAM}`, `instagram.com/p/${INSTAGRAM}`],
    [`https://www.instagram.com/alice/p/${INSTAGRAM}/`, `instagram.com/p/${INSTAGRAM}`],
    [`https://www.instagram.com/alice/reel/${INSTAGRAM}`, `instagram.com/p/${INSTAGRAM}`],
    [`https://INSTAGRAM.COM./P/${INSTAGRAM}`, `instagram.com/p/${INSTAGRAM}`],
    [`https://www.instagram.com/stories/alice/03123456789/`, 'instagram.com/stories/3123456789'],
    // Other sites keep their path; the host loses its case, final dot and www./m. prefix, and
    // the query its tracking parameters.
    [
      'https://m.facebook.com/story.php?story_fbid=123&id=456&fbclid=zzz',
      'facebook.com/story.php?id=456&story_fbid=123',
    ],
    ['https://www.Facebook.com./reelforge/videos/123/', 'facebook.com/reelforge/videos/123'],
    [
      'https://www.linkedin.com/posts/robin_launch-activity-123?utm_source=share',
      'linkedin.com/posts/robin_launch-activity-123',
    ],
  ])('%s is %s', (link, key) => {
    expect(postKey(link)).toBe(key);
  });

  it('tells YouTube and Instagram ids apart by case', () => {
    expect(postKey(`https://youtu.be/${VIDEO.toUpperCase()}`)).not.toBe(
      postKey(`https://youtu.be/${VIDEO}`),
    );
    expect(postKey(`https://instagram.com/p/${INSTAGRAM.toLowerCase()}`)).not.toBe(
      postKey(`https://instagram.com/p/${INSTAGRAM}`),
    );
  });
});

describe('a link that names no post is refused', () => {
  it.each([
    'https://x.com/alice',
    'https://x.com/alice/status/',
    'https://x.com/alice/status/12abc',
    'https://x.com/alice/status/000',
    'https://twitter.com/home',
    'https://fxtwitter.com/',
    'https://www.youtube.com/@reelforge',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=tooshort',
    'https://www.youtube.com/embed/videoseries?list=PL1234567890',
    'https://www.youtube.com/playlist?list=PL1234567890',
    'https://youtu.be/',
    'https://www.tiktok.com/@alice',
    'https://www.tiktok.com/@alice/video/',
    'https://www.instagram.com/alice/',
    'https://www.facebook.com/',
    'https://www.facebook.com/?utm_source=x',
    'not a link',
    'ftp://x.com/alice/status/1',
  ])('%s', (link) => {
    expect(identifyPost(link)).toEqual({ key: null, refusal: POST_NOT_FOUND_MESSAGE });
  });

  it.each([
    'https://vm.tiktok.com/ZMabc123/',
    'https://vt.tiktok.com/ZSabc123/',
    'https://www.tiktok.com/t/ZTabc123/',
    'https://t.co/abc123',
    'https://bit.ly/abc123',
  ])('%s is a short link that only redirects', (link) => {
    expect(identifyPost(link)).toEqual({ key: null, refusal: SHORT_LINK_MESSAGE });
  });
});

// Random spellings of one post. Each platform gives the post's key and a way to write a link to it
// from the parts a property varies: which host (mirrors and subdomains), the case of the letters
// the platform ignores, a final dot on the host, leading zeros on a numeric id, a trailing slash
// and a tracking parameter.
type Spelling = {
  hostIndex: number;
  caseMask: boolean[];
  trailingDot: boolean;
  zeros: number;
  slash: boolean;
  tracking: boolean;
};

const spelling: fc.Arbitrary<Spelling> = fc.record({
  hostIndex: fc.nat(),
  caseMask: fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
  trailingDot: fc.boolean(),
  zeros: fc.integer({ min: 0, max: 3 }),
  slash: fc.boolean(),
  tracking: fc.boolean(),
});

function mixCase(text: string, mask: boolean[]): string {
  return [...text]
    .map((letter, index) =>
      mask[index % mask.length] ? letter.toUpperCase() : letter.toLowerCase(),
    )
    .join('');
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const handle = fc.stringMatching(/^[A-Za-z0-9_]{1,15}$/);
const numericId = fc.bigInt({ min: 1n, max: 10n ** 19n }).map(String);
const youtubeId = fc.stringMatching(/^[\w-]{11}$/).filter((id) => id !== 'videoseries');
const instagramId = fc.stringMatching(/^[\w-]{6,14}$/);

const X_SPELLINGS = [
  'x.com',
  'www.x.com',
  'twitter.com',
  'mobile.twitter.com',
  'fxtwitter.com',
  'vxtwitter.com',
  'fixupx.com',
  'nitter.net',
];
type WriteLink = (host: (name: string) => string, id: string) => string;
const YOUTUBE_SPELLINGS: WriteLink[] = [
  (host, id) => `${host('www.youtube.com')}/watch?v=${id}`,
  (host, id) => `${host('m.youtube.com')}/watch?v=${id}`,
  (host, id) => `${host('music.youtube.com')}/watch?v=${id}`,
  (host, id) => `${host('www.youtube.com')}/embed/${id}`,
  (host, id) => `${host('www.youtube-nocookie.com')}/embed/${id}`,
  (host, id) => `${host('youtube.com')}/v/${id}`,
  (host, id) => `${host('youtube.com')}/shorts/${id}`,
  (host, id) => `${host('youtube.com')}/live/${id}`,
  (host, id) => `${host('youtu.be')}/${id}`,
];

/** The host as a spelling writes it: mixed case, maybe a final dot. */
function hostOf(name: string, variant: Spelling): string {
  return `https://${mixCase(name, variant.caseMask)}${variant.trailingDot ? '.' : ''}`;
}

function tail(variant: Spelling, separator: '?' | '&'): string {
  return `${variant.slash ? '/' : ''}${variant.tracking ? `${separator}utm_source=share` : ''}`;
}

describe('random spellings of one post share its key', () => {
  it('X: any host, handle, case, final dot and leading zeros', () => {
    fc.assert(
      fc.property(numericId, handle, spelling, (id, author, variant) => {
        const path = mixCase(`/${author}/status/`, variant.caseMask);
        const link = `${hostOf(pick(X_SPELLINGS, variant.hostIndex), variant)}${path}${'0'.repeat(variant.zeros)}${id}${tail(variant, '?')}`;
        expect(postKey(link)).toBe(`x.com/status/${id}`);
      }),
    );
  });

  it('YouTube: any form and host case, the id exactly as written', () => {
    fc.assert(
      fc.property(youtubeId, spelling, (id, variant) => {
        const write = pick(YOUTUBE_SPELLINGS, variant.hostIndex);
        const link = write((name) => hostOf(name, variant), id);
        const separator = link.includes('?') ? '&' : '?';
        expect(postKey(`${link}${variant.tracking ? `${separator}si=abc` : ''}`)).toBe(
          `youtube.com/watch/${id}`,
        );
      }),
    );
  });

  it('TikTok: web and mobile forms, case, final dot and leading zeros', () => {
    fc.assert(
      fc.property(numericId, handle, spelling, (id, author, variant) => {
        const zeros = '0'.repeat(variant.zeros);
        const link =
          variant.hostIndex % 2 === 0
            ? `${hostOf('www.tiktok.com', variant)}${mixCase(`/@${author}/video/`, variant.caseMask)}${zeros}${id}${tail(variant, '?')}`
            : `${hostOf('m.tiktok.com', variant)}/v/${zeros}${id}.html`;
        expect(postKey(link)).toBe(`tiktok.com/video/${id}`);
      }),
    );
  });

  it('Instagram: post, reel and IGTV, with or without the handle, the id exactly as written', () => {
    fc.assert(
      fc.property(instagramId, handle, spelling, (id, author, variant) => {
        const kind = pick(['p', 'reel', 'reels', 'tv'], variant.hostIndex);
        const owner = variant.zeros % 2 === 0 ? '' : `/${author}`;
        const link = `${hostOf('www.instagram.com', variant)}${owner}/${kind}/${id}${tail(variant, '?')}`;
        expect(postKey(link)).toBe(`instagram.com/p/${id}`);
      }),
    );
  });

  it('answers any web address or text with a key or a refusal, never an error', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
        (link) => {
          const post = identifyPost(link);
          if (post.key === null)
            expect([POST_NOT_FOUND_MESSAGE, SHORT_LINK_MESSAGE]).toContain(post.refusal);
          else expect(post.key.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
