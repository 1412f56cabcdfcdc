// The limits the configuration sets, with their defaults and the RATE_LIMITS syntax: defined here,
// beside config.ts, so that it imports nothing above it; the HTTP layer (http/rate-limit.ts) and
// the renderer (media/render-limits.ts) enforce them.

export const RATE_LIMIT_NAMES = [
  'signUp',
  'passwordReset',
  'upload',
  'create',
  'combine',
  'storyboard',
  'submission',
  'publish',
  'webhook',
  'emailChange',
  'emailChangeAddress',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export type RateLimitRule = { max: number; windowSeconds: number };
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/**
 * Coarse stops for floods, well above what a person does (fair sharing of the renderers is the
 * in-flight caps' job, not these). See docs/operations.md for the reasoning behind each number.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signUp: { max: 20, windowSeconds: 60 },
  // Each asks for an email: a person needs a few; a script probing addresses gets no further.
  passwordReset: { max: 10, windowSeconds: 15 * 60 },
  upload: { max: 20, windowSeconds: 10 * 60 },
  create: { max: 30, windowSeconds: 60 },
  combine: { max: 20, windowSeconds: 60 },
  // Planning a storyboard costs model calls; editing one costs picture look-ups, hearing one a
  // voice. The editor saves a second after typing stops: a busy member makes a few dozen a minute.
  storyboard: { max: 90, windowSeconds: 60 },
  submission: { max: 20, windowSeconds: 10 * 60 },
  // Platforms cap posts a day (YouTube about 6 for a new project, TikTok and Instagram per account).
  publish: { max: 30, windowSeconds: 60 * 60 },
  webhook: { max: 600, windowSeconds: 60 },
  // Each change of email mails an address the member typed: a person changes it rarely.
  emailChange: { max: 5, windowSeconds: 60 * 60 },
  // Counted per address asked for, whoever asks (features/auth/account-access.ts counts it).
  emailChangeAddress: { max: 3, windowSeconds: 24 * 60 * 60 },
};

/**
 * Parses RATE_LIMITS (`create=10/60,signUp=5/3600`: max requests per window in seconds) over the
 * defaults; `off` turns every limit off (benchmarks that flood on purpose). Throws on a bad entry.
 */
export function parseRateLimits(setting: string | undefined): RateLimits | null {
  if (setting?.trim().toLowerCase() === 'off') return null;
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const entry of (setting ?? '').split(',').map((item) => item.trim())) {
    if (!entry) continue;
    const match = /^(\w+)=(\d{1,7})\/(\d{1,7})$/.exec(entry);
    const name = match?.[1] as RateLimitName | undefined;
    if (!match || !name || !RATE_LIMIT_NAMES.includes(name) || Number(match[3]) < 1) {
      throw new Error(
        `"${entry}" is not name=max/seconds with a name among ${RATE_LIMIT_NAMES.join(', ')}`,
      );
    }
    limits[name] = { max: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return limits;
}

export type RenderLimits = {
  /** Wall-clock limit of one ffmpeg or ffprobe run (time it spends stopped does not count). */
  stepTimeoutMs: number;
  /** Resident memory one ffmpeg may reach. */
  stepMemoryMb: number;
  /** Wall-clock limit of one piece of preparation in a worker thread (planning, layout, music). */
  prepTimeoutMs: number;
  /** Heap a preparation worker thread may use. */
  prepMemoryMb: number;
};

export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  stepTimeoutMs: 180_000,
  stepMemoryMb: 1024,
  prepTimeoutMs: 30_000,
  prepMemoryMb: 256,
};
