// Reads the environment once, with zod, into a typed Config. A bad value stops start-up with a
// message that names the setting, rather than failing later somewhere less obvious.
import path from 'node:path';
import { z } from 'zod';

export const PROCESS_ROLES = ['api', 'worker', 'scheduler'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const csv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const PORT_MESSAGE = 'must be a port number from 0 (any free port) to 65535';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  ADMIN_EMAILS: csv.transform((emails) => emails.map((email) => email.toLowerCase())),
  ADMIN_USER_IDS: csv,
  EARLY_ACCESS_ACTIVE: z.stringbool({ error: 'must be true or false' }).default(true),
  TRUST_PROXY: z.stringbool({ error: 'must be true or false' }).default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  roles: ProcessRole[];
  publicUrl: string;
  authSecret: string | null;
  adminEmails: string[];
  adminUserIds: string[];
  earlyAccessActive: boolean;
  trustProxy: boolean;
  logLevel: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
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
    authSecret: parsed.AUTH_SECRET ?? null,
    adminEmails: parsed.ADMIN_EMAILS,
    adminUserIds: parsed.ADMIN_USER_IDS,
    earlyAccessActive: parsed.EARLY_ACCESS_ACTIVE,
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
  };
}
