// The screens' rough edges found walking through the app as a new member would, each checked the
// way a member meets it: Create keeps an Elite member's watermark choice and says what is wrong
// with a description or a file, "Watch in Library" opens the player, a section link lands with its
// heading near the top, a long title wraps on /watch, plan badges sit clear of their card's border,
// and a friend's sign-up shows on the referrer's open Profile.
import { expect, type Page, request, test } from '@playwright/test';
import { changePlanOf, expectScreen, PASSWORD, sidewaysOverflow, uniqueEmail } from './support';

/** Signs a new member up through the API, so the page carries the session cookie. */
async function signUp(page: Page, options: { firstName?: string; ref?: string } = {}) {
  await page.goto('/api/health');
  const email = uniqueEmail('edges');
  const answer = await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD, firstName: options.firstName ?? 'Kim', ref: options.ref },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { referralCode: string };
}

async function openTab(page: Page, label: string) {
  await page.getByTestId('header-tabs').getByRole('button', { name: label, exact: true }).click();
}

test('an Elite member keeps the watermark off, is told what is wrong, and watches the video from Create', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await changePlanOf(page, 'Elite');
  await page.goto('/?tab=create');
  await expectScreen(page, 'Create Video');
  const form = page.getByTestId('create-video-form');
  const watermark = form.getByRole('switch', { name: 'Watermark' });
  await watermark.click();
  await expect(watermark).toHaveAttribute('aria-checked', 'false');

  // A file that only claims to be a picture: the server looks inside and the member is told.
  await form
    .getByRole('radiogroup', { name: 'Scene source' })
    .getByRole('radio', { name: 'My images', exact: true })
    .click();
  await page.getByLabel('Upload scene 1 image').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These are my notes, not a picture.\n'.repeat(20)),
  });
  await expect(page.getByText('"notes.png" is not a JPG, PNG or GIF image.').first()).toBeVisible();
  await form
    .getByRole('radiogroup', { name: 'Scene source' })
    .getByRole('radio', { name: 'Offline pictures', exact: true })
    .click();

  // Over the description limit Create is disabled, and the reason sits by the button.
  await form.getByLabel('Title').fill('Harbour lights');
  await form.getByLabel('Description').fill('Boats come home at dusk. '.repeat(70));
  const create = form.getByRole('button', { name: /Create Video/ });
  await expect(create).toBeDisabled();
  await expect(
    form.getByText('The description is over 1500 characters: shorten it to create the video.'),
  ).toBeVisible();
  await form
    .getByLabel('Description')
    .fill('Boats come home at dusk as the harbour lights come on.');
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('Video Queued!').first()).toBeVisible();

  // The form resets for the next video, but the member's watermark choice stays.
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expect(watermark).toHaveAttribute('aria-checked', 'false');

  // Ready: "Watch in Library" opens the player on that video, not just the grid.
  await expect(page.getByText('“Harbour lights” is ready.')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Watch in Library' }).click();
  const player = page.getByTestId('library-player');
  await expect(player).toBeVisible();
  await expect(player.getByRole('heading', { name: 'Harbour lights' })).toBeVisible();
  await player.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Your Videos/ })).toBeVisible();

  // And on the next visit to Create, the switch is still as the member left it.
  await openTab(page, 'Create');
  await expect(form.getByRole('switch', { name: 'Watermark' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

test('Contact Support and #support land with the Support heading near the top once Profile has loaded', async ({
  page,
}) => {
  await signUp(page);
  const heading = page.getByRole('heading', { name: 'Support and Help' });
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  // The whole card in view, its heading in the upper half of the screen where a member reads
  // first, or as high as the page goes: Support is the last card, so the page may end first.
  const landsNearTop = async () => {
    await expect(page.locator('#support')).toBeInViewport({ ratio: 1 });
    await expect
      .poll(
        async () => {
          const top = (await heading.boundingBox())?.y ?? viewport.height;
          const atBottom = await page.evaluate(() => {
            const { scrollY, innerHeight, document } = globalThis as unknown as {
              scrollY: number;
              innerHeight: number;
              document: { documentElement: { scrollHeight: number } };
            };
            return scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
          });
          return top > 0 && (top < viewport.height / 2 || atBottom);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  };

  await page.goto('/?tab=purchase');
  await expectScreen(page, 'Purchase Credits');
  await page.getByRole('button', { name: 'Contact Support' }).click();
  await expectScreen(page, 'Profile');
  await landsNearTop();
  // It stays there: the cards above it have finished loading.
  await page.waitForLoadState('networkidle');
  await landsNearTop();

  await page.goto('/#support');
  await expectScreen(page, 'Profile');
  await landsNearTop();
});

test('a long unbroken title wraps on /watch, and the page has one description', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const title = `Unbroken${'X'.repeat(92)}`;
  const created = await page.request.post('/api/video-creation-requests', {
    data: {
      title,
      description: 'A title with no spaces at all, as a pasted link or a long hashtag would be.',
      aspectRatio: 'portrait',
      watermark: true,
    },
  });
  expect(created.ok()).toBe(true);
  let videoId = 0;
  await expect
    .poll(
      async () => {
        const videos = (await (await page.request.get('/api/videos')).json()) as Array<{
          id: number | string;
          status: string;
        }>;
        const done = videos.find((video) => video.status === 'completed');
        videoId = typeof done?.id === 'number' ? done.id : 0;
        return videoId;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  const shared = await page.request.patch(`/api/videos/${videoId}/visibility`, {
    data: { isPublic: true },
  });
  expect(shared.ok()).toBe(true);

  for (const width of [390, 1280]) {
    const visitor = await browser.newContext({ viewport: { width, height: 800 } });
    const watch = await visitor.newPage();
    await watch.goto(`/watch/${videoId}`);
    const heading = watch.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    const box = await heading.boundingBox();
    expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(width);
    expect(
      await sidewaysOverflow(watch),
      `/watch scrolls sideways at ${width} px`,
    ).toBeLessThanOrEqual(0);
    await expect(watch.locator('meta[name="description"]')).toHaveCount(1);
    await expect(watch.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /A title with no spaces at all/,
    );
    await visitor.close();
  }
});

test('the Most Popular and Best Value badges sit on top of their card border, whole', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/?tab=purchase');
  await expectScreen(page, 'Purchase Credits');
  for (const name of ['Most Popular', 'Best Value']) {
    const badge = page.getByText(name, { exact: true }).first();
    await badge.scrollIntoViewIfNeeded();
    const box = await badge.boundingBox();
    expect(box).not.toBeNull();
    if (!box) continue;
    // Along the badge's middle line, every point belongs to the badge: nothing (the card's border
    // or ring) is drawn over its words.
    const covered = await page.evaluate(
      ({ x, y, width }) => {
        const { document } = globalThis as unknown as {
          document: {
            elementFromPoint(x: number, y: number): { closest(selector: string): unknown } | null;
          };
        };
        const misses: number[] = [];
        for (let step = 1; step < 10; step += 1) {
          const at = x + (width * step) / 10;
          const hit = document.elementFromPoint(at, y);
          if (!hit?.closest('[data-slot="badge"]')) misses.push(Math.round(at));
        }
        return misses;
      },
      { x: box.x, y: box.y + box.height / 2, width: box.width },
    );
    expect(covered, `${name} is covered at x=${covered.join(', ')}`).toEqual([]);
    // Opaque: the page behind does not show through the badge.
    const background = await badge.evaluate(
      (element) =>
        (
          globalThis as unknown as {
            getComputedStyle(element: unknown): { backgroundColor: string };
          }
        ).getComputedStyle(element).backgroundColor,
    );
    expect(background).not.toMatch(/rgba\(.*, 0(\.\d+)?\)$|transparent/);
  }
});

test("a friend's sign-up with the referral link shows on the referrer's open Profile, beside every platform's mark", async ({
  page,
  baseURL,
}) => {
  const referrer = await signUp(page, { firstName: 'Remy' });
  await page.goto('/?tab=profile');
  await expectScreen(page, 'Profile');
  const stats = page.getByTestId('referral-stats');
  await expect(stats).toContainText('0 joined');

  const friend = await request.newContext({ baseURL });
  try {
    const joined = await friend.post('/api/auth/signup', {
      data: {
        email: uniqueEmail('friend'),
        password: PASSWORD,
        firstName: 'Noor',
        ref: referrer.referralCode,
      },
    });
    expect(joined.ok()).toBe(true);
  } finally {
    await friend.dispose();
  }
  await expect(page.getByText('New Referral').first()).toBeVisible();
  await expect(stats).toContainText('1 joined');
  await expect(stats).toContainText('0 rewarded');

  // Earn shows every platform with its mark, YouTube, TikTok and Instagram included.
  for (const platform of ['instagram', 'youtube', 'tiktok'] as const) {
    const row = page.getByTestId(`follow-follow_${platform}`);
    await expect(row.locator(`svg[data-platform="${platform}"]`)).toBeVisible();
  }
});

test('Share asks first, Cancel hands focus back, and the dialog keeps focus inside', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const created = await page.request.post('/api/video-creation-requests', {
    data: {
      title: 'Quiet pier',
      description: 'A quiet pier at first light.',
      aspectRatio: 'landscape',
      watermark: true,
    },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/?tab=library');
  const card = page.getByTestId('video-card').filter({ hasText: 'Quiet pier' });
  const share = card.getByRole('button', { name: 'Share' });
  await expect(share).toBeVisible({ timeout: 60_000 });

  // By keyboard: focus the button, open the question, Tab stays within it, Escape closes it.
  await share.focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Share this video?' });
  await expect(question).toBeVisible();
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab');
    await expect(question.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(share).toBeFocused();
  // Nothing changed: the video is still private.
  await expect(card.getByText('Public', { exact: true })).toHaveCount(0);
});
