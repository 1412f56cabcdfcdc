// The Creator Engine in the browser: a Pro member creates an advanced job with item lists, edits
// it and switches it off; an Elite member runs a job now and finds the video in the job's folder;
// a Free member is asked to upgrade.
import { expect, type Page, test } from '@playwright/test';
import { changePlanOf, expectScreen, signUpThroughUi } from './support';

test.use({ actionTimeout: 15_000 });

async function signUpOnPlan(page: Page, level: 'Free' | 'Pro' | 'Elite') {
  await page.goto('/login');
  await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  if (level !== 'Free') await changePlanOf(page, level);
  // The address opens the Creator Engine, and the fresh page reads the new plan.
  await page.goto('/jobs');
  await expectScreen(page, 'Creator Engine');
}

const jobCard = (page: Page, name: string) =>
  page.getByTestId('job-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openJobMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  return page.getByRole('menu');
}

test('a Pro member creates an advanced job with item lists, edits it and switches it off', async ({
  page,
}) => {
  await signUpOnPlan(page, 'Pro');
  await expect(page.getByRole('heading', { name: 'Creator Engine (0)' })).toBeVisible();
  await expect(page.getByText('No automations yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create Job' }).first().click();
  const form = page.getByRole('form', { name: 'Create job' });
  await form.getByLabel(/^Job Name/).fill('Tea of the day');
  await form.getByRole('tab', { name: 'Advanced' }).click();
  await form
    .getByLabel(/^Dynamic Prompt/)
    .fill(
      'A calm video about {Tea} for {Audience}.\n{Tea: green, "oolong, roasted", black}\n{Audience: students, cooks}',
    );
  await expect(form.getByText('2 item lists (Tea: 3, Audience: 2).')).toBeVisible();
  // The app's own drop-down (Radix Select), not the browser's.
  await form.getByLabel('Video Frequency').click();
  // Every hour is Elite's.
  await expect(page.getByRole('option', { name: 'Every hour (Elite)' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.getByRole('option', { name: 'Weekly', exact: true }).click();
  await form.getByRole('button', { name: 'Auto-Append' }).click();
  await expect(form.getByRole('button', { name: /^Success \(\d+s\)$/ })).toBeVisible();
  await form.getByText("Preview the next video's prompt").click();
  await expect(form.getByText('A calm video about green for students.')).toBeVisible();
  await form.getByRole('button', { name: 'Create Job' }).click();

  await expect(page.getByRole('heading', { name: 'Creator Engine (1)' })).toBeVisible();
  const card = jobCard(page, 'Tea of the day');
  await expect(card.getByText('Weekly')).toBeVisible();
  await expect(card.getByText('Advanced')).toBeVisible();

  await (await openJobMenu(page, 'Tea of the day')).getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit job' });
  await expect(edit.getByLabel(/^Dynamic Prompt/)).toHaveValue(
    /\{Tea: green, "oolong, roasted", black\}/,
  );
  await edit.getByLabel(/^Job Name/).fill('Tea of the week');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const renamed = jobCard(page, 'Tea of the week');
  await expect(renamed).toBeVisible();
  await expect(
    (await openJobMenu(page, 'Tea of the week')).getByRole('menuitem', { name: 'Run Now' }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The switch moves at once; the reload waits for the server's answer to it, which a reload
  // in flight would cancel.
  const switched = page.waitForResponse(
    (response) =>
      /\/api\/video-jobs\/\d+$/.test(response.url()) &&
      response.request().method() === 'PATCH' &&
      JSON.parse(response.request().postData() ?? '{}').isActive === false,
  );
  await renamed.getByRole('switch', { name: 'Active: Tea of the week' }).click();
  await expect(renamed.getByText('Off: switch it on to resume')).toBeVisible();
  expect((await switched).status()).toBe(200);

  // What the server holds, after a reload.
  await page.reload();
  await page
    .getByTestId('header-tabs')
    .getByRole('button', { name: 'Engine', exact: true })
    .click();
  await expect(jobCard(page, 'Tea of the week').getByRole('switch')).not.toBeChecked();
  const jobs = (await (await page.request.get('/api/video-jobs')).json()) as {
    jobName: string;
    frequency: string;
    isActive: boolean;
    advancedMode: boolean;
    masterPrompt: string;
  }[];
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({
    jobName: 'Tea of the week',
    frequency: 'weekly',
    isActive: false,
    advancedMode: true,
  });
  expect(jobs[0]?.masterPrompt).toContain('Video settings:\naspect_ratio: 16:9');
});

test('an Elite member runs a job now and finds its video in the job folder', async ({ page }) => {
  // The e2e server renders one video at a time, shared with the specs running beside.
  test.setTimeout(150_000);
  await signUpOnPlan(page, 'Elite');
  await page.getByRole('button', { name: 'Create Job' }).first().click();
  const form = page.getByRole('form', { name: 'Create job' });
  await form.getByRole('button', { name: 'Fill with Sample' }).click();
  await expect(form.getByLabel(/^Brand Description/)).not.toHaveValue('');
  await form.getByLabel(/^Job Name/).fill('Elite daily reel');
  await form.getByRole('button', { name: 'Create Job' }).click();
  await expect(page.getByRole('heading', { name: 'Creator Engine (1)' })).toBeVisible();
  // With a job of their own, the intro and its use cases fold away above the jobs.
  await expect(page.getByRole('button', { name: 'About the Creator Engine' })).toBeVisible();
  await expect(page.getByText('Perfect For')).toBeHidden();

  const run = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/video-creation-requests') &&
      response.request().method() === 'POST',
  );
  await (await openJobMenu(page, 'Elite daily reel'))
    .getByRole('menuitem', { name: 'Run Now' })
    .click();
  expect((await run).status()).toBe(201);
  await expect(page.getByText('Video Queued!').first()).toBeVisible();

  await page
    .getByTestId('header-tabs')
    .getByRole('button', { name: 'Library', exact: true })
    .click();
  await page.getByRole('button', { name: /Folders:/ }).click();
  await page.getByRole('menuitemcheckbox', { name: /Elite daily reel/ }).click();
  await page.keyboard.press('Escape');
  // Named after the job and numbered, rather than stamped with a date and time.
  const video = page
    .getByTestId('video-card')
    .filter({ has: page.getByRole('heading', { name: 'Elite daily reel #1', exact: true }) });
  await expect(video).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  // The job folder counts the video it holds.
  await page.getByRole('button', { name: /Folders:/ }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: /Elite daily reel/ })).toHaveText(
    /Elite daily reel\s*1$/,
  );
  await page.keyboard.press('Escape');

  // Deleting the job is announced once (this tab's answer and the socket's event are one toast).
  await page
    .getByTestId('header-tabs')
    .getByRole('button', { name: 'Engine', exact: true })
    .click();
  await (await openJobMenu(page, 'Elite daily reel'))
    .getByRole('menuitem', { name: 'Delete' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Job' }).click();
  await expect(page.getByRole('heading', { name: 'Creator Engine (0)' })).toBeVisible();
  const deleted = page.locator('[data-variant]').filter({ hasText: 'Job Deleted' });
  await expect(deleted).toHaveCount(1);
  await expect(deleted).toContainText('1 video kept in your library.');
  // The socket's event arrives a moment later; it must not add a second one.
  await page.waitForTimeout(1_500);
  await expect(deleted).toHaveCount(1);
});

test('Auto-Append over the template states each setting once', async ({ page }) => {
  await signUpOnPlan(page, 'Pro');
  await page.getByRole('button', { name: 'Create Job' }).first().click();
  const form = page.getByRole('form', { name: 'Create job' });
  await form.getByRole('tab', { name: 'Advanced' }).click();
  await form.getByRole('button', { name: 'Load Template' }).click();
  const prompt = form.getByLabel(/^Dynamic Prompt/);
  await expect(prompt).toHaveValue(/aspect_ratio: 16:9/);
  await form.getByRole('button', { name: 'Auto-Append' }).click();
  await expect(form.getByRole('button', { name: /^Success \(\d+s\)$/ })).toBeVisible();
  const value = await prompt.inputValue();
  expect(value.match(/^aspect_ratio:/gm)).toHaveLength(1);
  expect(value.match(/^watermark:/gm)).toHaveLength(1);
  // What the template lacked is added, once.
  expect(value.match(/^scenes:/gm)).toHaveLength(1);
});

test("a Free member sees 'Upgrade Required'", async ({ page }) => {
  await signUpOnPlan(page, 'Free');
  await page.getByRole('button', { name: 'Create Job' }).first().click();
  await expect(page.getByText('Upgrade to Create Video Jobs')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade Required' })).toBeDisabled();
});
