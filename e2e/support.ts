// Helpers shared by the end-to-end specs.
import { expect, type Page } from '@playwright/test';

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
