// Carries realtime events from whichever process produced them (a worker finishing a render) to
// every API process, through PostgreSQL LISTEN/NOTIFY: no extra service, and any number of nodes.
import pg from 'pg';
import type { ServerToClientEvents } from '../../shared/realtime';
import type { Transaction } from '../db/transaction';

const CHANNEL = 'reelforge_realtime';

export type RealtimeEventName = Exclude<keyof ServerToClientEvents, 'authenticated' | 'auth_error'>;
export type RealtimeMessage =
  | {
      [E in RealtimeEventName]: {
        userId: string;
        event: E;
        payload: Parameters<ServerToClientEvents[E]>[0];
      };
    }[RealtimeEventName]
  /**
   * Between nodes only: the session with this id ended, so its sockets must go. PostgreSQL sends it
   * itself when a session row is deleted or expired by hand (drizzle/0005_session_ended_notify.sql),
   * whoever did it.
   */
  | { userId: string; event: typeof SESSION_ENDED; payload: { session: string } };

export const SESSION_ENDED = 'server:session-ended';

type Logger = { warn(obj: unknown, message?: string): void };

export class RealtimeBus {
  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {}

  /**
   * Inside a transaction: PostgreSQL delivers the event when (and only if) it commits, and it
   * costs no transaction of its own. A Creator Engine run announces its video this way.
   */
  async publishInTransaction<E extends RealtimeEventName>(
    tx: Pick<Transaction, 'executeSql'>,
    userId: string,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): Promise<void> {
    await tx.executeSql('select pg_notify($1, $2)', [
      CHANNEL,
      JSON.stringify({ userId, event, payload }),
    ]);
  }

  /** Best effort: a member who misses an event still sees the change on their next fetch. */
  async publish<E extends RealtimeEventName>(
    userId: string,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): Promise<void> {
    const message = JSON.stringify({ userId, event, payload });
    await this.pool
      .query('select pg_notify($1, $2)', [CHANNEL, message])
      .catch((error) => this.log.warn({ err: error }, 'realtime publish failed'));
  }

  /**
   * Listens on a dedicated connection and hands every message to `deliver`; reconnects when the
   * connection drops. Returns a function that stops listening.
   */
  static async subscribe(
    connectionString: string,
    deliver: (message: RealtimeMessage) => void,
    log: Logger,
  ): Promise<() => Promise<void>> {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | null = null;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString, application_name: 'reelforge-realtime' });
      next.on('notification', (notification) => {
        if (notification.channel !== CHANNEL || !notification.payload) return;
        try {
          deliver(JSON.parse(notification.payload) as RealtimeMessage);
        } catch (error) {
          log.warn({ err: error }, 'bad realtime message');
        }
      });
      next.on('error', (error) => {
        if (stopped) return;
        log.warn({ err: error }, 'realtime listener lost its connection; reconnecting');
        next.end().catch(() => undefined);
        schedule();
      });
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      client = next;
    };
    const schedule = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = null;
        connect().catch(() => schedule());
      }, 1000);
    };

    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  }
}
