// Earning free credits (spec/api.md §9.3): the ten proof types, what each pays, the platforms a
// member follows, and the one key that says two post links are the same post, whoever sent them.
import { REWARDS } from './plans';

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

// Query parameters that only say who shared a link or how; they never change which post it is.
const TRACKING_PARAMS =
  /^(utm_.*|s|t|si|ref|ref_src|ref_url|fbclid|igsh|igshid|feature|is_from_webapp|sender_device|_r)$/i;

/**
 * One key per post, so the same post sent twice (another member, another host spelling, a tracking
 * parameter, the author's renamed handle) is recognised. Answers null for a link that is not a URL.
 */
export function postKey(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|mobile|m)\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  if (host === 'x.com' || host === 'twitter.com') {
    // The status id names the post; the handle before it can change or be typed wrong.
    const status = /\/status(?:es)?\/(\d+)/.exec(path);
    return status ? `x.com/status/${status[1]}` : `x.com${path.toLowerCase()}`;
  }
  if (host === 'youtu.be') return `youtube.com/watch/${path.slice(1)}`;
  if (host === 'youtube.com') {
    const shorts = /^\/(?:shorts|live)\/([\w-]+)/.exec(path);
    const id = shorts?.[1] ?? (path === '/watch' ? url.searchParams.get('v') : null);
    if (id) return `youtube.com/watch/${id}`;
  }
  if (host === 'tiktok.com') {
    const video = /\/video\/(\d+)/.exec(path);
    if (video) return `tiktok.com/video/${video[1]}`;
  }
  if (host === 'instagram.com') {
    const post = /^\/(?:[\w.]+\/)?(?:p|reel|reels|tv)\/([\w-]+)/.exec(path);
    if (post) return `instagram.com/p/${post[1]}`;
  }
  const kept = [...url.searchParams]
    .filter(([name]) => !TRACKING_PARAMS.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const query = kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : '';
  return `${host}${path}${query}`;
}
