// Socket.IO on the API server (spec/api.md §7.8). A socket joins its member's room only after
// `authenticate` names the same member as the session cookie of its handshake; events from the
// bus go to that room alone. A socket must authenticate within seconds, may cause only a few
// session lookups, goes when its session ends (on whichever node it ended), and one address holds
// only so many.
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { Server } from 'socket.io';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  userRoom,
} from '../../shared/realtime';
import type { Config } from '../config';
import { ownHostTest } from '../http/host-check';
import { type RealtimeMessage, SESSION_ENDED } from './bus';

export const AUTH_ERROR_MESSAGE = 'Authentication failed: sign in again to get live updates.';

type Logger = { warn(obj: unknown, message?: string): void };

export type RealtimeServer = {
  deliver(message: RealtimeMessage): void;
  close(): Promise<void>;
};

/** A socket that has not authenticated by then is dropped: it would only hold a connection. */
export const UNAUTHENTICATED_SOCKET_MS = 10_000;
/**
 * Connections one address may hold open on one API node at once, counted from the transport's
 * handshake (a script need not join a namespace to hold one): a household's tabs, not a script's
 * thousands.
 */
export const SOCKETS_PER_ADDRESS = 30;
/** Session lookups one socket may cause; `authenticate` after that is refused, then dropped. */
export const AUTH_ATTEMPTS_PER_SOCKET = 5;
/**
 * An authenticated socket's session is looked at again when it expires, and at least this often:
 * the database announces a deleted session at once, but an announcement sent while this node was
 * reconnecting to the database is lost.
 */
export const SESSION_RECHECK_MS = 60 * 60_000;
/** Past the expiry, so the check finds the session expired rather than about to be. */
const EXPIRY_MARGIN_MS = 1_000;
/** After a failed check (the database away), the next one. */
const RECHECK_RETRY_MS = 60_000;

type SocketData = { userId?: string; sessionId?: string };

/**
 * Whose session a handshake's cookies carry (the auth feature's answer, passed in by the composition
 * root), or null when they carry none.
 */
export type SocketSessionLookup = (
  headers: Headers,
) => Promise<{ userId: string; sessionId: string; expiresAt: Date } | null>;

/** The sockets of one session on this node, so its end can find them. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The transport-level connection engine.io hands over (before any namespace is joined). */
type RawConnection = { request: IncomingMessage; once(event: 'close', listener: () => void): void };

export function createSocketServer(options: {
  httpServer: HttpServer;
  sessionOf: SocketSessionLookup;
  config: Pick<Config, 'publicUrl' | 'publicUrlConfigured' | 'trustProxy'>;
  log: Logger;
}): RealtimeServer {
  const { config, log } = options;
  const publicOrigin = new URL(config.publicUrl).origin;
  const isOwnHost = ownHostTest(config);
  const openByAddress = new Map<string, number>();
  const addressOf = (request: IncomingMessage) => {
    const forwarded = request.headers['x-forwarded-for'];
    const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
    return (config.trustProxy && first) || request.socket.remoteAddress || 'unknown';
  };
  const hostOf = (request: IncomingMessage) => {
    const forwarded = request.headers['x-forwarded-host'];
    return (
      (config.trustProxy && typeof forwarded === 'string' && forwarded) || request.headers.host
    );
  };
  const io = new Server<ClientToServerEvents, ServerToClientEvents, never, SocketData>(
    options.httpServer,
    {
      path: SOCKET_PATH,
      serveClient: false,
      // A connection that never joins the namespace goes as soon as an unauthenticated one does.
      connectTimeout: UNAUTHENTICATED_SOCKET_MS,
      allowRequest: (request: IncomingMessage, callback) => {
        // Handshakes never reach Fastify: the same Host check as every HTTP request.
        const ownHost = !isOwnHost || isOwnHost(hostOf(request));
        // A page on another site must not open a socket with our member's cookie.
        const origin = request.headers.origin;
        const sameSite =
          !origin || origin === publicOrigin || origin === `http://${request.headers.host}`;
        const room = (openByAddress.get(addressOf(request)) ?? 0) < SOCKETS_PER_ADDRESS;
        callback(null, ownHost && sameSite && room);
      },
    },
  );

  // Counted when the transport connects (right after allowRequest said yes), released when it
  // closes.
  io.engine.on('connection', (raw: RawConnection) => {
    const address = addressOf(raw.request);
    openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1);
    raw.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
  });

  io.on('connection', (socket) => {
    const headers = fromNodeHeaders(socket.request.headers);
    const dropUnauthenticated = setTimeout(
      () => socket.disconnect(true),
      UNAUTHENTICATED_SOCKET_MS,
    );
    let recheck: NodeJS.Timeout | undefined;
    socket.on('disconnect', () => {
      clearTimeout(dropUnauthenticated);
      clearTimeout(recheck);
    });

    /** Looks at the session again at its expiry (or sooner): gone or expired, the socket goes. */
    const watchSession = (expiresAt: Date) => {
      clearTimeout(recheck);
      const untilExpiry = expiresAt.getTime() - Date.now() + EXPIRY_MARGIN_MS;
      recheck = setTimeout(checkSession, Math.max(0, Math.min(untilExpiry, SESSION_RECHECK_MS)));
    };
    const checkSession = async () => {
      try {
        const session = await options.sessionOf(headers);
        if (!socket.connected) return;
        if (!session || session.sessionId !== socket.data.sessionId) socket.disconnect(true);
        else watchSession(session.expiresAt);
      } catch (error) {
        log.warn({ err: error }, 'socket session check failed');
        watchSession(new Date(Date.now() + RECHECK_RETRY_MS));
      }
    };

    let lookups = 0;
    socket.on('authenticate', async (payload) => {
      const claimed = typeof payload?.userId === 'string' ? payload.userId : null;
      // Already in the member's room: answer again without another session lookup.
      if (claimed && socket.data.userId === claimed) {
        socket.emit('authenticated', { roomName: userRoom(claimed) });
        return;
      }
      lookups += 1;
      if (lookups > AUTH_ATTEMPTS_PER_SOCKET) {
        socket.emit('auth_error', { message: AUTH_ERROR_MESSAGE });
        socket.disconnect(true);
        return;
      }
      try {
        const session = await options.sessionOf(headers);
        if (!session || claimed !== session.userId) {
          socket.emit('auth_error', { message: AUTH_ERROR_MESSAGE });
          return;
        }
        if (!socket.connected) return;
        const roomName = userRoom(session.userId);
        await socket.join([roomName, sessionRoom(session.sessionId)]);
        socket.data.userId = session.userId;
        socket.data.sessionId = session.sessionId;
        clearTimeout(dropUnauthenticated);
        watchSession(session.expiresAt);
        socket.emit('authenticated', { roomName });
      } catch (error) {
        log.warn({ err: error }, 'socket authentication failed');
        socket.emit('auth_error', { message: AUTH_ERROR_MESSAGE });
      }
    });
  });

  return {
    deliver(message) {
      if (message.event === SESSION_ENDED) {
        // Every node hears the database announce it; each drops the sockets it holds.
        io.local.in(sessionRoom(message.payload.session)).disconnectSockets(true);
        return;
      }
      const room = io.to(userRoom(message.userId));
      (room.emit as (event: string, payload: unknown) => boolean)(message.event, message.payload);
    },
    async close() {
      io.local.disconnectSockets(true);
      // Leave the HTTP server to Fastify, which closes it after draining requests.
      io.engine.close();
    },
  };
}
