// Reads the environment once, with zod, into a typed Config. A bad value stops start-up with a
// message that names the setting, rather than failing later somewhere less obvious.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { CheckoutProduct } from '../shared/schemas/billing';
import type { PaymentLinks } from '../shared/schemas/client-config';
import { defaultInProgressLimits, type Tier } from '../shared/tiers';
import {
  DEFAULT_RENDER_LIMITS,
  parseRateLimits,
  type RateLimits,
  type RenderLimits,
} from './config-limits';

export const PROCESS_ROLES = ['api', 'worker', 'scheduler'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** `local`: the offline storyboard renderer; the others are paid models (generation/providers). */
export const VIDEO_PROVIDERS = ['local', 'gemini', 'vertex', 'veo', 'fal', 'replicate'] as const;
export type VideoProviderName = (typeof VIDEO_PROVIDERS)[number];
/** Image models for the `ai-image` scene source; `none`: the source is not offered. */
export const IMAGE_PROVIDERS = ['none', 'fal', 'replicate', 'gemini'] as const;
export type ImageProviderName = (typeof IMAGE_PROVIDERS)[number];
const httpUrl = () =>
  z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional();

const csv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** A whole number from `min` to `max`, with one message for every way a value can miss. */
function wholeNumber(min: number, max: number, what: string) {
  const message = `must be ${what} from ${min} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message);
}

const PORT_MESSAGE = 'must be a port number from 0 (any free port) to 65535';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** `strict`: an answer carrying a field its route's schema does not declare is an error. */
  RESPONSE_CHECK: z.enum(['strip', 'strict']).optional(),
  /** The Server-Timing header; unset: on, except in production. */
  SERVER_TIMING: z.stringbool({ error: 'must be true or false' }).optional(),
  PORT: z.coerce
    .number({ message: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(0, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(5000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ROLES: z
    .string()
    .default(PROCESS_ROLES.join(','))
    .transform((value, ctx) => {
      const roles = [
        ...new Set(
          value
            .split(',')
            .map((role) => role.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = roles.filter((role) => !(PROCESS_ROLES as readonly string[]).includes(role));
      if (unknown.length > 0 || roles.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must list one or more of ${PROCESS_ROLES.join(', ')} (got "${value}")`,
        });
        return z.NEVER;
      }
      return roles as ProcessRole[];
    }),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Google sign-in (an OAuth client of type "Web application"); both or neither. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's OpenID configuration (a stand-in in tests); unset: Google's own. */
  GOOGLE_DISCOVERY_URL: httpUrl(),
  /** GitHub sign-in (an OAuth app); both or neither. */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_AUTH_URL: httpUrl(),
  GITHUB_TOKEN_URL: httpUrl(),
  /** Where GitHub's /user and /user/emails live; unset: https://api.github.com. */
  GITHUB_API_BASE_URL: httpUrl(),
  ADMIN_EMAILS: csv.transform((emails) => emails.map((email) => email.toLowerCase())),
  ADMIN_USER_IDS: csv,
  EARLY_ACCESS_ACTIVE: z.stringbool({ error: 'must be true or false' }).default(true),
  TRUST_PROXY: z.stringbool({ error: 'must be true or false' }).default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VIDEO_PROVIDER: z
    .enum(VIDEO_PROVIDERS, { error: `must be one of ${VIDEO_PROVIDERS.join(', ')}` })
    .default('local'),
  VIDEO_MODEL: z.string().min(1).optional(),
  VIDEO_MODEL_BY_PLAN: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const models: Partial<Record<Tier, string>> = {};
      for (const entry of (value ?? '').split(',').map((item) => item.trim())) {
        if (!entry) continue;
        const match = /^(Free|Pro|Elite)=(\S+)$/.exec(entry);
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not Free|Pro|Elite=model` });
          return z.NEVER;
        }
        models[match[1] as Tier] = match[2] as string;
      }
      return models;
    }),
  VIDEO_COST_PER_SECOND: z.coerce
    .number({ message: 'must be a price in USD per generated second, such as 0.15' })
    .min(0, 'must be a price in USD per generated second, such as 0.15')
    .optional(),
  VIDEO_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 86400' })
    .int('must be a number of seconds from 1 to 86400')
    .min(1, 'must be a number of seconds from 1 to 86400')
    .max(86_400, 'must be a number of seconds from 1 to 86400')
    .default(900),
  VIDEO_POLL_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 0.1 to 60' })
    .min(0.1, 'must be a number of seconds from 0.1 to 60')
    .max(60, 'must be a number of seconds from 0.1 to 60')
    .default(2),
  VIDEO_IMAGE_FIELD: z.string().min(1).optional(),
  /** Models tried in order, on the same provider, once the configured one is retired. */
  VIDEO_MODEL_FALLBACKS: csv,
  IMAGE_PROVIDER: z
    .enum(IMAGE_PROVIDERS, { error: `must be one of ${IMAGE_PROVIDERS.join(', ')}` })
    .default('none'),
  IMAGE_MODEL: z.string().min(1).optional(),
  IMAGE_COST_PER_IMAGE: z.coerce
    .number({ message: 'must be a price in USD per image, such as 0.003' })
    .min(0, 'must be a price in USD per image, such as 0.003')
    .optional(),
  /** A service-account key (JSON file) for Vertex AI, read by google-auth-library. */
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  VERTEX_PROJECT: z.string().min(1).optional(),
  VERTEX_LOCATION: z.string().min(1).default('us-central1'),
  VERTEX_BASE_URL: httpUrl(),
  /** Skips the start-up check of the configured models (a provider with no models API, offline). */
  CHECK_MODELS_AT_START: z.stringbool({ error: 'must be true or false' }).default(true),
  GEMINI_API_KEY: z.string().min(1).optional(),
  FAL_KEY: z.string().min(1).optional(),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  GEMINI_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  FAL_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  REPLICATE_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  /** Stock footage (docs/scene-sources.md): either key offers the `stock` scene source. */
  PEXELS_API_KEY: z.string().min(1).optional(),
  PIXABAY_API_KEY: z.string().min(1).optional(),
  PEXELS_BASE_URL: httpUrl(),
  PIXABAY_BASE_URL: httpUrl(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool({ error: 'must be true or false' }).default(false),
  LLM_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  TTS_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  TTS_API_KEY: z.string().min(1).optional(),
  TTS_MODEL: z.string().min(1).default('gpt-4o-mini-tts'),
  TTS_VOICES: csv,
  ELEVENLABS_API_KEY: z.string().min(1).optional(),
  ELEVENLABS_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL: z.string().min(1).default('eleven_multilingual_v2'),
  ELEVENLABS_VOICES: csv.transform((entries, ctx) => {
    const voices: Array<{ name: string; voiceId: string }> = [];
    for (const entry of entries) {
      const match = /^([^=]+)=([A-Za-z0-9]+)$/.exec(entry);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not Name=voice_id` });
        return z.NEVER;
      }
      voices.push({ name: (match[1] as string).trim(), voiceId: match[2] as string });
    }
    return voices;
  }),
  RENDER_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number from 1 to 16' })
    .int('must be a whole number from 1 to 16')
    .min(1, 'must be a whole number from 1 to 16')
    .max(16, 'must be a whole number from 1 to 16')
    .optional(),
  RENDER_LEASE_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 3600' })
    .int('must be a number of seconds from 1 to 3600')
    .min(1, 'must be a number of seconds from 1 to 3600')
    .max(3600, 'must be a number of seconds from 1 to 3600')
    .default(30),
  RENDER_STEP_TIMEOUT_SECONDS: wholeNumber(1, 3600, 'a number of seconds').default(
    DEFAULT_RENDER_LIMITS.stepTimeoutMs / 1000,
  ),
  RENDER_MEMORY_LIMIT_MB: wholeNumber(16, 65_536, 'a number of megabytes').default(
    DEFAULT_RENDER_LIMITS.stepMemoryMb,
  ),
  RENDER_PREP_TIMEOUT_SECONDS: wholeNumber(1, 600, 'a number of seconds').default(
    DEFAULT_RENDER_LIMITS.prepTimeoutMs / 1000,
  ),
  RENDER_PREP_MEMORY_LIMIT_MB: wholeNumber(32, 8192, 'a number of megabytes').default(
    DEFAULT_RENDER_LIMITS.prepMemoryMb,
  ),
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(1, 300, 'a number of seconds').default(25),
  DEMO_CLIPS: z.stringbool({ error: 'must be true or false' }).default(true),
  RENDER_MUSIC: z.stringbool({ error: 'must be true or false' }).default(true),
  IN_PROGRESS_LIMITS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const limits = defaultInProgressLimits();
      for (const entry of (value ?? '').split(',').map((item) => item.trim())) {
        if (!entry) continue;
        const match = /^(Free|Pro|Elite)=(\d{1,4})$/.exec(entry);
        if (!match || Number(match[2]) < 1) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" is not Free|Pro|Elite=number (1 or more)`,
          });
          return z.NEVER;
        }
        limits[match[1] as Tier] = Number(match[2]);
      }
      return limits;
    }),
  RATE_LIMITS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseRateLimits(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  SUPPORT_EMAIL: z.email({ message: 'must be an email address' }).default('support@reelforge.app'),
  /** Where mail goes out: smtp://user:pass@host:587 (STARTTLS) or smtps://… (TLS); unset: the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/u, 'must be an smtp:// or smtps:// address')
    .optional(),
  /** The sender of every message: an address, or "Name <address>". */
  MAIL_FROM: z.string().min(3).default('Reelforge <no-reply@reelforge.app>'),
  DISCORD_INVITE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .default('https://discord.gg/reelforge'),
  STRIPE_BILLING_PORTAL_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  STRIPE_LINK_PRO: z.url({ message: 'must be a URL' }).optional(),
  STRIPE_LINK_ELITE: z.url({ message: 'must be a URL' }).optional(),
  STRIPE_LINK_STARTER: z.url({ message: 'must be a URL' }).optional(),
  STRIPE_LINK_CREATOR: z.url({ message: 'must be a URL' }).optional(),
  STRIPE_LINK_POWER: z.url({ message: 'must be a URL' }).optional(),
  STRIPE_LINK_ULTIMATE: z.url({ message: 'must be a URL' }).optional(),
  /** AES-256-GCM key for platform tokens at rest: 32 bytes as base64 or hex; unset: from AUTH_SECRET. */
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => /^[0-9a-f]{64}$/iu.test(value) || Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes, as 64 hex digits or base64',
    )
    .optional(),
  /** How long to wait between looks at a platform's processing (unset: each platform's own). */
  PUBLISH_POLL_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 0.1 to 600' })
    .min(0.1, 'must be a number of seconds from 0.1 to 600')
    .max(600, 'must be a number of seconds from 0.1 to 600')
    .optional(),
  YOUTUBE_CLIENT_ID: z.string().min(1).optional(),
  YOUTUBE_CLIENT_SECRET: z.string().min(1).optional(),
  YOUTUBE_AUTH_URL: httpUrl(),
  YOUTUBE_TOKEN_URL: httpUrl(),
  YOUTUBE_API_BASE_URL: httpUrl(),
  TIKTOK_CLIENT_KEY: z.string().min(1).optional(),
  TIKTOK_CLIENT_SECRET: z.string().min(1).optional(),
  TIKTOK_AUTH_URL: httpUrl(),
  TIKTOK_API_BASE_URL: httpUrl(),
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  INSTAGRAM_AUTH_URL: httpUrl(),
  INSTAGRAM_TOKEN_URL: httpUrl(),
  INSTAGRAM_API_BASE_URL: httpUrl(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 3600' })
    .int('must be a number of seconds from 1 to 3600')
    .min(1, 'must be a number of seconds from 1 to 3600')
    .max(3600, 'must be a number of seconds from 1 to 3600')
    .default(300),
  STRIPE_API_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  ...stripePriceSettings(),
  /** Webhook endpoints on loopback and private networks (tests, local setups); warned at start. */
  WEBHOOKS_ALLOW_PRIVATE: z.stringbool({ error: 'must be true or false' }).default(false),
  /** The waits before each retry of a webhook delivery (docs/automation.md). */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseRetrySchedule(value ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** How long one webhook delivery attempt may take, connection to the answer's headers. */
  WEBHOOK_TIMEOUT_SECONDS: wholeNumber(1, 60, 'a number of seconds').default(15),
});

/** The retries after the first attempt (the Standard Webhooks example's, ending at 10 h). */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';
const DURATION_UNITS = { s: 1, m: 60, h: 60 * 60, d: 24 * 60 * 60 } as const;
/** pg-boss keeps a waiting job for 14 days; no single wait may come near that. */
const LONGEST_RETRY_WAIT_SECONDS = 7 * 24 * 60 * 60;
const MOST_RETRIES = 20;

/**
 * `5s,5m,30m,2h`: the waits, in seconds, before the second, third… attempt of a webhook delivery;
 * throws with a message naming the entry that is not a duration.
 */
export function parseRetrySchedule(setting: string): number[] {
  const entries = setting.split(',').map((entry) => entry.trim());
  const waits = entries.map((entry) => {
    const match = /^(\d{1,7})(s|m|h|d)$/u.exec(entry);
    const seconds = match
      ? Number(match[1]) * DURATION_UNITS[match[2] as keyof typeof DURATION_UNITS]
      : Number.NaN;
    if (!(seconds >= 1 && seconds <= LONGEST_RETRY_WAIT_SECONDS)) {
      throw new Error(
        `"${entry}" is not a wait such as 30s, 5m, 2h or 1d (from 1s to 7d), in a list like ${DEFAULT_WEBHOOK_RETRY_SCHEDULE}`,
      );
    }
    return seconds;
  });
  if (waits.length > MOST_RETRIES) {
    throw new Error(`lists ${waits.length} retries; at most ${MOST_RETRIES} are allowed`);
  }
  return waits;
}

/** STRIPE_PRICE_PRO … STRIPE_PRICE_ULTIMATE: the provider's price for each product, when set. */
function stripePriceSettings() {
  const price = z
    .string()
    .regex(/^price_\S+$/, 'must be a Stripe price id (price_…)')
    .optional();
  return {
    STRIPE_PRICE_PRO: price,
    STRIPE_PRICE_ELITE: price,
    STRIPE_PRICE_STARTER: price,
    STRIPE_PRICE_CREATOR: price,
    STRIPE_PRICE_POWER: price,
    STRIPE_PRICE_ULTIMATE: price,
  };
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  roles: ProcessRole[];
  publicUrl: string;
  /** PUBLIC_URL was set: the server then answers requests for its host only. */
  publicUrlConfigured: boolean;
  authSecret: string | null;
  /** "Continue with Google / GitHub" (features/auth/social-providers.ts); each null when not set. */
  socialSignIn: SocialSignInSettings;
  adminEmails: string[];
  adminUserIds: string[];
  earlyAccessActive: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Who generates the scenes; `local` renders them on this machine. */
  video: VideoSettings;
  image: ImageSettings | null;
  /** Free stock footage services, Pexels first; empty when no key is set. */
  stock: StockSettings;
  /** An S3-compatible bucket for media; null keeps it on local disk under DATA_DIR/media. */
  s3: S3Config | null;
  llm: { baseUrl: string | null; apiKey: string | null; model: string };
  /** Cloud voices offered beside the offline ones (server/voice, docs/voices.md). */
  speech: SpeechSettings;
  /** Renders one worker runs at once (one per core by default). */
  renderConcurrency: number;
  /** How long a render's claim lasts without a heartbeat before another worker may take it over. */
  renderLeaseSeconds: number;
  /** Each render step's time and memory limits (ffmpeg runs, preparation threads). */
  renderLimits: RenderLimits;
  /** SIGTERM exits within this, whatever is running (renders go back to the queue). */
  shutdownTimeoutSeconds: number;
  /** Render the landing page's demo clips into media storage at start-up when missing. */
  demoClips: boolean;
  /**
   * Lay the offline composer's music under offline videos (false: voice alone, for operators who
   * add their own, and for measuring the speech itself).
   */
  renderMusic: boolean;
  /** Videos and combinations each plan may have queued or rendering at once. */
  inProgressLimits: Record<Tier, number>;
  /** Request rate limits by name (http/rate-limit.ts); null turns them all off. */
  rateLimits: RateLimits | null;
  /**
   * Answers are always cut to their route's declared schema; `strict` (tests) also fails an answer
   * that had undeclared fields, so the declared API cannot drift from what the code sends.
   */
  responseCheck: 'strip' | 'strict';
  /**
   * Whether answers carry `Server-Timing` (how long the server took). Off in production unless
   * asked for: it tells anyone how long each lookup took, which can say what exists.
   */
  serverTiming: boolean;
  paymentLinks: PaymentLinks;
  /** Where members write for help (Profile's Support and Help). */
  supportEmail: string;
  /** Outgoing mail: an SMTP server, or null to write messages to the log. */
  mail: { smtpUrl: string | null; from: string };
  discordInviteUrl: string;
  /** The payment provider's customer portal (manage or cancel a subscription); null hides it. */
  billingPortalUrl: string | null;
  stripe: StripeSettings;
  publishing: PublishingSettings;
  webhooks: WebhookSettings;
};

export type WebhookSettings = {
  /** WEBHOOKS_ALLOW_PRIVATE: loopback and private endpoints let through (never link-local). */
  allowPrivate: boolean;
  /** The waits in seconds before each retry; a delivery has one attempt more than waits. */
  retryScheduleSeconds: number[];
  /** One attempt's time limit; the queue job's expiry is a little longer. */
  timeoutSeconds: number;
};

export type VideoSettings = {
  provider: VideoProviderName;
  /** The key of the chosen provider (GEMINI_API_KEY, FAL_KEY or REPLICATE_API_TOKEN). */
  apiKey: string | null;
  /** Where the provider's API lives (a proxy, or a stand-in in tests); null: its own. */
  baseUrl: string | null;
  /** The model or endpoint; null: the provider's default. */
  model: string | null;
  /** A plan's own model (Elite on a higher-quality one, say), over `model`. */
  modelByPlan: Partial<Record<Tier, string>>;
  /** USD per generated second, for the operator's cost column; null: the model's list price. */
  costPerSecond: number | null;
  /** A scene still not generated after this long fails the video (refunded). */
  timeoutSeconds: number;
  /** The first wait between polls; it grows with each poll up to ten times this. */
  pollSeconds: number;
  /** Replicate: the input field the source image goes in (models differ). */
  imageField: string | null;
  /** Models to switch to, in order, when the provider retires the one in use. */
  modelFallbacks: string[];
  /** Vertex AI: the project, region and service-account key (google-auth-library). */
  vertex: { project: string; location: string; credentialsFile: string | null } | null;
  /** Whether start-up asks the provider that its configured models still serve. */
  checkModelsAtStart: boolean;
};

/** The image model of the `ai-image` scene source; null when none is configured. */
export type ImageSettings = {
  provider: Exclude<ImageProviderName, 'none'>;
  apiKey: string;
  baseUrl: string | null;
  /** The model or endpoint; null: the provider's default. */
  model: string | null;
  /** USD per image; null: the model's list price. */
  costPerImage: number | null;
};

/** One stock footage service's key and endpoint (null: its public API). */
export type StockSettings = Array<{
  provider: 'pexels' | 'pixabay';
  apiKey: string;
  baseUrl: string | null;
}>;

export type SpeechSettings = {
  /** An OpenAI-compatible `POST {baseUrl}/audio/speech`; null when neither TTS_ setting is set. */
  openai: {
    baseUrl: string;
    /** Sent as a Bearer token; null for servers that need none (a local one). */
    apiKey: string | null;
    model: string;
    /** The voice names to offer; empty: OpenAI's own nine. */
    voices: string[];
  } | null;
  /** ElevenLabs with word timings (`…/with-timestamps`); null without ELEVENLABS_API_KEY. */
  elevenlabs: {
    baseUrl: string;
    apiKey: string;
    model: string;
    /** The voices to offer; empty: the premade ones every account has. */
    voices: Array<{ name: string; voiceId: string }>;
  } | null;
};

export type S3Config = {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
};

/** Sign-in through Google (OpenID Connect, by discovery) and GitHub (OAuth); null when not set. */
export type SocialSignInSettings = {
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  github: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    apiBaseUrl: string;
  } | null;
};

/** One publishing platform's app: null when its client id or secret is not set. */
export type PlatformAppSettings = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  apiBaseUrl: string;
} | null;

export type PublishingSettings = {
  /** 32 bytes for AES-256-GCM, or null: derived from the auth secret. */
  tokenKey: Buffer | null;
  /** Seconds between looks at a platform's processing; null: each platform's own pace. */
  pollSeconds: number | null;
  youtube: PlatformAppSettings;
  tiktok: PlatformAppSettings;
  instagram: PlatformAppSettings;
};

export type StripeSettings = {
  /** With a key, the server creates checkout and billing portal sessions itself. */
  secretKey: string | null;
  /** Verifies POST /api/webhooks/stripe; without it every webhook is refused. */
  webhookSecret: string | null;
  /** How old a webhook's signature may be, in seconds (replayed requests are refused). */
  webhookToleranceSeconds: number;
  /** Where the API lives (a proxy, or a stand-in server in tests); null: Stripe's own. */
  apiBaseUrl: string | null;
  /** The provider's price id for each product, used for checkout sessions and to recognise items. */
  prices: Record<CheckoutProduct, string | null>;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Each provider's key and base URL settings, under their conventional names. */
const PROVIDER_KEYS = {
  gemini: ['GEMINI_API_KEY', 'GEMINI_BASE_URL'],
  veo: ['GEMINI_API_KEY', 'GEMINI_BASE_URL'],
  fal: ['FAL_KEY', 'FAL_BASE_URL'],
  replicate: ['REPLICATE_API_TOKEN', 'REPLICATE_BASE_URL'],
} as const;

function missing(name: string, why: string): ConfigError {
  return new ConfigError(
    `Invalid configuration:\n  ${name}: must be set when ${why}\nSee .env.example for every setting.`,
  );
}

/** The chosen video provider's key and base URL under their conventional names. */
/** Every environment variable the server reads (compose.yaml may set no other). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

function videoSettings(parsed: z.output<typeof envSchema>): VideoSettings {
  const provider = parsed.VIDEO_PROVIDER;
  let apiKey: string | null = null;
  let baseUrl: string | null = null;
  let vertex: VideoSettings['vertex'] = null;
  if (provider === 'vertex') {
    if (!parsed.VERTEX_PROJECT) throw missing('VERTEX_PROJECT', 'VIDEO_PROVIDER is vertex');
    if (!parsed.GOOGLE_APPLICATION_CREDENTIALS) {
      throw missing('GOOGLE_APPLICATION_CREDENTIALS', 'VIDEO_PROVIDER is vertex');
    }
    baseUrl = parsed.VERTEX_BASE_URL ?? null;
    vertex = {
      project: parsed.VERTEX_PROJECT,
      location: parsed.VERTEX_LOCATION,
      credentialsFile: parsed.GOOGLE_APPLICATION_CREDENTIALS,
    };
  } else if (provider !== 'local') {
    const [keyName, urlName] = PROVIDER_KEYS[provider];
    apiKey = parsed[keyName] ?? null;
    baseUrl = parsed[urlName] ?? null;
    if (!apiKey) throw missing(keyName, `VIDEO_PROVIDER is ${provider}`);
  }
  return {
    provider,
    apiKey,
    baseUrl,
    model: parsed.VIDEO_MODEL ?? null,
    modelByPlan: parsed.VIDEO_MODEL_BY_PLAN,
    costPerSecond: parsed.VIDEO_COST_PER_SECOND ?? null,
    timeoutSeconds: parsed.VIDEO_TIMEOUT_SECONDS,
    pollSeconds: parsed.VIDEO_POLL_SECONDS,
    imageField: parsed.VIDEO_IMAGE_FIELD ?? null,
    modelFallbacks: parsed.VIDEO_MODEL_FALLBACKS,
    vertex,
    checkModelsAtStart: parsed.CHECK_MODELS_AT_START,
  };
}

/** The image model, with the key and base URL its provider already uses for video. */
function imageSettings(parsed: z.output<typeof envSchema>): ImageSettings | null {
  const provider = parsed.IMAGE_PROVIDER;
  if (provider === 'none') return null;
  const [keyName, urlName] = PROVIDER_KEYS[provider];
  const apiKey = parsed[keyName];
  if (!apiKey) throw missing(keyName, `IMAGE_PROVIDER is ${provider}`);
  return {
    provider,
    apiKey,
    baseUrl: parsed[urlName] ?? null,
    model: parsed.IMAGE_MODEL ?? null,
    costPerImage: parsed.IMAGE_COST_PER_IMAGE ?? null,
  };
}

/** Each platform's app, with the platforms' own endpoints unless overridden. */
function publishingSettings(parsed: z.output<typeof envSchema>): PublishingSettings {
  const key = parsed.TOKEN_ENCRYPTION_KEY;
  const app = (
    clientId: string | undefined,
    clientSecret: string | undefined,
    urls: { authUrl: string; tokenUrl: string; apiBaseUrl: string },
  ): PlatformAppSettings => (clientId && clientSecret ? { clientId, clientSecret, ...urls } : null);
  const tiktokApi = parsed.TIKTOK_API_BASE_URL ?? 'https://open.tiktokapis.com';
  return {
    pollSeconds: parsed.PUBLISH_POLL_SECONDS ?? null,
    tokenKey: key
      ? /^[0-9a-f]{64}$/iu.test(key)
        ? Buffer.from(key, 'hex')
        : Buffer.from(key, 'base64')
      : null,
    youtube: app(parsed.YOUTUBE_CLIENT_ID, parsed.YOUTUBE_CLIENT_SECRET, {
      authUrl: parsed.YOUTUBE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: parsed.YOUTUBE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
      apiBaseUrl: parsed.YOUTUBE_API_BASE_URL ?? 'https://www.googleapis.com',
    }),
    tiktok: app(parsed.TIKTOK_CLIENT_KEY, parsed.TIKTOK_CLIENT_SECRET, {
      authUrl: parsed.TIKTOK_AUTH_URL ?? 'https://www.tiktok.com/v2/auth/authorize/',
      tokenUrl: `${tiktokApi.replace(/\/+$/u, '')}/v2/oauth/token/`,
      apiBaseUrl: tiktokApi,
    }),
    instagram: app(parsed.INSTAGRAM_APP_ID, parsed.INSTAGRAM_APP_SECRET, {
      authUrl: parsed.INSTAGRAM_AUTH_URL ?? 'https://www.instagram.com/oauth/authorize',
      tokenUrl: parsed.INSTAGRAM_TOKEN_URL ?? 'https://api.instagram.com/oauth/access_token',
      apiBaseUrl: parsed.INSTAGRAM_API_BASE_URL ?? 'https://graph.instagram.com',
    }),
  };
}

/** A provider's client id and secret: both (offered), neither (not offered), never one alone. */
function clientPair(
  idName: string,
  id: string | undefined,
  secretName: string,
  secret: string | undefined,
): { clientId: string; clientSecret: string } | null {
  if (id && !secret) throw missing(secretName, `${idName} is set`);
  if (secret && !id) throw missing(idName, `${secretName} is set`);
  return id && secret ? { clientId: id, clientSecret: secret } : null;
}

/** Google and GitHub sign-in, with their own endpoints unless overridden. */
function socialSignInSettings(parsed: z.output<typeof envSchema>): SocialSignInSettings {
  const google = clientPair(
    'GOOGLE_CLIENT_ID',
    parsed.GOOGLE_CLIENT_ID,
    'GOOGLE_CLIENT_SECRET',
    parsed.GOOGLE_CLIENT_SECRET,
  );
  const github = clientPair(
    'GITHUB_CLIENT_ID',
    parsed.GITHUB_CLIENT_ID,
    'GITHUB_CLIENT_SECRET',
    parsed.GITHUB_CLIENT_SECRET,
  );
  return {
    google: google && {
      ...google,
      discoveryUrl:
        parsed.GOOGLE_DISCOVERY_URL ??
        'https://accounts.google.com/.well-known/openid-configuration',
    },
    github: github && {
      ...github,
      authUrl: parsed.GITHUB_AUTH_URL ?? 'https://github.com/login/oauth/authorize',
      tokenUrl: parsed.GITHUB_TOKEN_URL ?? 'https://github.com/login/oauth/access_token',
      apiBaseUrl: (parsed.GITHUB_API_BASE_URL ?? 'https://api.github.com').replace(/\/+$/u, ''),
    },
  };
}

/** Parses an environment (process.env by default) into Config, or throws ConfigError. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (PORT=) means "not set", as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      const got = raw === undefined ? '' : ` (got "${raw}")`;
      return `  ${name}: ${issue.message}${got}`;
    });
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`,
    );
  }
  const parsed = result.data;
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL ?? null,
    roles: parsed.ROLES,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    publicUrlConfigured: parsed.PUBLIC_URL !== undefined,
    authSecret: parsed.AUTH_SECRET ?? null,
    socialSignIn: socialSignInSettings(parsed),
    adminEmails: parsed.ADMIN_EMAILS,
    adminUserIds: parsed.ADMIN_USER_IDS,
    earlyAccessActive: parsed.EARLY_ACCESS_ACTIVE,
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
    video: videoSettings(parsed),
    image: imageSettings(parsed),
    stock: [
      ...(parsed.PEXELS_API_KEY
        ? [
            {
              provider: 'pexels' as const,
              apiKey: parsed.PEXELS_API_KEY,
              baseUrl: parsed.PEXELS_BASE_URL ?? null,
            },
          ]
        : []),
      ...(parsed.PIXABAY_API_KEY
        ? [
            {
              provider: 'pixabay' as const,
              apiKey: parsed.PIXABAY_API_KEY,
              baseUrl: parsed.PIXABAY_BASE_URL ?? null,
            },
          ]
        : []),
    ],
    s3: parsed.S3_BUCKET
      ? {
          bucket: parsed.S3_BUCKET,
          endpoint: parsed.S3_ENDPOINT ?? null,
          region: parsed.S3_REGION,
          accessKeyId: parsed.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: parsed.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
        }
      : null,
    llm: {
      baseUrl: parsed.LLM_BASE_URL ?? null,
      apiKey: parsed.LLM_API_KEY ?? null,
      model: parsed.LLM_MODEL,
    },
    speech: {
      openai:
        parsed.TTS_BASE_URL || parsed.TTS_API_KEY
          ? {
              baseUrl: parsed.TTS_BASE_URL ?? 'https://api.openai.com/v1',
              apiKey: parsed.TTS_API_KEY ?? null,
              model: parsed.TTS_MODEL,
              voices: parsed.TTS_VOICES,
            }
          : null,
      elevenlabs: parsed.ELEVENLABS_API_KEY
        ? {
            baseUrl: parsed.ELEVENLABS_BASE_URL,
            apiKey: parsed.ELEVENLABS_API_KEY,
            model: parsed.ELEVENLABS_MODEL,
            voices: parsed.ELEVENLABS_VOICES,
          }
        : null,
    },
    renderConcurrency: parsed.RENDER_CONCURRENCY ?? Math.max(1, os.availableParallelism()),
    renderLeaseSeconds: parsed.RENDER_LEASE_SECONDS,
    renderLimits: {
      stepTimeoutMs: parsed.RENDER_STEP_TIMEOUT_SECONDS * 1000,
      stepMemoryMb: parsed.RENDER_MEMORY_LIMIT_MB,
      prepTimeoutMs: parsed.RENDER_PREP_TIMEOUT_SECONDS * 1000,
      prepMemoryMb: parsed.RENDER_PREP_MEMORY_LIMIT_MB,
    },
    shutdownTimeoutSeconds: parsed.SHUTDOWN_TIMEOUT_SECONDS,
    demoClips: parsed.DEMO_CLIPS,
    renderMusic: parsed.RENDER_MUSIC,
    inProgressLimits: parsed.IN_PROGRESS_LIMITS,
    rateLimits: parsed.RATE_LIMITS,
    responseCheck: parsed.RESPONSE_CHECK ?? (parsed.NODE_ENV === 'test' ? 'strict' : 'strip'),
    serverTiming: parsed.SERVER_TIMING ?? parsed.NODE_ENV !== 'production',
    supportEmail: parsed.SUPPORT_EMAIL,
    mail: { smtpUrl: parsed.SMTP_URL ?? null, from: parsed.MAIL_FROM },
    discordInviteUrl: parsed.DISCORD_INVITE_URL,
    billingPortalUrl: parsed.STRIPE_BILLING_PORTAL_URL ?? null,
    publishing: publishingSettings(parsed),
    webhooks: {
      allowPrivate: parsed.WEBHOOKS_ALLOW_PRIVATE,
      retryScheduleSeconds: parsed.WEBHOOK_RETRY_SCHEDULE,
      timeoutSeconds: parsed.WEBHOOK_TIMEOUT_SECONDS,
    },
    stripe: {
      secretKey: parsed.STRIPE_SECRET_KEY ?? null,
      webhookSecret: parsed.STRIPE_WEBHOOK_SECRET ?? null,
      webhookToleranceSeconds: parsed.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      apiBaseUrl: parsed.STRIPE_API_BASE_URL ?? null,
      prices: {
        pro: parsed.STRIPE_PRICE_PRO ?? null,
        elite: parsed.STRIPE_PRICE_ELITE ?? null,
        starter: parsed.STRIPE_PRICE_STARTER ?? null,
        creator: parsed.STRIPE_PRICE_CREATOR ?? null,
        power: parsed.STRIPE_PRICE_POWER ?? null,
        ultimate: parsed.STRIPE_PRICE_ULTIMATE ?? null,
      },
    },
    paymentLinks: {
      pro: parsed.STRIPE_LINK_PRO ?? null,
      elite: parsed.STRIPE_LINK_ELITE ?? null,
      packs: {
        starter: parsed.STRIPE_LINK_STARTER ?? null,
        creator: parsed.STRIPE_LINK_CREATOR ?? null,
        power: parsed.STRIPE_LINK_POWER ?? null,
        ultimate: parsed.STRIPE_LINK_ULTIMATE ?? null,
      },
    },
  };
}
