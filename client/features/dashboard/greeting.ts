// The dashboard's greeting: a member who has just made their account is welcomed, not welcomed
// back. "Just" is the first hour after sign-up: the first visit, however long it lasts in practice.
const NEW_MEMBER_MS = 60 * 60 * 1000;

export function greeting(
  user: { firstName?: string | null; createdAt: string },
  now = Date.now(),
): string {
  const name = user.firstName ? `, ${user.firstName}` : '';
  const created = Date.parse(user.createdAt);
  const isNew = Number.isFinite(created) && now - created < NEW_MEMBER_MS;
  return isNew ? `Welcome to Reelforge${name}` : `Welcome back${name}`;
}
