// A custom watermark in the browser: an Elite member uploads a pure magenta PNG on their Profile,
// puts it in the top left corner at full opacity and saves; the video they then create with the
// watermark on shows magenta in the top left corner of a frame taken from the finished file (with
// the ffmpeg the app uses), and not in the opposite corner, where our 'Reelforge' used to be.
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { regionMean, videoFrameFile } from '../test/media';
import { changePlanOf, signUpThroughUi } from './support';

test.use({ actionTimeout: 15_000 });

async function openTab(page: Page, label: string) {
  await page.getByTestId('header-tabs').getByRole('button', { name: label, exact: true }).click();
}

type ListedVideo = { title: string; status: string; videoUrl: string | null };

/** The member's video named `title` once it has completed, from the library's own list. */
async function completedVideo(page: Page, title: string): Promise<ListedVideo> {
  let found: ListedVideo | undefined;
  await expect
    .poll(
      async () => {
        const videos = (await (await page.request.get('/api/videos')).json()) as ListedVideo[];
        found = videos.find((video) => video.title === title);
        return found?.status;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe('completed');
  if (!found) throw new Error(`no video named ${title}`);
  return found;
}

const isMagenta = ([red = 0, green = 0, blue = 0]: number[]) =>
  red > 170 && blue > 170 && green < 90;

test('an Elite member’s own image mark replaces ours, in the corner they chose', async ({
  page,
}) => {
  // The e2e server renders one video at a time, shared with the specs running beside.
  test.setTimeout(150_000);
  await page.goto('/login');
  await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  await changePlanOf(page, 'Elite');
  // A fresh page reads the new plan.
  await page.goto('/?tab=profile');

  const form = page.getByRole('form', { name: 'Custom watermark' });
  await form.getByLabel('Watermark image').setInputFiles({
    name: 'magenta.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 240, height: 120, channels: 3, background: '#ff00ff' },
    })
      .png()
      .toBuffer(),
  });
  await expect(form.getByRole('img', { name: 'Your watermark' })).toBeVisible();
  await form.getByRole('combobox', { name: 'Corner' }).click();
  await page.getByRole('option', { name: 'Top left' }).click();
  const opacity = form.getByRole('slider', { name: 'Opacity' });
  await opacity.focus();
  await opacity.press('End');
  await expect(opacity).toHaveAttribute('aria-valuetext', '100%');
  await expect(
    form.getByRole('img', { name: /your image in the top left corner at 100% opacity/ }),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Save watermark' }).click();
  await expect(page.getByText('Watermark Saved').first()).toBeVisible();

  await openTab(page, 'Create');
  const create = page.getByTestId('create-video-form');
  await create.getByLabel('Title').fill('Magenta mark');
  await create
    .getByLabel('Description')
    .fill('A quiet harbour at dawn. Boats drift out past the lighthouse as the sun comes up.');
  await expect(page.getByRole('switch', { name: 'Watermark' })).toBeChecked();
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page.getByText('Video Queued!').first()).toBeVisible();

  const video = await completedVideo(page, 'Magenta mark');
  const file = await page.request.get(video.videoUrl ?? '');
  expect(file.ok()).toBe(true);
  const frame = await videoFrameFile(await file.body(), 3);
  // A 1280 × 720 frame: the mark sits inside the margin of the top left corner.
  const topLeft = await regionMean(frame, { left: 70, top: 55, width: 100, height: 50 });
  const bottomRight = await regionMean(frame, { left: 1110, top: 615, width: 100, height: 50 });
  expect(isMagenta(topLeft), `top left ${topLeft}`).toBe(true);
  expect(isMagenta(bottomRight), `bottom right ${bottomRight}`).toBe(false);
});
