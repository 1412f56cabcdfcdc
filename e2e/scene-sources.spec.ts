// Scene sources in the browser: a member chooses where the scenes come from on Create (the e2e
// server has no AI provider, so offline pictures and their own images) and gets the video; an Elite
// member's Creator Engine job with a logo makes a video that shows the logo as a mark in the top
// right corner, not as the picture. The mark is measured on the thumbnail, which is taken 4.5 s
// into the first scene, while the mark is on screen (it stays for the whole scene).
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { changePlanOf, expectScreen, signUpThroughUi } from './support';

test.use({ actionTimeout: 15_000 });

async function openTab(page: Page, label: string) {
  await page.getByTestId('header-tabs').getByRole('button', { name: label, exact: true }).click();
}

const createdAnswer = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/video-creation-requests') &&
      response.request().method() === 'POST',
  );

type ListedVideo = {
  title: string;
  status: string;
  thumbnailUrl: string | null;
  jobId: number | null;
};

/** The member's video named `title` once it has completed, from the library's own list. */
async function completedVideo(page: Page, title: string): Promise<ListedVideo> {
  let found: ListedVideo | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/videos');
        const videos = (await answer.json()) as ListedVideo[];
        found = videos.find((video) => video.title === title);
        return found?.status;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe('completed');
  if (!found) throw new Error(`no video named ${title}`);
  return found;
}

/** A pure magenta pixel as a JPEG keeps it: red and blue high, green low. */
function isMagenta(red: number, green: number, blue: number): boolean {
  return red > 180 && blue > 180 && green < 90;
}

/** How many magenta pixels lie in the box (fractions of the frame) and how big the box is. */
function magentaIn(
  image: { data: Buffer; width: number; height: number; channels: number },
  box: { left: number; top: number; right: number; bottom: number },
): { count: number; pixels: number } {
  const { data, width, height, channels } = image;
  const x0 = Math.floor(box.left * width);
  const x1 = Math.ceil(box.right * width);
  const y0 = Math.floor(box.top * height);
  const y1 = Math.ceil(box.bottom * height);
  let count = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const at = (y * width + x) * channels;
      if (isMagenta(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0)) count += 1;
    }
  }
  return { count, pixels: (x1 - x0) * (y1 - y0) };
}

test('a member chooses offline pictures on Create and gets the video', async ({ page }) => {
  // The e2e server renders one video at a time, shared with the specs running beside.
  test.setTimeout(150_000);
  await page.goto('/login');
  await signUpThroughUi(page);
  await openTab(page, 'Create');

  const form = page.getByTestId('create-video-form');
  const group = form.getByRole('radiogroup', { name: 'Scene source' });
  // No AI provider on this server: the two sources our own renderer makes.
  await expect(group.getByRole('radio')).toHaveCount(2);
  const offline = group.getByRole('radio', { name: 'Offline pictures', exact: true });
  const myImages = group.getByRole('radio', { name: 'My images', exact: true });
  await expect(offline).toHaveAttribute('aria-checked', 'true');
  await expect(offline).toHaveAccessibleDescription(/picture of each scene’s subject/);
  await expect(myImages).toHaveAttribute('aria-checked', 'false');
  // Offline pictures need no image, so the form asks for none.
  await expect(form.getByLabel('Upload scene 1 image')).toHaveCount(0);

  // By keyboard: the arrow keys move the choice; My images then asks for an image per scene.
  // Radix moves the focus a tick after the key goes down and checks the radio it lands on while
  // the key is still held, as a person's key is; press() would let go of it at once.
  await offline.focus();
  await page.keyboard.down('ArrowDown');
  await expect(myImages).toBeFocused();
  await page.keyboard.up('ArrowDown');
  await expect(myImages).toHaveAttribute('aria-checked', 'true');
  await expect(
    form.getByText('One image is used for every scene.', { exact: false }),
  ).toBeVisible();
  await expect(form.getByLabel('Upload scene 1 image')).toHaveCount(1);
  await page.keyboard.down('ArrowUp');
  await expect(offline).toBeFocused();
  await page.keyboard.up('ArrowUp');
  await expect(offline).toHaveAttribute('aria-checked', 'true');
  await offline.click();
  await expect(form.getByText('One image is used for every scene.', { exact: false })).toBeHidden();

  await form.getByLabel('Title').fill('Lighthouse at dusk');
  await form
    .getByLabel('Description')
    .fill('A lighthouse on a rocky cape at dusk, its beam sweeping over the waves.');
  const created = createdAnswer(page);
  await form.getByRole('button', { name: 'Create Video' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  expect(await answer.json()).toMatchObject({ sceneSource: 'offline', notice: null });
  await expect(page.getByText('Video Queued!').first()).toBeVisible();

  await openTab(page, 'Library');
  const card = page
    .getByTestId('video-card')
    .filter({ has: page.getByRole('heading', { name: 'Lighthouse at dusk', exact: true }) });
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
});

test("a Creator Engine job's logo is a mark in the corner, not the picture", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  // Run Now is Elite's.
  await changePlanOf(page, 'Elite');
  await page.goto('/jobs');
  await expectScreen(page, 'Creator Engine');

  await page.getByRole('button', { name: 'Create Job' }).first().click();
  const form = page.getByRole('form', { name: 'Create job' });
  await form.getByRole('button', { name: 'Fill with Sample' }).click();
  await expect(form.getByLabel(/^Brand Description/)).not.toHaveValue('');
  await form.getByLabel(/^Job Name/).fill('Magenta brand reel');

  const group = form.getByRole('radiogroup', { name: 'Scene source' });
  await expect(group.getByRole('radio', { name: 'Server default' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // A job has no images of its own to make scenes from.
  await expect(group.getByRole('radio', { name: 'My images' })).toHaveCount(0);
  await group.getByRole('radio', { name: 'Offline pictures' }).click();

  // A logo no scene could contain: solid pure magenta.
  const logo = await sharp({
    create: { width: 240, height: 240, channels: 3, background: '#ff00ff' },
  })
    .png()
    .toBuffer();
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/upload-image'));
  await form.getByLabel(/^Logo/).setInputFiles({
    name: 'magenta-logo.png',
    mimeType: 'image/png',
    buffer: logo,
  });
  expect((await uploaded).status()).toBe(201);
  await expect(form.getByRole('img', { name: 'Job logo' })).toBeVisible();
  await expect(form.getByText('Shown as a small mark in the top right corner')).toBeVisible();
  await form.getByRole('button', { name: 'Create Job' }).click();
  await expect(page.getByRole('heading', { name: 'Creator Engine (1)' })).toBeVisible();

  const jobs = (await (await page.request.get('/api/video-jobs')).json()) as {
    jobName: string;
    sceneSource: string | null;
    sourceImageUrl: string | null;
  }[];
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({ jobName: 'Magenta brand reel', sceneSource: 'offline' });
  expect(jobs[0]?.sourceImageUrl).toBeTruthy();

  const run = createdAnswer(page);
  await page.getByRole('button', { name: 'Actions for Magenta brand reel' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Run Now' }).click();
  const answer = await run;
  expect(answer.status()).toBe(201);
  expect(await answer.json()).toMatchObject({ sceneSource: 'offline' });

  const video = await completedVideo(page, 'Magenta brand reel #1');
  expect(video.thumbnailUrl).toBeTruthy();
  const thumbnail = await page.request.get(video.thumbnailUrl ?? '');
  expect(thumbnail.status()).toBe(200);
  const { data, info } = await sharp(await thumbnail.body())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame = { data, width: info.width, height: info.height, channels: info.channels };

  // The mark: a patch of the logo's colour in the top right corner...
  const corner = magentaIn(frame, { left: 0.7, top: 0, right: 1, bottom: 0.3 });
  expect(corner.count).toBeGreaterThan(400);
  // ...and nowhere near filling the frame, or its centre, where the scene's picture is.
  const whole = magentaIn(frame, { left: 0, top: 0, right: 1, bottom: 1 });
  expect(whole.count / whole.pixels).toBeLessThan(0.05);
  expect(whole.count).toBeLessThan(corner.count * 1.2);
  const centre = magentaIn(frame, { left: 0.3, top: 0.3, right: 0.7, bottom: 0.7 });
  expect(centre.count / centre.pixels).toBeLessThan(0.005);
});
