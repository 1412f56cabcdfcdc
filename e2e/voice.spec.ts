// A narrated video in the browser: pick a voice on Create and hear its sample, choose a caption
// style, create, then watch the video in the library and on the public watch page: its captions
// are burned into the frames, so the track is offered under CC, off until the member turns it on.
import { expect, type Page, test } from '@playwright/test';
import { signUpThroughUi } from './support';

async function openTab(page: Page, label: string) {
  await page.getByTestId('header-tabs').getByRole('button', { name: label, exact: true }).click();
}

test.use({ actionTimeout: 15_000 });

/** The captions track of the <video>: its mode and the words of its cues once loaded. */
function trackState(page: Page, scope: string) {
  return page.locator(scope).evaluate((element) => {
    // The e2e project has no DOM types: the few fields read are typed here.
    type Track = {
      kind: string;
      mode: string;
      cues: ArrayLike<{ text: string; line: number | string }> | null;
    };
    const video = element as unknown as { textTracks: ArrayLike<Track> };
    const track = Array.from(video.textTracks).find((item) => item.kind === 'captions');
    return {
      kind: track?.kind ?? null,
      mode: track?.mode ?? null,
      text: Array.from(track?.cues ?? [])
        .map((cue) => cue.text)
        .join(' '),
      lines: [...new Set(Array.from(track?.cues ?? []).map((cue) => cue.line))],
    };
  });
}

test('a member picks a voice, hears its sample, and watches the narrated video with captions', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.goto('/login');
  await signUpThroughUi(page);
  await openTab(page, 'Create');

  const picker = page.getByTestId('create-video-form').getByTestId('voice-picker');
  // A new member's default voice is the offline US English one.
  await expect(picker.getByRole('combobox', { name: 'Voice' })).toContainText('Ava — US English');
  await picker.getByRole('combobox', { name: 'Voice' }).click();
  await page.getByRole('option', { name: 'Oliver — British English' }).click();
  await expect(picker.getByRole('combobox', { name: 'Voice' })).toContainText(
    'Oliver — British English',
  );

  const sample = page.waitForResponse((response) =>
    response.url().includes('/api/voices/offline-en-gb/sample'),
  );
  await picker.getByRole('button', { name: 'Play sample of Oliver' }).click();
  const answer = await sample;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('audio/wav');
  expect((await answer.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');
  await expect(picker.getByText('Playing the sample of Oliver.')).toBeVisible();
  await picker.getByRole('button', { name: 'Stop sample' }).click();

  await picker.getByRole('radio', { name: 'Bold pop-in words' }).click();
  const form = page.getByTestId('create-video-form');
  await form.getByLabel('Title').fill('Harbour voices');
  await form
    .getByLabel('Description')
    .fill('Fishing boats slip out of the harbour at first light. Gulls circle the masts.');
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/video-creation-requests') &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Video' }).click();
  const request = (await created).request().postDataJSON() as Record<string, unknown>;
  expect(request).toMatchObject({ voiceId: 'offline-en-gb', captionStyle: 'pop' });

  await openTab(page, 'Library');
  const card = page
    .getByTestId('video-card')
    .filter({ has: page.getByRole('heading', { name: 'Harbour voices', exact: true }) });
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  await expect(card.getByTestId('narrated-badge')).toHaveText('Narrated');

  await card.getByRole('button', { name: 'Harbour voices' }).click();
  const player = page.getByTestId('library-player');
  await expect(player).toBeVisible();
  await expect(player.locator('video track[kind="captions"]')).toHaveAttribute('src', /\.vtt$/);
  await expect(player.getByRole('button', { name: 'Download captions (.vtt)' })).toBeVisible();
  // The words are in the frames already: one layer of captions, the track off under CC.
  const cc = player.getByRole('button', { name: 'Captions', exact: true });
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  expect(await trackState(page, '[data-testid="library-player"] video')).toMatchObject({
    kind: 'captions',
    mode: 'disabled',
  });
  await cc.focus();
  await page.keyboard.press('Enter');
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => trackState(page, '[data-testid="library-player"] video'), { timeout: 15_000 })
    .toMatchObject({ kind: 'captions', mode: 'showing', text: expect.stringMatching(/Gulls/i) });
  // Drawn on the picture's top line, clear of the captions burned in at the bottom.
  await expect
    .poll(async () => (await trackState(page, '[data-testid="library-player"] video')).lines)
    .toEqual([0]);
  const { text } = await trackState(page, '[data-testid="library-player"] video');
  // Every word the voice said is in the captions, in order, each with its time (<00:00:02.251>).
  expect(text).toMatch(/<\d{2}:\d{2}:\d{2}\.\d{3}>/);
  expect(text.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')).toMatch(
    /fishing boats slip out of the harbour at first light\.? gulls circle the masts/i,
  );

  // Shared, the public page shows the same captions to a visitor.
  await player.getByRole('button', { name: 'Close' }).click();
  const videos = await page.request.get('/api/videos');
  const video = ((await videos.json()) as Array<{ id: string; title: string }>).find(
    (entry) => entry.title === 'Harbour voices',
  );
  expect(video).toBeDefined();
  const shared = await page.request.patch(`/api/videos/${video?.id}/visibility`, {
    data: { isPublic: true },
  });
  expect(shared.status()).toBe(200);
  const visitor = await browser.newPage();
  await visitor.goto(`/watch/${video?.id}`);
  await expect(visitor.getByTestId('shared-video-player')).toBeVisible();
  await expect(
    visitor.locator('[data-testid="shared-video-player"] track[kind="captions"]'),
  ).toHaveAttribute('srclang', 'en-GB');
  const visitorCc = visitor.getByRole('button', { name: 'Captions', exact: true });
  await expect(visitorCc).toHaveAttribute('aria-pressed', 'false');
  expect(await trackState(visitor, '[data-testid="shared-video-player"]')).toMatchObject({
    mode: 'disabled',
  });
  await visitorCc.click();
  await expect(visitorCc).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => trackState(visitor, '[data-testid="shared-video-player"]'), { timeout: 15_000 })
    .toMatchObject({ kind: 'captions', mode: 'showing', text: expect.stringMatching(/Gulls/i) });
  await visitor.close();
});
