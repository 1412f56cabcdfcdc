// Create with review, in the browser: a Pro member turns on "Review the script first", plans a
// two-scene storyboard, rewrites scene 2's narration, picks another picture for one of its shots,
// hears the scene, renders, and finds the new words in the finished video's captions.
import { expect, type Page, type Response, test } from '@playwright/test';
import type { StoryboardView } from '../shared/schemas/storyboards';
import { changePlanOf, signUpThroughUi } from './support';

test.use({ actionTimeout: 15_000 });

const TITLE = 'Harbour lanterns';
const NEW_WORDS = 'Copper lanterns glow above the sleeping fishing boats.';

/** The next answer to a PATCH of the storyboard. */
const saved = (page: Page) =>
  page.waitForResponse(
    (response: Response) =>
      /\/api\/storyboards\/\d+$/.test(response.url()) && response.request().method() === 'PATCH',
  );

type ListedVideo = {
  title: string;
  status: string;
  captionsUrl: string | null;
  errorMessage: string | null;
};

test('Create with review: edit scene 2, pick another picture, render, and hear the new words', async ({
  page,
}) => {
  // One render on the e2e server's single render slot, shared with the specs running beside.
  test.setTimeout(240_000);
  await page.goto('/login');
  await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  await changePlanOf(page, 'Pro');

  await page.goto('/?tab=create');
  const form = page.getByTestId('create-video-form');
  await form.getByLabel('Title').fill(TITLE);
  await form
    .getByLabel('Description')
    .fill(
      'Fishing boats slip out of a quiet harbour at dawn. Gulls circle the masts above the water. The town wakes up behind them as the bakery opens its doors.',
    );
  await form.getByRole('button', { name: 'Increase scenes' }).click();
  await expect(form.getByTestId('scene-count')).toHaveText('2');
  const review = form.getByRole('switch', { name: 'Review the script first' });
  await expect(review).not.toBeChecked();
  await review.click();
  await expect(review).toBeChecked();
  await form.getByRole('button', { name: 'Plan storyboard' }).click();

  // The editor, at an address of its own, with the two planned scenes.
  await expect(page).toHaveURL(/\/storyboards\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const storyboardId = Number(new URL(page.url()).pathname.split('/').pop());
  const scenes = page.getByTestId('scene-card');
  await expect(scenes).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Add scene' })).toBeDisabled();
  await expect(page.getByText('Your plan allows up to 2 scenes.', { exact: false })).toBeVisible();
  // Nothing charged for planning; the render button says what it costs.
  await expect(page.getByRole('button', { name: 'Render video' })).toContainText('1 credit');

  // Scene 2's narration, rewritten: saved once typing rests, measured and cut into shots again.
  const scene2 = scenes.nth(1);
  const narration = scene2.getByRole('textbox', { name: 'Scene 2 Narration' });
  const edit = saved(page);
  await narration.fill(NEW_WORDS);
  const edited = (await (await edit).json()) as StoryboardView;
  expect(edited.scenes[1]?.narration).toBe(NEW_WORDS);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  await expect(scene2.getByTestId('scene-fit')).toHaveAttribute('data-fits', 'true');
  await expect(scene2.getByTestId('scene-fit')).toContainText(/\d\.\d s of 8 s/);
  await expect(scene2.getByTestId('shot').first()).toContainText('Copper lanterns');

  // Another picture for the new words' first shot, from the picker.
  const firstShot = scene2.getByTestId('shot').first().getByRole('button');
  await expect(firstShot).toContainText('Auto');
  await firstShot.click();
  const picker = page.getByRole('dialog', { name: 'Choose a picture' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Let Reelforge choose' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Offline pictures only here: no AI description to offer.
  await expect(picker.getByLabel('Describe an AI visual')).toHaveCount(0);
  const offered =
    edited.scenes[1]?.shots[0]?.candidates.filter((c) => c.source === 'picture') ?? [];
  // Not the first one, which the shot already shows as Auto.
  const choice = offered.at(-1);
  expect(offered.length, 'pictures offered for the new words').toBeGreaterThan(1);
  const pick = saved(page);
  await picker
    .getByRole('list', { name: 'Suggested pictures' })
    .getByRole('button', { name: choice?.label, exact: true })
    .click();
  await expect(picker).toBeHidden();
  const picked = (await (await pick).json()) as StoryboardView;
  expect(picked.scenes[1]?.shots[0]?.visual).toMatchObject({ source: 'picture', id: choice?.id });
  await expect(firstShot).not.toContainText('Auto');
  await expect(firstShot).toBeFocused();

  // Hear this scene: the new words in the storyboard's voice.
  const speech = page.waitForResponse((response) =>
    response.url().endsWith(`/api/storyboards/${storyboardId}/scenes/2/speech`),
  );
  await scene2.getByRole('button', { name: 'Hear this scene' }).click();
  const heard = await speech;
  expect(heard.status()).toBe(200);
  expect(heard.headers()['content-type']).toBe('audio/wav');

  // Render: queued like any video, then the library follows it over the socket.
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page.getByText('Video Queued!').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Your Videos/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Rendered, it is no longer a draft.
  await expect(page.getByTestId('library-drafts')).toHaveCount(0);
  const card = page
    .getByTestId('video-card')
    .filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 150_000 });

  const videos = (await (await page.request.get('/api/videos')).json()) as ListedVideo[];
  const video = videos.find((entry) => entry.title === TITLE);
  expect(video?.status, video?.errorMessage ?? '').toBe('completed');
  expect(video?.captionsUrl).toBeTruthy();
  const captions = await (await page.request.get(video?.captionsUrl as string)).text();
  expect(captions).toContain('WEBVTT');
  for (const word of ['Copper', 'lanterns', 'sleeping', 'fishing']) {
    expect(captions.toLowerCase()).toContain(word.toLowerCase());
  }

  // Opened again, the rendered storyboard reads only and leads to its video.
  await page.goto(`/storyboards/${storyboardId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Scene 2 Narration' })).toHaveCount(0);
  await expect(page.getByText(NEW_WORDS)).toBeVisible();
  await page.getByRole('button', { name: 'Watch in Library' }).click();
  await expect(page.getByTestId('library-player')).toBeVisible();
});
