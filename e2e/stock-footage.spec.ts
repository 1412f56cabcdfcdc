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
