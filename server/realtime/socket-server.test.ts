// The realtime socket on the real server: `authenticate` is checked against the handshake's
// session cookie, and a member's events reach their own sockets only.

import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime';
import { SOCKET_PATH } from '../../shared/realtime';
import { signUp, TestClient } from '../../test/http-client';
import { setUpTestServer, startTestServer } from '../../test/server';
import {
  AUTH_ATTEMPTS_PER_SOCKET,
  SOCKETS_PER_ADDRESS,
  UNAUTHENTICATED_SOCKET_MS,
} from './socket-server';

const test = setUpTestServer({ env: { ROLES: 'api' } });
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sockets: ClientSocket[] = [];

function connect(client: TestClient, url = test.server.url): ClientSocket {
  const socket: ClientSocket = io(url, {
    transports: ['websocket'],
    extraHeaders: { cookie: client.cookieHeader },
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

function next<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
    socket.once(event as never, ((payload: never) => resolve(payload)) as never);
  });
}

async function authenticate(socket: ClientSocket, userId: string) {
  const answer = Promise.race([
    next(socket, 'authenticated').then((payload) => ({ event: 'authenticated' as const, payload })),
    next(socket, 'auth_error').then((payload) => ({ event: 'auth_error' as const, payload })),
  ]);
  socket.emit('authenticate', { userId });
  return answer;
}

let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let bobId: string;

beforeAll(async () => {
  alice = new TestClient(test.server.url);
  aliceId = (await signUp(alice)).user.id as string;
  bob = new TestClient(test.server.url);
  bobId = (await signUp(bob)).user.id as string;
});

afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

describe('socket authenticate', () => {
  it('joins the member to their room when the id matches the session', async () => {
    const answer = await authenticate(connect(alice), aliceId);
    expect(answer).toEqual({ event: 'authenticated', payload: { roomName: `user:${aliceId}` } });
  });

  it("refuses someone else's id", async () => {
    const answer = await authenticate(connect(alice), bobId);
    expect(answer.event).toBe('auth_error');
  });

  it('refuses a socket without a session', async () => {
    const answer = await authenticate(connect(new TestClient(test.server.url)), aliceId);
    expect(answer.event).toBe('auth_error');
  });

  it("sends a member's status updates to them and to nobody else", async () => {
    const mine = connect(alice);
    const theirs = connect(bob);
    await authenticate(mine, aliceId);
    await authenticate(theirs, bobId);
    // A socket that tried Bob's id while signed in as Alice must not hear Bob's events either.
    const impostor = connect(alice);
    await authenticate(impostor, bobId);

    const heard: string[] = [];
    theirs.on('videoStatusUpdate', () => heard.push('bob'));
    impostor.on('videoStatusUpdate', () => heard.push('impostor'));
    const update = next(mine, 'videoStatusUpdate');
    const created = await alice.post('/api/video-creation-requests', {
      title: 'Live update',
      description: 'Watch me queue.',
      aspectRatio: 'portrait',
      watermark: true,
    });
    expect(await update).toEqual({
      videoId: created.body.id,
      requestId: created.body.requestId,
      status: 'queued',
      title: 'Live update',
      progress: 0,
      errorMessage: null,
    });
    // Give a wrongly routed event time to arrive before concluding none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
  });

  it('refuses a handshake from another site', async () => {
    const socket = io(test.server.url, {
      transports: ['polling'],
      extraHeaders: { cookie: alice.cookieHeader, origin: 'https://evil.example' },
      reconnection: false,
    }) as ClientSocket;
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error).toBeInstanceOf(Error);
  });
});

describe('socket upkeep', () => {
  const disconnected = (socket: ClientSocket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it("drops a session's sockets when it signs out, and only that session's", async () => {
    const member = new TestClient(test.server.url);
    const memberId = (await signUp(member)).user.id as string;
    const otherBrowser = new TestClient(test.server.url);
    await otherBrowser.post('/api/auth/signin', {
      email: (await member.get<{ email: string }>('/api/auth/user')).body.email,
      password: 'correct horse battery',
    });
    const leaving = connect(member);
    const staying = connect(otherBrowser);
    expect((await authenticate(leaving, memberId)).event).toBe('authenticated');
    expect((await authenticate(staying, memberId)).event).toBe('authenticated');
    const gone = disconnected(leaving);
    expect((await member.get('/api/logout')).status).toBe(302);
    expect(await gone).toBe('io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(staying.connected).toBe(true);
  });

  it('drops the sockets of a session that ended on another API node', async () => {
    const second = await startTestServer({
      databaseUrl: test.database.url,
      dataDir: test.server.config.dataDir,
      env: { ROLES: 'api' },
    });
    try {
      const member = new TestClient(test.server.url);
      const memberId = (await signUp(member)).user.id as string;
      const elsewhere = connect(member, second.url);
      expect((await authenticate(elsewhere, memberId)).event).toBe('authenticated');
      const gone = disconnected(elsewhere);
      expect((await member.get('/api/logout')).status).toBe(302);
      expect(await gone).toBe('io server disconnect');
    } finally {
      await second.stop();
    }
  });

  it('drops the sockets of a session deleted or expired in the database, by anyone', async () => {
    const deleted = new TestClient(test.server.url);
    const deletedId = (await signUp(deleted)).user.id as string;
    const expired = new TestClient(test.server.url);
    const expiredId = (await signUp(expired)).user.id as string;
    const first = connect(deleted);
    const second = connect(expired);
    expect((await authenticate(first, deletedId)).event).toBe('authenticated');
    expect((await authenticate(second, expiredId)).event).toBe('authenticated');

    const firstGone = disconnected(first);
    await test.sql.query('delete from sessions where user_id = $1', [deletedId]);
    expect(await firstGone).toBe('io server disconnect');
    const secondGone = disconnected(second);
    await test.sql.query(
      "update sessions set expires_at = now() - interval '1 second' where user_id = $1",
      [expiredId],
    );
    expect(await secondGone).toBe('io server disconnect');
  });

  it('drops a socket when its session expires', async () => {
    const member = new TestClient(test.server.url);
    const memberId = (await signUp(member)).user.id as string;
    await test.sql.query(
      "update sessions set expires_at = now() + interval '2 seconds' where user_id = $1",
      [memberId],
    );
    const socket = connect(member);
    expect((await authenticate(socket, memberId)).event).toBe('authenticated');
    const started = Date.now();
    expect(await disconnected(socket)).toBe('io server disconnect');
    expect(Date.now() - started).toBeGreaterThan(1_000);
    // Authenticating did not extend the session: the check found it expired (and it is gone).
    const { rows } = await test.sql.query('select 1 from sessions where user_id = $1', [memberId]);
    expect(rows).toEqual([]);
  });

  it('answers repeated authenticates without new lookups, and drops a socket that keeps failing', async () => {
    const socket = connect(alice);
    expect((await authenticate(socket, aliceId)).event).toBe('authenticated');
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await authenticate(socket, aliceId)).event).toBe('authenticated');
    }
    expect(socket.connected).toBe(true);

    const guesser = connect(alice);
    const gone = disconnected(guesser);
    for (let attempt = 0; attempt < AUTH_ATTEMPTS_PER_SOCKET; attempt++) {
      expect((await authenticate(guesser, bobId)).event).toBe('auth_error');
    }
    guesser.emit('authenticate', { userId: bobId });
    expect(await gone).toBe('io server disconnect');
  });

  it('lets one address hold only so many sockets', async () => {
    const visitor = new TestClient(test.server.url);
    const open: ClientSocket[] = [];
    // Some of this file's sockets may still be open from this address: fill up to the cap.
    for (let index = 0; index < SOCKETS_PER_ADDRESS + 5; index++) {
      const socket = connect(visitor);
      const outcome = await new Promise<'connected' | 'refused'>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => resolve('refused'));
      });
      if (outcome === 'refused') break;
      open.push(socket);
    }
    expect(open.length).toBeLessThanOrEqual(SOCKETS_PER_ADDRESS);
    expect(open.length).toBeGreaterThan(0);
    for (const socket of open) socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = connect(visitor);
    await new Promise<void>((resolve, reject) => {
      again.once('connect', () => resolve());
      again.once('connect_error', reject);
    });
  });

  it('counts connections that never join the namespace against the address', async () => {
    const endpoint = `${test.server.url}${SOCKET_PATH}/?EIO=4&transport=polling`;
    const held: string[] = [];
    let refused = 0;
    try {
      for (let index = 0; index < SOCKETS_PER_ADDRESS + 5 && refused === 0; index++) {
        const response = await fetch(`${endpoint}&t=${index}`);
        const body = await response.text();
        if (response.status === 200) held.push(JSON.parse(body.slice(1)).sid as string);
        else refused += 1;
      }
      expect(refused).toBe(1);
      expect(held.length).toBeLessThanOrEqual(SOCKETS_PER_ADDRESS);
    } finally {
      // Close them now (engine.io's close packet) rather than leave them to the connect timeout.
      await Promise.all(
        held.map((sid) => fetch(`${endpoint}&sid=${sid}`, { method: 'POST', body: '1' })),
      );
    }
  });

  it(
    'drops a socket that never authenticates',
    async () => {
      const socket = connect(new TestClient(test.server.url));
      const started = Date.now();
      expect(await disconnected(socket)).toBe('io server disconnect');
      expect(Date.now() - started).toBeGreaterThanOrEqual(UNAUTHENTICATED_SOCKET_MS - 500);
    },
    UNAUTHENTICATED_SOCKET_MS + 5_000,
  );
});
