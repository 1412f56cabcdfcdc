// Scene remixing in the browser: a Pro member remixes a finished one-scene video from the library,
// rewrites its narration, renders the new version (the same card, the same id), finds both versions
// in Versions and restores the first, which the player then plays. Back on the Free plan, Remix
// offers the upgrade instead. One render of a video and one of its remix, on the e2e server's
// single render slot.
import { expect, type Page, type Response, test } from '@playwright/test';
import type { VideoVersion } from '../shared/schemas/storyboards';
import { changePlanOf, signUpThroughUi } from './support';

test.use({ actionTimeout: 15_000 });

const TITLE = 'Lighthouse keeper';
const NEW_WORDS = 'A copper kettle whistles while the lighthouse keeper polishes the great lens.';

type ListedVideo = {
  id: number | string;
  title: string;
  status: string;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  captionsUrl: string | null;
  errorMessage: string | null;
};

async function listed(page: Page): Promise<ListedVideo[]> {
  return (await (await page.request.get('/api/videos')).json()) as ListedVideo[];
}

/** The next answer to a PATCH of the storyboard. */
const saved = (page: Page) =>
  page.waitForResponse(
    (response: Response) =>
      /\/api\/storyboards\/\d+$/.test(response.url()) && response.request().method() === 'PATCH',
  );

test('Remix a finished video, then restore version 1', async ({ page }) => {
  // Two renders on the e2e server's single render slot, shared with the specs running beside.
  test.setTimeout(300_000);
  await page.goto('/login');
  await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  await changePlanOf(page, 'Pro');
  const created = await page.request.post('/api/video-creation-requests', {
    data: {
      title: TITLE,
      description: 'A lighthouse keeper climbs the spiral stairs at dusk to light the lamp.',
      aspectRatio: 'landscape',
      watermark: true,
    },
  });
  expect(created.status()).toBe(201);

  // The library: one card for the video, finished.
  await page.goto('/?tab=library');
  const cards = page
    .getByTestId('video-card')
    .filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 150_000 });
  // The socket says "completed" first; the card takes the video's own id once the library is
  // read again.
  await expect(card).toHaveAttribute('data-video-id', /^\d+$/);
  const videoId = Number(await card.getAttribute('data-video-id'));
  expect(videoId).toBeGreaterThan(0);
  const first = (await listed(page)).find((video) => video.id === videoId);
  expect(first?.videoUrl).toBeTruthy();

  // Remix, from the card's menu: the editor, named as a remix, with what a remix costs.
  await card.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Remix' }).click();
  await expect(page).toHaveURL(/\/storyboards\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: `Remix: ${TITLE}` })).toBeVisible();
  const render = page.getByRole('button', { name: 'Render new version' });
  await expect(render).toBeVisible();
  await expect(
    page.getByText("A video's first three remixes are free; later ones cost 1 credit."),
  ).toBeVisible();

  // Scene 1's words, rewritten and saved.
  const narration = page.getByRole('textbox', { name: 'Scene 1 Narration' });
  const edit = saved(page);
  await narration.fill(NEW_WORDS);
  expect((await edit).status()).toBe(200);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  // Rendered: the library follows the remix as an entry of its own, which becomes the video's
  // new version on the same card.
  await render.click();
  await expect(page.getByText('Video Queued!').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Your Videos/ })).toBeVisible();
  await expect(page.getByText('Video Ready!').first()).toBeVisible({ timeout: 150_000 });
  await expect
    .poll(async () => (await listed(page)).find((video) => video.id === videoId)?.videoUrl, {
      timeout: 30_000,
    })
    .not.toBe(first?.videoUrl);
  const remixed = (await listed(page)).find((video) => video.id === videoId);
  expect(remixed?.status, remixed?.errorMessage ?? '').toBe('completed');
  // One card, the same video, showing its new frame; the remix's own entry is gone.
  await expect(cards).toHaveCount(1);
  await expect(card).toHaveAttribute('data-video-id', String(videoId));
  await expect(card.locator('img').first()).toHaveAttribute('src', remixed?.thumbnailUrl as string);
  await expect(page.locator('[data-testid="video-card"][data-video-id^="req-"]')).toHaveCount(0);
  const captions = await (await page.request.get(remixed?.captionsUrl as string)).text();
  expect(captions.toLowerCase()).toContain('kettle');

  // Versions: two, the remix current; version 1 restored.
  const versions = (await (
    await page.request.get(`/api/videos/${videoId}/versions`)
  ).json()) as VideoVersion[];
  expect(versions.map((version) => [version.version, version.current])).toEqual([
    [2, true],
    [1, false],
  ]);
  await card.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Versions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Versions' });
  const rows = dialog.getByTestId('video-version');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-version', '2');
  await expect(rows.nth(0)).toHaveAttribute('data-current', 'true');
  await expect(rows.nth(0)).toContainText('Current');
  await rows.nth(1).getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByText('Version 1 restored').first()).toBeVisible();
  await expect(rows.nth(1)).toHaveAttribute('data-current', 'true');
  await expect(rows.nth(1)).toContainText('Current');
  // The focus stays in the dialog, on the restored version.
  await expect(rows.nth(1)).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The video plays version 1's file again, at the same id.
  const version1 = versions.find((version) => version.version === 1) as VideoVersion;
  await expect
    .poll(async () => (await listed(page)).find((video) => video.id === videoId)?.videoUrl)
    .toBe(version1.videoUrl);
  await expect(card.locator('img').first()).toHaveAttribute('src', version1.thumbnailUrl as string);
  await card.getByRole('button', { name: TITLE, exact: true }).click();
  const player = page.getByTestId('library-player');
  await expect(player.locator('video')).toHaveAttribute('src', version1.videoUrl);
  await player.getByRole('button', { name: 'Close' }).click();
  await expect(player).toBeHidden();

  // Back on the Free plan, Remix offers the upgrade and opens nothing.
  await changePlanOf(page, 'Free');
  await page.goto('/?tab=library');
  let remixAsked = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/remix')) remixAsked = true;
  });
  await expect(page.getByRole('button', { name: /Free/ }).first()).toBeVisible();
  await card.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Remix' }).click();
  const upgrade = page.getByRole('alertdialog', { name: 'Premium Feature' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByText('Upgrade to Pro or Elite to remix scenes')).toBeVisible();
  await upgrade.getByRole('button', { name: 'See plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Credits' })).toBeVisible();
  expect(remixAsked).toBe(false);
});
