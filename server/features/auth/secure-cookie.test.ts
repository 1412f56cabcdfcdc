// Behind https (PUBLIC_URL), the session cookie is marked Secure.
import { expect, it } from 'vitest';
import { TestClient, uniqueEmail } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';

// Behind the TLS proxy, as deployed: requests arrive naming the public host.
const test = setUpTestServer({
  env: { PUBLIC_URL: 'https://reelforge.example', TRUST_PROXY: 'true' },
});

it('sets a Secure, httpOnly, SameSite=Lax session cookie when PUBLIC_URL is https', async () => {
  const response = await new TestClient(test.server.url).post(
    '/api/auth/signup',
    { email: uniqueEmail(), password: 'long enough password' },
    { origin: 'https://reelforge.example', 'x-forwarded-host': 'reelforge.example' },
  );
  expect(response.status).toBe(201);
  const cookie = response.setCookies.find((value) => value.includes('session_token='));
  expect(cookie).toMatch(/^__Secure-reelforge\.session_token=/);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
});
