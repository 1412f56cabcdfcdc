// Stock footage in the browser, on the server with Pexels and Pixabay keys (their stand-ins): Create
// offers Stock footage and starts on it; the finished video's watch page credits the footage; the
// Publish dialog offers the credits line for the description.
import { expect, type Page, test } from '@playwright/test';
import { stockPort } from '../playwright.config';
import { signUpThroughUi } from './support';

test.use({ baseURL: `http://localhost:${stockPort}` });

async function openTab(page: Page, label: string) {
  await page.getByTestId('header-tabs').getByRole('button', { name: label, exact: true }).click();
}

test('a member makes a stock footage video, and its watch page and Publish dialog credit the footage', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/login');
  await signUpThroughUi(page);
  await openTab(page, 'Create');

  const form = page.getByTestId('create-video-form');
  const group = form.getByRole('radiogroup', { name: 'Scene source' });
  const stock = group.getByRole('radio', { name: 'Stock footage', exact: true });
  // With a stock key set, stock footage is where a video starts.
  await expect(stock).toHaveAttribute('aria-checked', 'true');
  await expect(stock).toHaveAccessibleDescription(/Pexels and Pixabay/);
  await group.getByRole('radio', { name: 'Offline pictures', exact: true }).click();
  await stock.click();
  await expect(stock).toHaveAttribute('aria-checked', 'true');

  await form.getByLabel('Title').fill('Harbour morning');
  await form
    .getByLabel('Description')
    .fill('Fishing boats leave the harbour at sunrise. Gulls fly over the water.');
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/video-creation-requests') &&
      response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create Video' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  expect(await answer.json()).toMatchObject({ sceneSource: 'stock' });

  await openTab(page, 'Library');
  const card = page
    .getByTestId('video-card')
    .filter({ has: page.getByRole('heading', { name: 'Harbour morning', exact: true }) });
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });

  // The Publish dialog, from the player, offers the credits line.
  await card.getByRole('button', { name: 'Harbour morning' }).click();
  const player = page.getByTestId('library-player');
  await player.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Video' });
  await expect(dialog.getByText(/^Footage: Pexels \(Pexels author \d+/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add footage credits' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue(/\n\nFootage: Pexels \(/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Shared from the player, its watch page credits the footage, linked to Pexels and its authors.
  await player.getByRole('button', { name: 'Share' }).click();
  await page
    .getByRole('alertdialog', { name: 'Share this video?' })
    .getByRole('button', { name: 'Make Public and Copy Link' })
    .click();
  await expect(page.getByText('Link Copied!').first()).toBeVisible();
  const videos = (await (await page.request.get('/api/videos')).json()) as Array<{
    id: number | string;
    title: string;
  }>;
  const video = videos.find((entry) => entry.title === 'Harbour morning');
  const visitor = await browser.newContext();
  const watch = await visitor.newPage();
  await watch.goto(`http://localhost:${stockPort}/watch/${video?.id}`);
  const credit = watch.getByTestId('footage-credit');
  await expect(credit).toContainText(/^Footage: Pexels \(Pexels author \d+/);
  await expect(credit.getByRole('link', { name: 'Pexels', exact: true })).toHaveAttribute(
    'href',
    'https://www.pexels.com',
  );
  await visitor.close();
});

test('a member picks stock footage for a shot in the storyboard, its preview loaded through our origin', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  await page.goto('/?tab=create');
  const form = page.getByTestId('create-video-form');
  await expect(
    form
      .getByRole('radiogroup', { name: 'Scene source' })
      .getByRole('radio', { name: 'Stock footage', exact: true }),
  ).toHaveAttribute('aria-checked', 'true');
  await form.getByLabel('Title').fill('Lighthouse evening');
  await form
    .getByLabel('Description')
    .fill('A lighthouse shines over the rocks. Waves roll in at dusk.');
  await form.getByRole('switch', { name: 'Review the script first' }).click();
  await form.getByRole('button', { name: 'Plan storyboard' }).click();
  await expect(page).toHaveURL(/\/storyboards\/\d+$/, { timeout: 30_000 });

  const firstShot = page.getByTestId('scene-card').first().getByTestId('shot').first();
  await firstShot.getByRole('button').click();
  const picker = page.getByRole('dialog', { name: 'Choose a picture' });
  // The shot's suggestions start with stock, credited, their previews real images from our origin.
  const suggested = picker.getByRole('list', { name: 'Suggested pictures' });
  const stockOffer = suggested
    .getByRole('button')
    .filter({ hasText: / on Pexels$/ })
    .first();
  await expect(stockOffer).toBeVisible();
  const preview = stockOffer.locator('img');
  await expect(preview).toHaveAttribute('src', /^\/api\/stock-thumbnails\?url=/);
  await expect
    .poll(() =>
      preview.evaluate((image) => {
        const loaded = image as unknown as { complete: boolean; naturalWidth: number };
        return loaded.complete ? loaded.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);

  // A search finds more footage in a list of its own; choosing one saves it for the shot.
  await picker.getByRole('searchbox', { name: 'Search pictures' }).fill('waves');
  await picker.getByRole('button', { name: 'Search', exact: true }).click();
  const found = picker.getByRole('list', { name: 'Stock footage for “waves”' });
  const choice = found.getByRole('button').nth(1);
  const label = (await choice.locator('span.line-clamp-2').textContent()) ?? '';
  const saving = page.waitForResponse(
    (response) =>
      /\/api\/storyboards\/\d+$/.test(response.url()) && response.request().method() === 'PATCH',
  );
  await choice.click();
  const savedBoard = (await (await saving).json()) as {
    scenes: Array<{ shots: Array<{ visual: { source: string; label: string } | null }> }>;
  };
  expect(savedBoard.scenes[0]?.shots[0]?.visual).toMatchObject({ source: 'stock', label });
  await expect(picker).toBeHidden();
  await expect(firstShot.locator('img')).toHaveAttribute('src', /^\/api\/stock-thumbnails\?url=/);
});
