// Helpers shared by the end-to-end specs.
import { type APIRequestContext, type Browser, expect, type Page, request } from '@playwright/test';
import type { SessionUser } from '../shared/schemas/auth';

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

export const ADMIN_EMAIL = 'admin@reelforge.test';

/**
 * Signs `context` in as the admin of the e2e server (ADMIN_EMAILS), signing up first if no spec
 * has yet, and verifying the address from the inbox as the operator would: an admin address
 * gives admin rights only once verified. Specs run side by side: whoever comes second signs in
 * instead, and waits for the first to have verified it.
 */
export async function signInAdmin(context: APIRequestContext): Promise<void> {
  const credentials = { email: ADMIN_EMAIL, password: PASSWORD };
  const signedUp = await context.post('/api/auth/signup', {
    data: { ...credentials, firstName: 'Admin' },
  });
  if (signedUp.ok()) {
    const link = await linkFromEmail(ADMIN_EMAIL, /Verify your email/, '/verify-email');
    const token = new URL(link).searchParams.get('token');
    const verified = await context.post('/api/auth/verify-email', { data: { token } });
    expect(verified.ok()).toBe(true);
  } else {
    const signedIn = await context.post('/api/auth/signin', { data: credentials });
    expect(signedIn.ok()).toBe(true);
  }
  await expect
    .poll(
      async () => ((await (await context.get('/api/auth/user')).json()) as SessionUser).isAdmin,
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
}

/** A browser page signed in as the admin, on the Profile tab where Admin Tools live. */
export async function openAdminTools(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAdmin(page.request);
  await page.goto('/?tab=profile');
  await expect(page.getByRole('heading', { name: 'Admin Tools' })).toBeVisible();
  return page;
}

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
    await signInAdmin(admin);
    const changed = await admin.patch(`/api/admin/users/${id}/plan`, { data: { memberLevel } });
    expect(changed.ok()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

type Mail = { subject: string; text: string; links: string[] };

/**
 * The link at `pathname` in the newest email to `email` whose subject matches, from the e2e inbox
 * (test/fixtures/mail-stand-in.ts), waiting for it to arrive.
 */
export async function linkFromEmail(
  email: string,
  subject: RegExp,
  pathname: string,
): Promise<string> {
  const { MAIL_HTTP_PORT } = await import('../test/fixtures/mail-stand-in');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await fetch(
          `http://127.0.0.1:${MAIL_HTTP_PORT}/messages?to=${encodeURIComponent(email)}`,
        );
        const mails = ((await answer.json()) as Mail[]).filter((mail) =>
          subject.test(mail.subject),
        );
        link = mails.at(-1)?.links.find((candidate) => new URL(candidate).pathname === pathname);
        return link;
      },
      { timeout: 20_000, intervals: [250] },
    )
    .toBeTruthy();
  return link as string;
}

/** Opens the verification link of the member's sign-up email, as they would from their inbox. */
export async function verifyEmailFromInbox(page: Page, email: string) {
  const link = await linkFromEmail(email, /Verify your email/, '/verify-email');
  await page.goto(link);
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
}

/** How far the page is wider than its window, in pixels: more than 0 means it scrolls sideways. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}
