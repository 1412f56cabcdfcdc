// The library in the browser: favourite, folder, filter, search, combine, play, download, share to
// a signed-out visitor, delete.

import { stat } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { formatDuration } from '../shared/format';
import { signUpThroughUi } from './support';

async function openTab(page: Page, label: string) {
  await page.getByTestId('header-tabs').getByRole('button', { name: label, exact: true }).click();
}

async function createVideo(page: Page, title: string, description: string) {
  const form = page.getByTestId('create-video-form');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(form.getByLabel('Title')).toHaveValue('');
}

test.use({ actionTimeout: 15_000 });

const cardOf = (page: Page, title: string) =>
  page
    .getByTestId('video-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('a member organises, combines, plays, shares and deletes videos', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/login');
  await signUpThroughUi(page);
  await openTab(page, 'Create');
  await createVideo(page, 'Harbour at dawn', 'Boats leave a misty harbour at sunrise.');
  await createVideo(page, 'Neon market', 'Steam rises from food stalls under neon signs at night.');

  await openTab(page, 'Library');
  const harbour = cardOf(page, 'Harbour at dawn');
  const neon = cardOf(page, 'Neon market');
  await expect(harbour).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  await expect(neon).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your Videos (2)' })).toBeVisible();

  // Favourite, then a folder with the harbour video in it.
  await harbour.getByRole('button', { name: 'Favorite' }).click();
  await expect(harbour.getByRole('button', { name: 'Favorite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'New Folder' }).click();
  await page.getByLabel('Folder Name').fill('Client work');
  await page.getByRole('button', { name: 'Create Folder' }).click();
  await harbour.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Client work' }).click();
  await expect(harbour.getByText('Folder: Client work')).toBeAttached();

  // Filter by the folder, then by search.
  await page.getByRole('button', { name: /Folders:/ }).click();
  await page.getByRole('menuitemcheckbox', { name: /Client work/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Videos (1 of 2)' })).toBeVisible();
  await expect(neon).toHaveCount(0);
  await page.getByRole('button', { name: /Folders:/ }).click();
  await page.getByRole('menuitemcheckbox', { name: /All Videos/ }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Search videos').fill('NEON');
  await expect(harbour).toHaveCount(0);
  await expect(neon).toHaveCount(1);
  await page.getByLabel('Search videos').fill('');

  // Combine the two.
  await page.getByRole('button', { name: 'Select All' }).click();
  await page.getByRole('button', { name: 'Combine', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Title').fill('Best of both');
  await page.getByRole('button', { name: 'Combine Videos' }).click();
  const combined = cardOf(page, 'Best of both');
  await expect(combined).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  // As long as the two it joins (each as long as it speaks), shown as m:ss on its card.
  const videos = (await (await page.request.get('/api/videos')).json()) as Array<{
    title: string;
    duration: number | null;
  }>;
  const lengthOf = (title: string) => videos.find((video) => video.title === title)?.duration ?? 0;
  const both = lengthOf('Best of both');
  expect(Math.abs(both - lengthOf('Harbour at dawn') - lengthOf('Neon market'))).toBeLessThan(0.3);
  await expect(combined).toContainText(formatDuration(both));

  // Play it in the full-screen player and use its controls.
  await combined.getByRole('button', { name: 'Best of both' }).click();
  const player = page.getByTestId('library-player');
  await expect(player).toBeVisible();
  const video = player.locator('video');
  await expect
    .poll(
      () =>
        video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0.3);
  await player.getByRole('button', { name: 'Mute' }).click();
  await expect(player.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  await player.getByRole('button', { name: 'Close' }).click();
  await expect(player).toHaveCount(0);

  // Download it: an MP4 named after its title.
  const downloading = page.waitForEvent('download');
  await combined.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Best of both.mp4');
  expect((await stat(await download.path())).size).toBeGreaterThan(100_000);

  // Share one: a private video asks first, then is public and its link copied.
  await neon.getByRole('button', { name: 'Share' }).click();
  const question = page.getByRole('alertdialog', { name: 'Share this video?' });
  await expect(question).toContainText('Sharing makes this video public');
  await question.getByRole('button', { name: 'Make Public and Copy Link' }).click();
  await expect(page.getByText('Link Copied!').first()).toBeVisible();
  await expect(neon.getByText('Public', { exact: true })).toBeVisible();
  const link = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(link).toMatch(/\/watch\/\d+$/);
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Neon market' })).toBeVisible();
  await expect(visitorPage.getByTestId('shared-video-player')).toBeVisible();

  // Make Private says so, and the link stops working for anyone else.
  await neon.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Make Private' }).click();
  await expect(page.getByText('Video Is Private').first()).toBeVisible();
  await expect(neon.getByText('Public', { exact: true })).toHaveCount(0);
  await visitorPage.reload();
  await expect(visitorPage.getByRole('heading', { name: 'Video Not Found' })).toBeVisible();
  await visitor.close();

  // Delete the harbour video.
  await page
    .getByRole('button', { name: 'Deselect All' })
    .click()
    .catch(() => undefined);
  await harbour.hover();
  await harbour.getByRole('checkbox', { name: 'Select Harbour at dawn' }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(harbour).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Videos (2)' })).toBeVisible();
});
