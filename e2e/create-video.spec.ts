// Creating a video in the browser: pick My images and upload one, submit, and watch the card on the dashboard
// move from queued to processing to completed over the socket, then play the result.
import { expect, type Page, test } from '@playwright/test';
import { makeImage } from '../test/media';
import { signUpThroughUi } from './support';

async function openTab(page: Page, label: string) {
  await page.getByTestId('header-tabs').getByRole('button', { name: label, exact: true }).click();
}

async function fillVideo(page: Page, title: string) {
  const form = page.getByTestId('create-video-form');
  await form.getByLabel('Title').fill(title);
  await form
    .getByLabel('Description')
    .fill(
      'A lighthouse on a rocky coast at dusk. Waves roll in. The lamp turns on as the stars come out.',
    );
}

test('a member creates a video with an uploaded image and watches it complete live', async ({
  page,
}) => {
  // The e2e server renders one video at a time, shared with the library spec running beside.
  test.setTimeout(120_000);
  const socketFrames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => socketFrames.push(String(frame.payload)));
  });
  await page.goto('/login');
  await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  // A marker that a reload would wipe: the whole flow must happen in this one page.
  await page.evaluate(() => {
    (globalThis as { stayedOnPage?: boolean }).stayedOnPage = true;
  });

  await openTab(page, 'Create');
  // The first video keeps the single render slot busy, so the second is seen waiting in the queue.
  await fillVideo(page, 'Warm-up clip');
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page.getByText('Video Queued!').first()).toBeVisible();

  await fillVideo(page, 'Lighthouse at dusk');
  // The member's own image is a scene source of its own: picked, the form asks for it.
  await page
    .getByTestId('create-video-form')
    .getByRole('radiogroup', { name: 'Scene source' })
    .getByRole('radio', { name: 'My images', exact: true })
    .click();
  await page.getByLabel('Upload scene 1 image').setInputFiles({
    name: 'lighthouse.png',
    mimeType: 'image/png',
    buffer: await makeImage('png', '640x480'),
  });
  await expect(page.getByRole('img', { name: 'Scene 1 image: lighthouse.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page.getByTestId('create-video-form').getByLabel('Title')).toHaveValue('');

  await openTab(page, 'Dashboard');
  const card = page.getByTestId('video-card').filter({ hasText: 'Lighthouse at dusk' });
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const status = await card.getAttribute('data-status', { timeout: 1000 }).catch(() => null);
        if (status) seen.add(status);
        return status;
      },
      { timeout: 90_000, intervals: [50] },
    )
    .toBe('completed');
  expect([...seen]).toEqual(expect.arrayContaining(['queued', 'processing', 'completed']));
  await expect(page.getByText('Video Ready!').first()).toBeVisible();
  expect(
    socketFrames.some(
      (frame) => frame.includes('videoStatusUpdate') && frame.includes('completed'),
    ),
  ).toBe(true);
  expect(await page.evaluate(() => (globalThis as { stayedOnPage?: boolean }).stayedOnPage)).toBe(
    true,
  );

  await card.getByRole('button', { name: 'Lighthouse at dusk' }).click();
  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible();
  await expect
    .poll(
      () => player.evaluate((video) => (video as unknown as { currentTime: number }).currentTime),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0.5);
  const size = await player.evaluate((element) => {
    const video = element as unknown as { videoWidth: number; videoHeight: number };
    return [video.videoWidth, video.videoHeight];
  });
  expect(size).toEqual([1280, 720]);
});

test('a Free member is held to one scene and keeps the watermark', async ({ page }) => {
  await page.goto('/login');
  await signUpThroughUi(page);
  await openTab(page, 'Create');
  const increase = page.getByRole('button', { name: 'Increase scenes' });
  await expect(page.getByTestId('scene-count')).toHaveText('1');
  await expect(increase).toBeDisabled();
  const watermark = page.getByRole('switch', { name: 'Watermark' });
  await expect(watermark).toBeChecked();
  await watermark.click();
  await expect(page.getByText('Premium Feature').first()).toBeVisible();
  await expect(
    page.getByText('Upgrade to Pro or Elite to remove watermarks').first(),
  ).toBeVisible();
  await expect(watermark).toBeChecked();
});
