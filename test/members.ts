// Members on a given tier for tests: signed up through the API (or, on the service-level harness,
// through the auth service), their tier set in the database.
import type { UserRow } from '../server/db/schema';
import type { Tier } from '../shared/tiers';
import { signUp, TestClient, uniqueEmail } from './http-client';
import type { TestServerHandle } from './server';
import type { TestServices } from './services';

export async function memberOn(test: TestServerHandle, level: Tier) {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  // Verified, as a member who clicked the link: earning and publishing are open to them.
  await test.sql.query('update users set member_level = $1, email_verified = true where id = $2', [
    level,
    user.id,
  ]);
  return { client, id: user.id as string };
}

/**
 * An ADMIN_EMAILS address signed up and verified, as the operator who clicked the link: admin
 * rights through an address wait for that.
 */
export async function adminOn(
  test: TestServerHandle,
  email: string,
  overrides: { firstName?: string } = {},
) {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client, { email, ...overrides });
  await test.sql.query('update users set email_verified = true where id = $1', [user.id]);
  return { client, id: user.id as string };
}

/**
 * A member signed up through the auth service (as POST /api/auth/signup does), verified and on
 * `level`: for tests on the service-level harness. `user` is the stored row after the change.
 */
export async function memberWithServices(test: TestServices, level: Tier) {
  const { user: created } = await test.ctx.services.auth.signUp(
    {
      email: uniqueEmail(),
      password: 'correct horse battery',
      firstName: 'Test',
      lastName: undefined,
    },
    new Headers(),
  );
  await test.sql.query('update users set member_level = $1, email_verified = true where id = $2', [
    level,
    created.id,
  ]);
  const user = (await test.ctx.services.members.findCurrent(created.id)) as UserRow;
  return { id: user.id, user };
}
