// Socket.IO on the API server (spec/api.md §7.8). A socket joins its member's room only after
// `authenticate` names the same member as the session cookie of its handshake; events from the
// bus go to that room alone. A socket must authenticate within seconds, may cause only a few
// session lookups, goes when its session ends, and one address holds only so many.
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { Server } from 'socket.io';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  userRoom,
} from '../../shared/realtime';
import type { AuthService } from '../features/auth/service';
import { type RealtimeMessage, SESSION_ENDED } from './bus';
import { sessionKey } from './session-key';

export const AUTH_ERROR_MESSAGE = 'Authentication failed: sign in again to get live updates.';

type Logger = { warn(obj: unknown, message?: string): void };

export type RealtimeServer = {
  deliver(message: RealtimeMessage): void;
  close(): Promise<void>;
};

/** A socket that has not authenticated by then is dropped: it would only hold a connection. */
export const UNAUTHENTICATED_SOCKET_MS = 10_000;
/** Sockets one address may hold open at once (a household's tabs, not a script's thousands). */
export const SOCKETS_PER_ADDRESS = 30;
/** Session lookups one socket may cause; `authenticate` after that is refused, then dropped. */
export const AUTH_ATTEMPTS_PER_SOCKET = 5;

export function createSocketServer(options: {
  httpServer: HttpServer;
  auth: AuthService;
  publicUrl: string;
  trustProxy: boolean;
  log: Logger;
}): RealtimeServer {
  const publicOrigin = new URL(options.publicUrl).origin;
  const openByAddress = new Map<string, number>();
  const addressOf = (request: IncomingMessage) => {
    const forwarded = request.headers['x-forwarded-for'];
    const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
    return (options.trustProxy && first) || request.socket.remoteAddress || 'unknown';
  };
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(options.httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    allowRequest: (request: IncomingMessage, callback) => {
      // A page on another site must not open a socket with our member's cookie.
      const origin = request.headers.origin;
      const ownOrigin = `http://${request.headers.host}`;
      const sameSite = !origin || origin === publicOrigin || origin === ownOrigin;
      const room = (openByAddress.get(addressOf(request)) ?? 0) < SOCKETS_PER_ADDRESS;
      callback(null, sameSite && room);
    },
  });

  io.on('connection', (socket) => {
    const address = addressOf(socket.request);
    openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1);
    const dropUnauthenticated = setTimeout(
      () => socket.disconnect(true),
      UNAUTHENTICATED_SOCKET_MS,
    );
    socket.on('disconnect', () => {
      clearTimeout(dropUnauthenticated);
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
    // Which session the socket belongs to, so ending the session can drop it.
    socket.data.session = sessionKey(socket.request.headers.cookie);
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
        const { userId } = await options.auth.resolveSession(
          fromNodeHeaders(socket.request.headers),
        );
        if (!userId || claimed !== userId) {
          socket.emit('auth_error', { message: AUTH_ERROR_MESSAGE });
          return;
        }
        const roomName = userRoom(userId);
        await socket.join(roomName);
        socket.data.userId = userId;
        clearTimeout(dropUnauthenticated);
        socket.emit('authenticated', { roomName });
      } catch (error) {
        options.log.warn({ err: error }, 'socket authentication failed');
        socket.emit('auth_error', { message: AUTH_ERROR_MESSAGE });
      }
    });
  });

  return {
    deliver(message) {
      if (message.event === SESSION_ENDED) {
        // The member signed out (here or on another node): that session's sockets hear nothing more.
        for (const socket of io.of('/').sockets.values()) {
          if (
            socket.data.userId === message.userId &&
            socket.data.session === message.payload.session
          ) {
            socket.disconnect(true);
          }
        }
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
