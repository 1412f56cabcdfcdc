// The composition root: builds repositories and services once per process from the database,
// queue, clock and configuration. Routes and job handlers receive services, never raw SQL.
import type pg from 'pg';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { type Auth, createAuth } from './features/auth/better-auth';
import { RateLimitRepository } from './features/auth/repository';
import { AuthService } from './features/auth/service';
import { SignInThrottle } from './features/auth/sign-in-throttle';
import { StatsService } from './features/stats/service';
import { UsersRepository } from './features/users/repository';
import { UsersService } from './features/users/service';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';

/** What the process provides: configuration, connections, clock, logger. */
type Infrastructure = {
  config: Config;
  db: Database;
  pool: pg.Pool;
  clock: Clock;
  queue: JobQueue;
  log: Logger;
};

export type AppContext = Infrastructure & {
  auth: Auth;
  repositories: {
    users: UsersRepository;
    rateLimits: RateLimitRepository;
  };
  services: {
    users: UsersService;
    auth: AuthService;
    stats: StatsService;
  };
};

export function createContext(deps: Infrastructure & { authSecret: string }): AppContext {
  const { config, db, clock, log } = deps;
  const auth = createAuth({
    db,
    secret: deps.authSecret,
    publicUrl: config.publicUrl,
    log: {
      error: (message) => log.error(message),
      warn: (message) => log.warn(message),
      info: (message) => log.info(message),
      debug: (message) => log.debug(message),
    },
  });
  const repositories = {
    users: new UsersRepository(db),
    rateLimits: new RateLimitRepository(db),
  };
  const users = new UsersService(repositories.users, config, clock);
  const services = {
    users,
    auth: new AuthService(
      auth,
      users,
      repositories.users,
      new SignInThrottle(repositories.rateLimits, clock),
    ),
    stats: new StatsService(repositories.users, config.earlyAccessActive),
  };
  return { ...deps, auth, repositories, services };
}
