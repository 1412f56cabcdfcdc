// Business constants from spec/api.md §9 (plans, prices, packs, rewards, limits, timings).
// Client and server both import this module, so a number lives in exactly one place.

export const MEMBER_LEVELS = ['Free', 'Pro', 'Elite'] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];

/** A missing or unknown plan counts as Free (spec/product.md §1). */
export function normalizeMemberLevel(value: string | null | undefined): MemberLevel {
  return MEMBER_LEVELS.find((level) => level === value) ?? 'Free';
}

/** The next tier above the current one, offered as an upgrade; Elite has none. */
export function nextTier(level: MemberLevel): MemberLevel | null {
  const index = MEMBER_LEVELS.indexOf(level);
  return MEMBER_LEVELS[index + 1] ?? null;
}

export const SECONDS_PER_SCENE = 8;

/**
 * Where a video's scenes come from:
 * - `offline`: a picture of each scene's subject over a mood background (no provider needed);
 * - `upload`: the member's own image per scene;
 * - `ai-image`: a still per scene from an image model, animated by our renderer;
 * - `ai-video`: a clip per scene from a video model.
 */
export const SCENE_SOURCES = ['offline', 'upload', 'stock', 'ai-image', 'ai-video'] as const;
export type SceneSource = (typeof SCENE_SOURCES)[number];
export const SCENE_SOURCE_LABELS: Record<SceneSource, string> = {
  offline: 'Offline pictures',
  upload: 'My images',
  stock: 'Stock footage',
  'ai-image': 'AI images',
  'ai-video': 'AI video',
};
export const SCENE_SOURCE_HINTS: Record<SceneSource, string> = {
  offline: 'A picture of each scene’s subject over a moving background. Instant and free.',
  upload: 'Your own image in each scene, with a camera move.',
  stock: 'Free clips and photos from Pexels and Pixabay behind each sentence, credited for you.',
  'ai-image': 'An image model paints each scene; we add the camera move.',
  'ai-video': 'A video model films each scene. Slower and costlier.',
};
export const CREDITS_PER_VIDEO = 1;

export type PlanRules = {
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
};

export const PLAN_RULES: Record<MemberLevel, PlanRules> = {
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
  },
};

/** Each plan's seats for work in progress (the server may be configured with others). */
export function defaultInProgressLimits(): Record<MemberLevel, number> {
  return {
    Free: PLAN_RULES.Free.maxInProgress,
    Pro: PLAN_RULES.Pro.maxInProgress,
    Elite: PLAN_RULES.Elite.maxInProgress,
  };
}

export type PlanDisplay = {
  level: MemberLevel;
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
export const PLAN_DISPLAY: Record<MemberLevel, PlanDisplay> = {
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
export const MEMBERSHIP_PLANS = [
  { id: 'pro', ...PLAN_DISPLAY.Pro },
  { id: 'elite', ...PLAN_DISPLAY.Elite },
] as const;

export const SUBSCRIPTIONS_RENEW_AUTOMATICALLY = true;

export type CreditPack = {
  id: 'starter' | 'creator' | 'power' | 'ultimate';
  name: string;
  credits: number;
  /** Price in US cents, so sums stay exact. */
  priceCents: number;
  price: string;
  pricePerCredit: string;
  bestValue: boolean;
};

export const CREDIT_PACKS: readonly CreditPack[] = [
  {
    id: 'starter',
    name: 'Starter',
    credits: 3,
    priceCents: 100,
    price: '$1',
    pricePerCredit: '$0.33',
    bestValue: false,
  },
  {
    id: 'creator',
    name: 'Creator',
    credits: 15,
    priceCents: 500,
    price: '$5',
    pricePerCredit: '$0.33',
    bestValue: false,
  },
  {
    id: 'power',
    name: 'Power',
    credits: 30,
    priceCents: 1000,
    price: '$10',
    pricePerCredit: '$0.33',
    bestValue: false,
  },
  {
    id: 'ultimate',
    name: 'Ultimate',
    credits: 100,
    priceCents: 2500,
    price: '$25',
    pricePerCredit: '$0.25',
    bestValue: true,
  },
];

export const EARLY_ACCESS_CAPACITY = 1000;

export const REWARDS = {
  xPost: 2,
  followPerPlatform: 1,
  followPlatformCount: 8,
  discordJoin: 2,
  referralSignup: 5,
  referralPaid: 25,
  viewMilestones: [
    { minViews: 1_000, credits: 1, label: '1K+ views' },
    { minViews: 10_000, credits: 15, label: '10K+ views' },
    { minViews: 100_000, credits: 50, label: '100K+ views' },
    { minViews: 1_000_000, credits: 0, label: '1M+ views', eliteMonths: 1 },
  ],
  minimumViewCount: 1_000,
} as const;

export const LIMITS = {
  titleMax: 100,
  descriptionMax: 1500,
  imageMaxBytes: 10 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/gif'] as const,
  jobNameMax: 100,
  brandNameMax: 100,
  brandDescriptionMax: 1000,
  focusFeaturesMax: 1000,
  callToActionMax: 300,
  filmStyleMax: 1000,
  dynamicSetMax: 500,
  dynamicPromptMax: 5000,
  grantDescriptionMax: 50,
  rejectionReasonMax: 500,
  scenesDefault: 1,
  scenesMin: 1,
  watermarkDefault: true,
  lowCreditThreshold: 2,
  dashboardRecentVideos: 4,
  taglineCount: 10,
} as const;

export const ASPECT_RATIOS = ['landscape', 'portrait'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const ASPECT_RATIO_LABELS: Record<AspectRatio, string> = {
  landscape: '16:9',
  portrait: '9:16',
};

export const FREQUENCIES = [
  '1hour',
  '2hours',
  '4hours',
  '8hours',
  '12hours',
  'daily',
  'weekly',
  'monthly',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Frequencies only Elite may choose. */
export const ELITE_ONLY_FREQUENCIES: readonly Frequency[] = ['1hour'];

/**
 * Whether a plan may run a job this often (every hour is Elite's). The form's choices, the job
 * routes, the paused reason and the scheduler's query all follow this one rule.
 */
export function planAllowsFrequency(level: MemberLevel, frequency: string): boolean {
  return (
    PLAN_RULES[level].hourlyFrequency || !ELITE_ONLY_FREQUENCIES.includes(frequency as Frequency)
  );
}

/** The 16 folder icons a member can pick; the first is the default. */
export const FOLDER_ICONS = [
  '📁',
  '🎬',
  '🎥',
  '📹',
  '🎞️',
  '⭐',
  '❤️',
  '🔥',
  '🚀',
  '💡',
  '🎨',
  '🎵',
  '📚',
  '💼',
  '🌟',
  '🏆',
] as const;
export const DEFAULT_FOLDER_ICON = FOLDER_ICONS[0];

/** Every timing of spec/api.md §9.5, in milliseconds unless the name says otherwise. */
export const TIMINGS = {
  successToastMs: 5_000,
  errorToastMs: 8_000,
  toastMinMs: 2_000,
  toastMaxMs: 10_000,
  copyToastMs: 3_000,
  jobDeletedToastMs: 5_000,
  copiedLabelMs: 2_000,
  userCacheMs: 30 * 60_000,
  creditsStaleMs: 5 * 60_000,
  usersStaleMs: 5 * 60_000,
  ledgerStaleMs: 5 * 60_000,
  sharedVideoStaleMs: 5 * 60_000,
  sharedVideoRetries: 3,
  userCountRefetchMs: 30_000,
  userCountFreshMs: 25_000,
  adminSubmissionsRefetchMs: 30_000,
  queuedActionTimeoutMs: 30_000,
  stableConnectionMs: 2_000,
  socketReconnectDelayMinMs: 1_000,
  socketReconnectDelayMaxMs: 5_000,
  socketTimeoutMs: 20_000,
  autoAppendCooldownMs: 30_000,
  autoAppendDoneMs: 3_000,
  watchDemoDelayMs: 800,
  supportScrollDelayMs: 100,
  sectionScrollLinePx: 150,
  smoothScrollOffsetPx: 80,
  heroCarouselItems: 9,
  heroCarouselItemSeconds: 15,
  heroCarouselRepeats: 3,
  heroCarouselPxPerFrame: 0.5,
  heroCarouselPauseAfterInteractionMs: 5_000,
  taglineRotateMs: 30_000,
  taglineFadeMs: 300,
  failedPollingNoticeMs: 5 * 60_000,
  sharePopupWidth: 600,
  sharePopupHeight: 400,
  mobileBreakpointPx: 768,
  cameraIdealWidth: 640,
  cameraIdealHeight: 480,
  cameraMinWidth: 320,
  cameraMinHeight: 240,
  cameraPngQuality: 0.95,
} as const;
