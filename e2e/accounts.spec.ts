// Accounts in the browser, with the e2e inbox (a real SMTP server): a member who forgot their
// password asks for a link, opens it from the email, chooses a new password and is signed in (the
// old password no longer works); a member deletes their account from Profile, is signed out, and
// can no longer sign in.
import { expect, type Page, test } from '@playwright/test';
import { linkFromEmail, PASSWORD, signUpThroughUi, uniqueEmail } from './support';

test.use({ actionTimeout: 15_000 });

async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('forgot password: the email link, a new password, signed in', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await page.goto('/login');
  await signUpThroughUi(page, { email });
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  await page.goto('/api/logout');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('form', { name: 'Forgot password' }).getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for that email, we have sent it a link', { exact: false }),
  ).toBeVisible();

  const link = await linkFromEmail(email, /new Reelforge password/, '/reset-password');
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('New password', { exact: true }).fill('my brand new passphrase');
  await form.getByLabel('Repeat new password').fill('my brand new passphrase');
  await form.getByRole('button', { name: 'Set new password' }).click();
  // Signed in, in the app.
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The old password is refused; the new one opens the account.
  await page.goto('/api/logout');
  await signInThroughUi(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInThroughUi(page, email, 'my brand new passphrase');
  await expect(page.getByTestId('header-tabs')).toBeVisible();
});

test('a member deletes their account and can no longer sign in', async ({ page }) => {
  const email = uniqueEmail('leaving');
  await page.goto('/login');
  await signUpThroughUi(page, { email });
  await expect(page.getByTestId('header-tabs')).toBeVisible();

  await page.getByRole('button', { name: /^Profile\b/ }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    dialog.getByText('That password is not right. Your account was not deleted.'),
  ).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  // Signed out, on the landing page.
  await expect(page.getByTestId('header-tabs')).toBeHidden();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await signInThroughUi(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});
