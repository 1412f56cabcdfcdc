// The membership tiers (Free, Pro, Elite): what each may do, and how the landing page and the
// purchase screen present them (spec/api.md §9). Client and server both import it.
import { type Frequency, SCENE_SOURCES, type SceneSource } from './catalogue';

export const TIERS = ['Free', 'Pro', 'Elite'] as const;

export type Tier = (typeof TIERS)[number];

/** A missing or unknown plan counts as Free (spec/product.md §1). */
export function normalizeTier(value: string | null | undefined): Tier {
  return TIERS.find((level) => level === value) ?? 'Free';
}

/** The next tier above the current one, offered as an upgrade; Elite has none. */
export function nextTier(level: Tier): Tier | null {
  const index = TIERS.indexOf(level);
  return TIERS[index + 1] ?? null;
}

export type TierRules = {
  maxScenes: number;
  watermarkRemovable: boolean;
  canCreateJobs: boolean;
  hourlyFrequency: boolean;
  runNow: boolean;
  /** Generations granted each month; null means unlimited (shown as ∞). */
  monthlyCredits: number | null;
  /**
   * Videos and combinations a member may have queued or rendering at once: no member can fill the
   * renderers, and Elite's unlimited credits do not mean unlimited seats (docs/hardening.md).
   */
  maxInProgress: number;
  /** Creator Engine jobs a member may keep (0: the plan has none). */
  maxJobs: number;
  /** Scenes in one combined video: five times the plan's scene maximum, none used twice. */
  maxCombinedScenes: number;
  /** Render queue rank: higher starts first (spec: Pro a priority queue, Elite the highest). */
  queuePriority: number;
  /** Space for uploaded images kept at once (unused ones are cleared a day after upload). */
  uploadQuotaMb: number;
  /**
   * The scene sources the plan may use (where the server offers them). Every plan may try each:
   * what a paid model costs is bounded by `maxProviderCostUsd` instead.
   */
  sceneSources: readonly SceneSource[];
  /**
   * The most a video may cost in provider fees (USD, estimated before submitting). Above it, a
   * video with no chosen source falls back to a cheaper one (ai-video → ai-image → offline); a
   * member who chose the source is told it costs too much for the plan. At Veo 3.1 Fast's list
   * price ($0.15/s), Free and Pro stay on images and Elite may film all four scenes.
   */
  maxProviderCostUsd: number;
  /** Whether the member's videos may carry their own watermark instead of ours (docs/watermark.md). */
  customWatermark: boolean;
  /** Whether the member may remix a finished video's scenes into a new version (docs/storyboards.md). */
  sceneRemixing: boolean;
};

export const TIER_RULES: Record<Tier, TierRules> = {
  Free: {
    maxScenes: 1,
    watermarkRemovable: false,
    canCreateJobs: false,
    hourlyFrequency: false,
    runNow: false,
    monthlyCredits: 10,
    maxInProgress: 5,
    maxJobs: 0,
    maxCombinedScenes: 5,
    queuePriority: 1,
    uploadQuotaMb: 100,
    sceneSources: SCENE_SOURCES,
    maxProviderCostUsd: 0.5,
    customWatermark: false,
    sceneRemixing: false,
  },
  Pro: {
    maxScenes: 2,
    watermarkRemovable: true,
    canCreateJobs: true,
    hourlyFrequency: false,
    runNow: false,
    monthlyCredits: 150,
    maxInProgress: 10,
    maxJobs: 10,
    maxCombinedScenes: 10,
    queuePriority: 2,
    uploadQuotaMb: 500,
    sceneSources: SCENE_SOURCES,
    maxProviderCostUsd: 2,
    customWatermark: false,
    sceneRemixing: true,
  },
  Elite: {
    maxScenes: 4,
    watermarkRemovable: true,
    canCreateJobs: true,
    hourlyFrequency: true,
    runNow: true,
    monthlyCredits: null,
    maxInProgress: 20,
    maxJobs: 25,
    maxCombinedScenes: 20,
    queuePriority: 3,
    uploadQuotaMb: 2000,
    sceneSources: SCENE_SOURCES,
    maxProviderCostUsd: 8,
    customWatermark: true,
    sceneRemixing: true,
  },
};

/** Each plan's seats for work in progress (the server may be configured with others). */
export function defaultInProgressLimits(): Record<Tier, number> {
  return {
    Free: TIER_RULES.Free.maxInProgress,
    Pro: TIER_RULES.Pro.maxInProgress,
    Elite: TIER_RULES.Elite.maxInProgress,
  };
}

export type TierDisplay = {
  level: Tier;
  name: string;
  price: string;
  /** The monthly price in US cents (what the payment webhook matches a subscription by). */
  priceCents: number;
  originalPrice: string | null;
  period: string;
  description: string;
  popular: boolean;
  features: string[];
};

/** The three plans as the landing page and the purchase screen present them. */
export const TIER_DISPLAY: Record<Tier, TierDisplay> = {
  Free: {
    level: 'Free',
    name: 'Free',
    price: '$0',
    priceCents: 0,
    originalPrice: null,
    period: 'forever',
    description: '10 generations per month to try every idea.',
    popular: false,
    features: [
      '10 generations per month',
      'Up to 1 scene (8 s) per video',
      'Basic scene selection',
      'Community support',
      'Earn more free',
    ],
  },
  Pro: {
    level: 'Pro',
    name: 'Pro',
    price: '$29.99',
    priceCents: 2999,
    originalPrice: '$45.99',
    period: 'per month',
    description: 'Limited time. About $0.20 per video.',
    popular: true,
    features: [
      '150 generations per month',
      'Up to 2 scenes (16 s) per video',
      'Scene remixing',
      'No watermark',
      'Creator Engine automations',
      'Priority queue',
      'Email support',
    ],
  },
  Elite: {
    level: 'Elite',
    name: 'Elite',
    price: '$79.99',
    priceCents: 7999,
    originalPrice: '$99.99',
    period: 'per month',
    description: 'Unlimited generations for studios and agencies.',
    popular: false,
    features: [
      'Unlimited generations',
      'Up to 4 scenes (32 s) per video',
      'No watermark',
      "Creator's Engine with hourly runs",
      'Custom watermark',
      'Highest priority queue',
      'Commercial rights',
      'Priority support',
    ],
  },
};

/** Monthly memberships offered on the purchase screen (spec: Membership plan, ids pro and elite). */
export const MEMBERSHIP_TIERS = [
  { id: 'pro', ...TIER_DISPLAY.Pro },
  { id: 'elite', ...TIER_DISPLAY.Elite },
] as const;

export const SUBSCRIPTIONS_RENEW_AUTOMATICALLY = true;

/** Frequencies only Elite may choose. */
export const ELITE_ONLY_FREQUENCIES: readonly Frequency[] = ['1hour'];

/**
 * Whether a plan may run a job this often (every hour is Elite's). The form's choices, the job
 * routes, the paused reason and the scheduler's query all follow this one rule.
 */
export function tierAllowsFrequency(level: Tier, frequency: string): boolean {
  return (
    TIER_RULES[level].hourlyFrequency || !ELITE_ONLY_FREQUENCIES.includes(frequency as Frequency)
  );
}
