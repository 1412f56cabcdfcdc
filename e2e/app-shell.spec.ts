// A visitor's first minutes: landing page, sign-up, the tabs, theme, reload, logout; and the
// layout at phone width.
import { expect, test } from '@playwright/test';
import { expectScreen, PASSWORD, signUpThroughUi, uniqueEmail } from './support';

test('a visitor signs up, explores the app, keeps the session and theme across a reload, and logs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: /Turn one sentence into a/ }),
  ).toBeVisible();
  await expect(page.getByTestId('hero-cta')).toHaveText(/Get Early Access/);

  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signUpThroughUi(page, { firstName: 'Robin' });

  await expectScreen(page, 'Dashboard');
  // A brand-new account is welcomed, not welcomed back.
  await expect(page.getByText('Welcome to Reelforge, Robin')).toBeVisible();
  await expect(page.getByText('Welcome back')).toHaveCount(0);
  const header = page.getByTestId('header-tabs');
  await expect(header).toBeVisible();

  const urlBefore = page.url();
  for (const [tab, heading] of [
    ['Create', 'Create Video'],
    ['Library', 'Your Videos'],
    ['Engine', 'Creator Engine'],
    ['Credits', 'Purchase Credits'],
    ['Dashboard', 'Dashboard'],
  ] as const) {
    await header.getByRole('button', { name: tab }).click();
    await expectScreen(page, heading);
    await expect(header.getByRole('button', { name: tab })).toHaveAttribute('aria-current', 'page');
  }
  expect(page.url()).toBe(urlBefore);

  const html = page.locator('html');
  const startedDark = (await html.getAttribute('class'))?.includes('dark') ?? false;
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  await expect(html).toHaveClass(startedDark ? /^(?!.*dark)/ : /dark/);

  await page.reload();
  await expectScreen(page, 'Dashboard');
  await expect(html).toHaveClass(startedDark ? /^(?!.*dark)/ : /dark/);

  await page.getByRole('button', { name: 'Profile' }).click();
  await expectScreen(page, 'Profile');
  await expect(page.getByTestId('current-tier')).toHaveText('Free');
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /Turn one sentence into a/ }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: /Turn one sentence into a/ }),
  ).toBeVisible();
});

test('at phone width the bottom navigation shows and the header tabs do not', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('landing-mobile-nav')).toBeVisible();

  await page.goto('/login');
  await signUpThroughUi(page);
  await expectScreen(page, 'Dashboard');
  const bottomNav = page.getByTestId('bottom-nav');
  await expect(bottomNav).toBeVisible();
  await expect(page.getByTestId('header-tabs')).toBeHidden();

  await bottomNav.getByRole('button', { name: 'Library' }).click();
  await expectScreen(page, 'Your Videos');
  await bottomNav.getByRole('button', { name: 'Creator Engine' }).click();
  await expectScreen(page, 'Creator Engine');
  await bottomNav.getByRole('button', { name: 'Create' }).click();
  await expectScreen(page, 'Create Video');
  await context.close();
});

test('at desktop width the header tabs show and the bottom navigation does not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await signUpThroughUi(page);
  await expectScreen(page, 'Dashboard');
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  await expect(page.getByTestId('bottom-nav')).toBeHidden();
});

test('the login page validates fields and shows the server messages', async ({ page }) => {
  await page.goto('/login');
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByText('Please enter your email address.')).toBeVisible();
  await expect(signIn.getByText('Please enter your password.')).toBeVisible();

  await signIn.getByLabel('Email').fill(uniqueEmail('nobody'));
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByText('Invalid email or password.')).toBeVisible();

  const email = uniqueEmail();
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const signUp = page.getByRole('form', { name: 'Create account' });
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill('short');
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(signUp.getByText('Password must be at least 8 characters.')).toBeVisible();

  await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expectScreen(page, 'Dashboard');
  await page.goto('/api/logout');

  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    signUp.getByText('An account with this email already exists. Please sign in instead.'),
  ).toBeVisible();
});

test('a signed-out support link signs in and opens the profile at its support section', async ({
  page,
}) => {
  await page.goto('/api/login?redirect=profile&section=support');
  await expect(page).toHaveURL(/\/login\?redirect=profile&section=support$/);
  await signUpThroughUi(page);
  await expectScreen(page, 'Profile');
  await expect(page.locator('#support')).toBeInViewport();
  await expect(page).toHaveURL(/\/$/);
});

test('the #video-jobs anchor opens the Creator Engine tab', async ({ page }) => {
  await page.goto('/login');
  await signUpThroughUi(page);
  await expectScreen(page, 'Dashboard');
  await page.goto('/#video-jobs');
  await expectScreen(page, 'Creator Engine');
});
