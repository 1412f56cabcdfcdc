// Socket.IO on the API server (spec/api.md §7.8). A socket joins its member's room only after
// `authenticate` names the same member as the session cookie of its handshake; events from the
// bus go to that room alone.
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
import type { RealtimeMessage } from './bus';

export const AUTH_ERROR_MESSAGE = 'Authentication failed: sign in again to get live updates.';

type Logger = { warn(obj: unknown, message?: string): void };

export type RealtimeServer = {
  deliver(message: RealtimeMessage): void;
  close(): Promise<void>;
};

export function createSocketServer(options: {
  httpServer: HttpServer;
  auth: AuthService;
  publicUrl: string;
  log: Logger;
}): RealtimeServer {
  const publicOrigin = new URL(options.publicUrl).origin;
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(options.httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // A page on another site must not open a socket with our member's cookie.
    allowRequest: (request: IncomingMessage, callback) => {
      const origin = request.headers.origin;
      const ownOrigin = `http://${request.headers.host}`;
      const allowed = !origin || origin === publicOrigin || origin === ownOrigin;
      callback(null, allowed);
    },
  });

  io.on('connection', (socket) => {
    socket.on('authenticate', async (payload) => {
      try {
        const { userId } = await options.auth.resolveSession(
          fromNodeHeaders(socket.request.headers),
        );
        if (!userId || typeof payload?.userId !== 'string' || payload.userId !== userId) {
          socket.emit('auth_error', { message: AUTH_ERROR_MESSAGE });
          return;
        }
        const roomName = userRoom(userId);
        await socket.join(roomName);
        socket.emit('authenticated', { roomName });
      } catch (error) {
        options.log.warn({ err: error }, 'socket authentication failed');
        socket.emit('auth_error', { message: AUTH_ERROR_MESSAGE });
      }
    });
  });

  return {
    deliver(message) {
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
