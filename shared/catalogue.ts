// What a video and a Creator Engine job can be made of, and what Reelforge sells beside the tiers:
// scene sources, aspect ratios, frequencies, folder icons, credit packs and earning rewards
// (spec/api.md §9). Client and server both import it, so a number lives in exactly one place.

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
