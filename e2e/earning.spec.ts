// Earning and Admin Tools in the browser: a member sends proof and an admin reviews it while the
// member's tab is open (approval and rejection arrive live), an admin grants credits through the
// member picker and downloads a CSV, an admin changes a member's plan from the picker's row while
// the member watches, and the membership card on each plan.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  changePlanOf,
  expectScreen,
  openAdminTools,
  signUpThroughUi,
  uniqueEmail,
  verifyEmailFromInbox,
} from './support';

test.use({ actionTimeout: 15_000 });

async function signUpMember(page: Page, firstName = 'Robin') {
  await page.goto('/login');
  const email = await signUpThroughUi(page, { email: uniqueEmail('earner'), firstName });
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  // Proofs need a verified address: the link in the sign-up email, as a member opens it.
  await verifyEmailFromInbox(page, email);
  await page.goto('/');
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  return email;
}

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /^Profile\b/ }).click();
  await expectScreen(page, 'Profile');
}

/** The review card of one member's submission in Admin Tools. */
function submissionFrom(admin: Page, email: string) {
  return admin.getByTestId('admin-submission').filter({ hasText: email });
}

test('a member sends X-post proof, an admin approves it, and the open tab shows the credits', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await signUpMember(page);
  await openProfile(page);
  await expect(page.getByTestId('profile-credits')).toHaveText('10');
  await expect(page.getByText('No credits earned yet. Earn some below.')).toBeVisible();

  await page.getByRole('button', { name: 'Submit proof for X post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit Your X Post' });
  await dialog.getByLabel('Post Link').fill('not a link');
  await dialog.getByRole('button', { name: 'Submit Proof' }).click();
  await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
  await dialog.getByLabel('Post Link').fill(`https://x.com/robin/status/${Date.now()}`);
  await dialog.getByRole('button', { name: 'Submit Proof' }).click();
  await expect(page.getByText('Submission Received!').first()).toBeVisible();
  await expect(page.getByTestId('my-submission').first()).toHaveAttribute('data-status', 'pending');

  const admin = await openAdminTools(browser, baseURL as string);
  const card = submissionFrom(admin, email);
  await expect(card).toContainText('X post');
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve Submission' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Submission Approved').first()).toBeVisible();

  // The member's tab, never reloaded: the toast, the balance and the entry arrive over the socket.
  await expect(page.getByText('Submission Approved').first()).toBeVisible();
  await expect(page.getByTestId('profile-credits')).toHaveText('12');
  await expect(page.getByTestId('credit-activity')).toContainText('X post approved: 2 credits');
  await expect(page.getByTestId('credit-activity')).toContainText('+2');
  await expect(page.getByTestId('my-submission').first()).toHaveAttribute(
    'data-status',
    'approved',
  );
  await admin.context().close();
});

test('an admin rejects a proof with a reason, and the member sees why', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await signUpMember(page);
  await openProfile(page);
  await page.getByRole('button', { name: 'Submit proof for Instagram' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit Your Instagram Follow' });
  await dialog.getByLabel('Your Instagram handle').fill('@robin.makes');
  await dialog.getByRole('button', { name: 'Submit Proof' }).click();
  await expect(page.getByText('Submission Received!').first()).toBeVisible();
  await expect(page.getByTestId('follow-follow_instagram')).toContainText('Pending review');

  const admin = await openAdminTools(browser, baseURL as string);
  const card = submissionFrom(admin, email);
  await card.getByRole('button', { name: 'Reject' }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject Submission' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Rejection reason is required')).toBeVisible();
  await reject.getByLabel('Reason').fill('@robin.makes does not follow us yet.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();

  await expect(page.getByText('Submission Rejected').first()).toBeVisible();
  const mine = page.getByTestId('my-submission').first();
  await expect(mine).toHaveAttribute('data-status', 'rejected');
  await expect(mine).toContainText('Reason: @robin.makes does not follow us yet.');
  // A rejected follow may be sent again.
  await expect(page.getByRole('button', { name: 'Submit proof for Instagram' })).toBeVisible();
  // The news waits in the bell too.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByTestId('notification').first()).toContainText(
    'Reason: @robin.makes does not follow us yet.',
  );
  await admin.context().close();
});

test('an admin grants credits through the member picker and downloads a CSV', async ({
  page,
  browser,
  baseURL,
}) => {
  const firstName = `Quinn${Date.now().toString(36)}`;
  const email = await signUpMember(page, firstName);
  await openProfile(page);
  await expect(page.getByTestId('profile-credits')).toHaveText('10');

  const admin = await openAdminTools(browser, baseURL as string);
  const grant = admin.getByRole('form', { name: 'Grant Credits' });
  await grant.getByRole('button', { name: 'Grant Credits' }).click();
  await expect(grant.getByText('Please select a user')).toBeVisible();
  await grant.getByRole('combobox', { name: 'Member' }).fill(firstName);
  await grant.getByRole('option', { name: new RegExp(email) }).click();
  await grant.getByLabel('Amount').fill('7');
  await grant.getByLabel('Description').fill('Welcome gift');
  await expect(grant.getByText('12/50')).toBeVisible();
  await grant.getByRole('button', { name: 'Grant Credits' }).click();
  await expect(admin.getByText('Credits Granted').first()).toBeVisible();

  await expect(page.getByText('Credits Received').first()).toBeVisible();
  await expect(page.getByTestId('profile-credits')).toHaveText('17');
  await expect(page.getByTestId('credit-activity')).toContainText('Welcome gift');

  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export Members' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('members-export.csv');
  const csv = await readFile((await file.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'id,email,firstName,lastName,memberLevel,planExpiresAt,remainingCredits,bonusCredits,referralCode,referredBy,createdAt',
  );
  expect(csv).toContain(`,${email},${firstName},Tester,Free,,17,7,`);
  await admin.context().close();
});

test("an admin changes a member's plan from Admin Tools, and the member's open tab shows it", async ({
  page,
  browser,
  baseURL,
}) => {
  const firstName = `Plan${Date.now().toString(36)}`;
  const email = await signUpMember(page, firstName);
  await openProfile(page);
  await expect(page.getByTestId('current-tier')).toHaveText('Free');

  const admin = await openAdminTools(browser, baseURL as string);
  const grant = admin.getByRole('form', { name: 'Grant Credits' });
  await grant.getByRole('combobox', { name: 'Member' }).fill(firstName);
  await grant.getByRole('option', { name: new RegExp(email) }).click();
  const row = grant.getByTestId('selected-member');
  await expect(row.getByRole('combobox', { name: 'Plan' })).toHaveText('Free');
  await row.getByRole('combobox', { name: 'Plan' }).click();
  await admin.getByRole('option', { name: 'Pro' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Change Plan' });
  await expect(confirm).toContainText(`from Free to Pro?`);
  await confirm.getByRole('button', { name: 'Change plan' }).click();
  await expect(admin.getByText(`is on Pro now.`).first()).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Plan' })).toHaveText('Pro');

  // The member's tab, open all along, shows the new plan and its allowance without a reload.
  await expect(page.getByText('Plan Changed').first()).toBeVisible();
  await expect(page.getByTestId('current-tier')).toHaveText('Pro');
  // The membership card's own (the custom watermark card offers Elite too).
  await expect(
    page.getByLabel('Membership').getByRole('button', { name: 'Upgrade to Elite' }),
  ).toBeVisible();
  await expect(page.getByTestId('profile-credits')).toHaveText('150');
  await admin.context().close();
});

test('the membership card on Free, Pro and Elite', async ({ page }) => {
  await signUpMember(page);
  await openProfile(page);
  const since = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(
    new Date(),
  );
  await expect(page.getByTestId('current-tier')).toHaveText('Free');
  await expect(page.getByTestId('member-since')).toHaveText(`Member since ${since}`);
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();

  await changePlanOf(page, 'Pro');
  await page.goto('/?tab=profile');
  await expect(page.getByTestId('current-tier')).toHaveText('Pro');
  await expect(
    page.getByLabel('Membership').getByRole('button', { name: 'Upgrade to Elite' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Upgrade to Pro/ })).toHaveCount(0);

  await changePlanOf(page, 'Elite');
  await page.goto('/?tab=profile');
  await expect(page.getByTestId('current-tier')).toHaveText('Elite');
  await expect(page.getByText("You're on our highest tier. Thank you!")).toBeVisible();
  await expect(page.getByRole('button', { name: /^Upgrade to/ })).toHaveCount(0);
  await expect(page.getByTestId('profile-credits')).toHaveText('∞');
  // Members never see Admin Tools.
  await expect(page.getByRole('heading', { name: 'Admin Tools' })).toHaveCount(0);

  // The landing page's and the purchase screen's links land on their sections.
  await page.goto('/dashboard?tab=profile&section=earn');
  await expect(page.getByRole('heading', { name: 'Earn Video Credits' })).toBeInViewport();
  await page.goto('/dashboard?tab=profile#support');
  await expect(page.getByRole('heading', { name: 'Support and Help' })).toBeInViewport();
});
