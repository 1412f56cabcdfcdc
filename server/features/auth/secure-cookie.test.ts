// Behind https (PUBLIC_URL), the session cookie is marked Secure.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { TestClient, uniqueEmail } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/server';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    env: { PUBLIC_URL: 'https://reelforge.example' },
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

it('sets a Secure, httpOnly, SameSite=Lax session cookie when PUBLIC_URL is https', async () => {
  const response = await new TestClient(server.url).post(
    '/api/auth/signup',
    { email: uniqueEmail(), password: 'long enough password' },
    { origin: 'https://reelforge.example' },
  );
  expect(response.status).toBe(201);
  const cookie = response.setCookies.find((value) => value.includes('session_token='));
  expect(cookie).toMatch(/^__Secure-reelforge\.session_token=/);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
});
