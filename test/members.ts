// Members on a given plan for tests: signed up through the API, their plan set in the database.
import type { Tier } from '../shared/tiers';
import { signUp, TestClient } from './http-client';
import type { TestServerHandle } from './server';

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
