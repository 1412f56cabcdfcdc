// Earning free credits (spec/api.md §9.3): the ten proof types, what each pays, the platforms a
// member follows, and the one key that says two post links are the same post, whoever sent them.
import { REWARDS } from './catalogue';

export const FOLLOW_TYPES = [
  'follow_discord',
  'follow_x',
  'follow_instagram',
  'follow_facebook',
  'follow_youtube',
  'follow_tiktok',
  'follow_linkedin',
  'follow_telegram',
] as const;
export type FollowType = (typeof FOLLOW_TYPES)[number];

export const SUBMISSION_TYPES = ['x_post', 'view_milestone', ...FOLLOW_TYPES] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export function isFollowType(type: string): type is FollowType {
  return (FOLLOW_TYPES as readonly string[]).includes(type);
}

/** Who to mention in an X post that earns credits. */
export const X_HANDLE = '@ReelforgeApp';
export const X_HASHTAG = '#Reelforge';

export type FollowPlatform = {
  type: FollowType;
  name: string;
  /** The verb on the button: one joins a Discord server and follows everywhere else. */
  action: 'Join' | 'Follow';
  credits: number;
  /** Our page on the platform; Discord's invite comes from configuration (DISCORD_INVITE_URL). */
  url: string | null;
  /** What the proof form asks for. */
  handleLabel: string;
};

const follow = (type: FollowType, name: string, url: string, handleLabel: string) =>
  ({
    type,
    name,
    action: 'Follow',
    credits: REWARDS.followPerPlatform,
    url,
    handleLabel,
  }) as const satisfies FollowPlatform;

export const FOLLOW_PLATFORMS: readonly FollowPlatform[] = [
  {
    type: 'follow_discord',
    name: 'Discord',
    action: 'Join',
    credits: REWARDS.discordJoin,
    url: null,
    handleLabel: 'Your Discord username',
  },
  follow('follow_x', 'X', 'https://x.com/ReelforgeApp', 'Your X handle'),
  follow(
    'follow_instagram',
    'Instagram',
    'https://instagram.com/reelforgeapp',
    'Your Instagram handle',
  ),
  follow('follow_facebook', 'Facebook', 'https://facebook.com/reelforgeapp', 'Your Facebook name'),
  follow('follow_youtube', 'YouTube', 'https://youtube.com/@reelforgeapp', 'Your YouTube channel'),
  follow('follow_tiktok', 'TikTok', 'https://tiktok.com/@reelforgeapp', 'Your TikTok handle'),
  follow(
    'follow_linkedin',
    'LinkedIn',
    'https://linkedin.com/company/reelforge',
    'Your LinkedIn name',
  ),
  follow('follow_telegram', 'Telegram', 'https://t.me/reelforgeapp', 'Your Telegram username'),
];

export function followPlatform(type: FollowType): FollowPlatform {
  const platform = FOLLOW_PLATFORMS.find((candidate) => candidate.type === type);
  if (!platform) throw new Error(`unknown follow type ${type}`);
  return platform;
}

export type ViewMilestone = (typeof REWARDS.viewMilestones)[number];

/** The highest milestone a view count reaches, or null below 1,000 views. */
export function viewMilestoneFor(viewCount: number): ViewMilestone | null {
  let reached: ViewMilestone | null = null;
  for (const milestone of REWARDS.viewMilestones) {
    if (viewCount >= milestone.minViews) reached = milestone;
  }
  return reached;
}

/** What approving a submission pays before anything already paid for the same post is taken off. */
export type Reward = { credits: number; eliteMonths: number };

export function rewardFor(type: SubmissionType, viewCount: number | null): Reward {
  if (type === 'x_post') return { credits: REWARDS.xPost, eliteMonths: 0 };
  if (type === 'view_milestone') {
    const milestone = viewMilestoneFor(viewCount ?? 0);
    return {
      credits: milestone?.credits ?? 0,
      eliteMonths: milestone && 'eliteMonths' in milestone ? milestone.eliteMonths : 0,
    };
  }
  return { credits: followPlatform(type).credits, eliteMonths: 0 };
}

/** "2 credits", "1 credit", "one month of Elite": a reward as the Earn section and toasts say it. */
export function describeReward(reward: Reward): string {
  if (reward.eliteMonths > 0) {
    return reward.eliteMonths === 1
      ? 'one month of Elite'
      : `${reward.eliteMonths} months of Elite`;
  }
  return `${reward.credits} credit${reward.credits === 1 ? '' : 's'}`;
}

export const SUBMISSION_TYPE_LABELS: Record<SubmissionType, string> = {
  x_post: 'X post',
  view_milestone: 'View milestone',
  follow_discord: 'Discord join',
  follow_x: 'Follow on X',
  follow_instagram: 'Follow on Instagram',
  follow_facebook: 'Follow on Facebook',
  follow_youtube: 'Follow on YouTube',
  follow_tiktok: 'Follow on TikTok',
  follow_linkedin: 'Follow on LinkedIn',
  follow_telegram: 'Follow on Telegram',
};

/** Why a post link was refused: the link names no single post we can tell offline. */
export const POST_NOT_FOUND_MESSAGE =
  "We couldn't find a post in that link. Please paste the link to the post itself.";
export const SHORT_LINK_MESSAGE =
  "We can't tell which post a short link leads to. Please open it and paste the full link to the post.";

/** Which post a link names: its key, or why none can be told. */
export type PostIdentity = { key: string } | { key: null; refusal: string };

// Query parameters that only say who shared a link or how; they never change which post it is.
const TRACKING_PARAMS =
  /^(utm_.*|s|t|si|ref|ref_src|ref_url|fbclid|igsh|igshid|feature|is_from_webapp|sender_device|_r)$/i;

// Hosts that show an X post under X's own path (/handle/status/id): X, its old name, and the
// mirrors people use to embed or read posts. Their subdomains (mobile., m., www., d.) count too.
const X_HOSTS = [
  'x.com',
  'twitter.com',
  'fxtwitter.com',
  'vxtwitter.com',
  'fixupx.com',
  'fixvx.com',
  'twittpr.com',
  'nitter.net',
  'xcancel.com',
];
const YOUTUBE_HOSTS = ['youtube.com', 'youtube-nocookie.com'];
const INSTAGRAM_HOSTS = ['instagram.com', 'instagr.am', 'ddinstagram.com'];
// Links that only redirect: the post behind them is known only by following them, which the
// server does not do (it would fetch whatever a member pastes), so they are never paid on a guess.
const SHORTENERS = [
  't.co',
  'vm.tiktok.com',
  'vt.tiktok.com',
  'bit.ly',
  'tinyurl.com',
  'goo.gl',
  'ow.ly',
  'buff.ly',
  'lnkd.in',
];

// X: /handle/status/id, /i/web/status/id, /i/status/id, the old /statuses/id; anything may follow
// (/photo/1, /analytics). The id must end its segment: /status/12abc names no post.
const X_STATUS = /^\/(?:[^/]+\/){0,2}status(?:es)?\/(\d{1,25})(?:\/|$)/i;
// YouTube: watch?v=, the embed, old player, short, live and music forms. Ids are 11 characters and
// case-sensitive (aBc and ABC are two videos); "videoseries" is a playlist embed, not a video.
const YOUTUBE_PATH = /^\/(?:embed|v|e|shorts|live)\/([\w-]{11})(?:\/|$)/i;
const YOUTUBE_ID = /^[\w-]{11}$/;
// TikTok: /@handle/video/id (or /photo/id), m.tiktok.com/v/id.html, and the embed and player forms.
const TIKTOK_PATH =
  /^\/(?:@[^/]+\/(?:video|photo)|v|embed(?:\/v2)?|player\/v1|share\/video)\/(\d{1,25})(?:\.html)?(?:\/|$)/i;
// Instagram: /p/, /reel/, /reels/ and /tv/ with or without the handle before it; ids keep their case.
const INSTAGRAM_POST = /^\/(?:[\w.]+\/)?(?:p|reels?|tv)\/([\w-]+)(?:\/|$)/i;
const INSTAGRAM_STORY = /^\/stories\/[\w.]+\/(\d{1,25})(?:\/|$)/i;

/**
 * Which post a link names, one key per post, so the same post sent twice is recognised whatever
 * its spelling: another member, another host or mirror (twitter.com, fxtwitter.com, m.youtube.com,
 * youtube-nocookie.com), letter case where the platform ignores it, a trailing dot on the host, a
 * leading zero in a numeric id, a tracking parameter, the author's renamed handle. X, YouTube,
 * TikTok and Instagram links reduce to their post id; a link on those platforms with no post id in
 * it (a profile, a short link) names no post and is refused. Other sites keep host and path.
 */
export function identifyPost(link: string): PostIdentity {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return notFound();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return notFound();
  // DNS ignores case and a final dot: x.com. is x.com.
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  const path = decodePath(url.pathname);

  if (SHORTENERS.some((shortener) => onDomain(host, shortener))) return shortLink();
  if (X_HOSTS.some((domain) => onDomain(host, domain))) {
    // Old links kept the path after #! (twitter.com/#!/alice/status/1).
    const route = url.hash.startsWith('#!/') ? decodePath(url.hash.slice(2)) : path;
    return keyed('x.com/status', numericId(X_STATUS.exec(route)?.[1]));
  }
  if (host === 'youtu.be') {
    const id = path.split('/')[1];
    return keyed('youtube.com/watch', id && YOUTUBE_ID.test(id) ? id : null);
  }
  if (YOUTUBE_HOSTS.some((domain) => onDomain(host, domain))) {
    const watched = /^\/watch\/?$/i.test(path) ? url.searchParams.get('v') : null;
    const id = YOUTUBE_PATH.exec(path)?.[1] ?? watched;
    return keyed(
      'youtube.com/watch',
      id && YOUTUBE_ID.test(id) && id !== 'videoseries' ? id : null,
    );
  }
  if (onDomain(host, 'tiktok.com')) {
    // tiktok.com/t/CODE is a share link that only redirects, like vm.tiktok.com.
    if (/^\/t\//i.test(path)) return shortLink();
    return keyed('tiktok.com/video', numericId(TIKTOK_PATH.exec(path)?.[1]));
  }
  if (INSTAGRAM_HOSTS.some((domain) => onDomain(host, domain))) {
    const story = numericId(INSTAGRAM_STORY.exec(path)?.[1]);
    if (story) return { key: `instagram.com/stories/${story}` };
    return keyed('instagram.com/p', INSTAGRAM_POST.exec(path)?.[1] ?? null);
  }

  // Any other site: its address without the parts that never name a different page.
  const site = host.replace(/^(www|mobile|m)\./, '');
  const page = url.pathname.replace(/\/+$/, '');
  const kept = [...url.searchParams]
    .filter(([name]) => !TRACKING_PARAMS.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  // A site's home page is nobody's post.
  if (page === '' && kept.length === 0) return notFound();
  const query = kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : '';
  return { key: `${site}${page}${query}` };
}

/** The post's key (see identifyPost), or null when the link names no post we can tell. */
export function postKey(link: string): string | null {
  return identifyPost(link).key;
}

function onDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** %73tatus is status: a path is compared decoded; a malformed escape is left as it was. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A numeric id without its leading zeros (007 and 7 are one post); null for none or all zeros. */
function numericId(digits: string | undefined): string | null {
  const id = digits?.replace(/^0+/, '');
  return id ? id : null;
}

function keyed(prefix: string, id: string | null): PostIdentity {
  return id ? { key: `${prefix}/${id}` } : notFound();
}

function notFound(): PostIdentity {
  return { key: null, refusal: POST_NOT_FOUND_MESSAGE };
}

function shortLink(): PostIdentity {
  return { key: null, refusal: SHORT_LINK_MESSAGE };
}
