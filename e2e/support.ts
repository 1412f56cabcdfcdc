// Helpers shared by the end-to-end specs.
import { expect, type Page, request } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

export const PASSWORD = 'a long enough password';

/** Signs up through the login page's Create Account form. */
export async function signUpThroughUi(
  page: Page,
  options: { email?: string; firstName?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill(options.firstName ?? 'Robin');
  await form.getByLabel('Last name').fill('Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  return email;
}

export async function expectScreen(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const ADMIN_EMAIL = 'admin@reelforge.test';

/**
 * Puts the signed-in member of `page` on a plan the way support staff would: an admin (from the
 * e2e server's ADMIN_EMAILS) calls PATCH /api/admin/users/{id}/plan. Payments are not built yet.
 */
export async function changePlanOf(page: Page, memberLevel: 'Free' | 'Pro' | 'Elite') {
  const me = await page.request.get('/api/auth/user');
  expect(me.ok()).toBe(true);
  const { id } = (await me.json()) as { id: string };
  const admin = await request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const credentials = { email: ADMIN_EMAIL, password: PASSWORD };
    // Specs run side by side: whoever comes second signs in instead.
    const signedUp = await admin.post('/api/auth/signup', {
      data: { ...credentials, firstName: 'Admin' },
    });
    if (!signedUp.ok()) {
      const signedIn = await admin.post('/api/auth/signin', { data: credentials });
      expect(signedIn.ok()).toBe(true);
    }
    const changed = await admin.patch(`/api/admin/users/${id}/plan`, { data: { memberLevel } });
    expect(changed.ok()).toBe(true);
  } finally {
    await admin.dispose();
  }
}
