// Publishing in the browser, against the YouTube stand-in (test/fixtures/platform-stand-ins.ts):
// a member connects YouTube from Profile through its consent page and back, publishes a finished
// video from the library's player with a title of their own, and sees the YouTube badge on the
// card, linking to the post. No token the platform issued ever reaches the browser.
import { expect, type Page, test } from '@playwright/test';
import { STAND_IN_BASE_PORT } from '../test/fixtures/platform-stand-ins';
import { signUpThroughUi, verifyEmailFromInbox } from './support';

test.use({ actionTimeout: 15_000 });

async function openTab(page: Page, label: string) {
  await page.getByTestId('header-tabs').getByRole('button', { name: label, exact: true }).click();
}

test('a member connects YouTube, publishes from the player and sees the badge', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Every answer our server gives the browser, to look for tokens in at the end.
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith('http://localhost')) {
      answers.push(response.text().catch(() => ''));
    }
  });

  await page.goto('/login');
  const email = await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  // Publishing needs a verified address: the link in the sign-up email.
  await verifyEmailFromInbox(page, email);
  const created = await page.request.post('/api/video-creation-requests', {
    data: {
      title: 'Lighthouse at dusk',
      description: 'A lighthouse sweeps its beam across a calm sea as the sun goes down.',
      aspectRatio: 'landscape',
      watermark: true,
    },
  });
  expect(created.status()).toBe(201);

  // Profile → Connections: YouTube's consent page approves and sends the member back.
  await page.goto('/?tab=profile&section=connections');
  const youtubeRow = page.getByTestId('connection-youtube');
  await expect(youtubeRow).toContainText('Not connected.');
  await youtubeRow.getByRole('link', { name: 'Connect YouTube' }).click();
  await expect(page.getByText('YouTube Connected', { exact: true })).toBeVisible();
  await expect(youtubeRow).toContainText('Lighthouse Stories, connected');
  await expect(youtubeRow.getByText('Connected', { exact: true })).toBeVisible();

  // The library's player: Publish, the dialog filled from the video, a title of the member's own.
  await openTab(page, 'Library');
  const card = page
    .getByTestId('video-card')
    .filter({ has: page.getByRole('heading', { name: 'Lighthouse at dusk', exact: true }) });
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  await card.getByRole('button', { name: 'Lighthouse at dusk' }).click();
  const player = page.getByTestId('library-player');
  await expect(player).toBeVisible();
  await player.getByRole('button', { name: 'Publish' }).click();

  const dialog = page.getByRole('dialog', { name: 'Publish Video' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue('Lighthouse at dusk');
  await expect(dialog.getByLabel('Hashtags')).toHaveValue(/#lighthouse/);
  await dialog.getByLabel('YouTube').check();
  await dialog.getByLabel('Title').fill('The lighthouse keeps watch');
  const sent = page.waitForResponse(
    (response) =>
      /\/api\/videos\/\d+\/publish$/.test(response.url()) && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  const answer = await sent;
  expect(answer.status()).toBe(202);
  expect(answer.request().postDataJSON()).toMatchObject({
    platforms: ['youtube'],
    title: 'The lighthouse keeps watch',
  });
  await expect(page.getByText('Publishing Started', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Live over the socket: the post is up, and the card's badge links to it.
  await expect(page.getByText('Published to YouTube', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  if (await player.isVisible()) await player.getByRole('button', { name: 'Close' }).click();
  const badge = card.getByTestId('publication-badge');
  await expect(badge).toHaveAttribute('data-status', 'published');
  await expect(badge).toHaveText('YouTube');
  await expect(badge).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
  await expect(badge).toHaveAttribute('target', '_blank');

  // The tokens YouTube's stand-in was called with appear in nothing the browser received.
  const issued = (await (
    await page.request.get(`http://127.0.0.1:${STAND_IN_BASE_PORT}/__issued`)
  ).json()) as string[];
  expect(issued.length).toBeGreaterThan(0);
  const received = (await Promise.all(answers)).join('\n');
  for (const token of issued) expect(received).not.toContain(token);
});
