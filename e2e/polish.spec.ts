// Rough edges found when the app was tried as a new user would (issue 15), each checked in the
// browser: toasts that stack without covering one another or the player's controls, the Create
// screen following the video it sent, focus back on the card after the player, Inter loaded; the
// phone login page's logo painted, the navigation landmarks named apart, and the landing page's
// phone navigation marking the sign-up section.
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

import { signUpThroughUi } from './support';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

async function createVideo(page: Page, title: string) {
  const form = page.getByTestId('create-video-form');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Boats leave a misty harbour at sunrise.');
  await page.getByRole('button', { name: 'Create Video' }).click();
}

test('a new member: toasts stack apart, the Create screen follows the video, the player hands focus back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signUpThroughUi(page, { firstName: 'Ana' });
  await expect(page.getByText('Welcome to Reelforge, Ana')).toBeVisible();
  // Inter is served by the app itself, and the page uses it.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (
          globalThis as unknown as { document: { fonts: { check(font: string): boolean } } }
        ).document.fonts.check('16px "Inter Variable"'),
      ),
    )
    .toBe(true);

  await page
    .getByTestId('header-tabs')
    .getByRole('button', { name: 'Create', exact: true })
    .click();
  await createVideo(page, 'First light');
  await expect(page.getByText('Video Queued!').first()).toBeVisible();
  await createVideo(page, 'Second light');
  const toasts = page.locator('[data-variant]').filter({ hasText: 'Video Queued!' });
  await expect(toasts).toHaveCount(2);
  const [first, second] = [await boxOf(toasts.nth(0)), await boxOf(toasts.nth(1))];
  expect(overlaps(first, second)).toBe(false);

  // The Create screen follows the last video it sent until it is ready.
  await expect(page.getByText('“Second light” is ready.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('“Second light” is in the queue.')).toHaveCount(0);

  // Open it from the library, raise a toast inside the player: it must not cover the controls.
  await page
    .getByTestId('header-tabs')
    .getByRole('button', { name: 'Library', exact: true })
    .click();
  const card = page.getByTestId('video-card').filter({ hasText: 'Second light' });
  await card.getByRole('button', { name: 'Second light' }).click();
  const player = page.getByTestId('library-player');
  await expect(player).toBeVisible();
  await player.getByRole('button', { name: 'Share' }).click();
  await page
    .getByRole('alertdialog', { name: 'Share this video?' })
    .getByRole('button', { name: 'Make Public and Copy Link' })
    .click();
  const copied = page.locator('[data-variant]').filter({ hasText: 'Link Copied!' });
  await expect(copied).toBeVisible();
  const fullScreen = await boxOf(player.getByRole('button', { name: 'Full screen' }));
  expect(overlaps(await boxOf(copied), fullScreen)).toBe(false);

  // Escape closes the player (once the toast, which Escape would dismiss first, has gone) and
  // focus returns to the card it was opened from.
  await expect(copied).toHaveCount(0, { timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(player).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Second light' })).toBeFocused();
});

test('on a phone, the login page shows its logo and each navigation landmark has a name of its own', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  // The visible mark is painted with its gradient: mostly saturated colour, not just the white
  // triangle on the page's background (as when it pointed at the hidden copy's gradient).
  const mark = page.locator('svg:has(linearGradient)').filter({ visible: true }).first();
  const png = await mark.screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let saturated = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    const [r = 0, g = 0, b = 0] = [data[at], data[at + 1], data[at + 2]];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 80) saturated += 1;
  }
  expect(saturated / (info.width * info.height)).toBeGreaterThan(0.4);

  await signUpThroughUi(page);
  await expect(page.getByRole('navigation', { name: 'Tab bar' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  const names = await page
    .getByRole('navigation')
    .evaluateAll((navs) => navs.map((nav) => nav.getAttribute('aria-label')));
  expect(new Set(names).size).toBe(names.length);
});

test("the landing page's phone navigation marks Create Now at the sign-up section", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByTestId('landing-mobile-nav');
  await expect(nav.getByRole('link', { name: 'Create Now' })).not.toHaveAttribute(
    'aria-current',
    /.+/,
  );
  // Scrolled the way the header's 'Sign Up' link does, to the sign-up invitation.
  await page.locator('#beta-signup').scrollIntoViewIfNeeded();
  await expect(nav.getByRole('link', { name: 'Create Now' })).toHaveAttribute(
    'aria-current',
    'location',
  );
});
