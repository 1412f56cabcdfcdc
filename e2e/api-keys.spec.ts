// A personal API key from end to end (docs/automation.md): a member creates a `videos:read` key in
// Profile → API keys, copies it from the one-time panel (the clipboard holds what the page shows),
// and calls the API with it the way curl would, with no cookie: listing videos works, creating one
// is refused naming `videos:write`. Revoked in the same card, the key then gets 401.
import { expect, test } from '@playwright/test';
import { API_KEY_VISIBLE_LENGTH } from '../shared/schemas/api-keys';
import { signUpThroughUi } from './support';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a key made in Profile works within its scope from outside the browser, until revoked', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await signUpThroughUi(page);
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  await page.goto('/?tab=profile');

  const card = page.locator('#api-keys');
  await expect(card.getByText('You have no API keys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('form', { name: 'Create API key' });
  await form.getByLabel('Name').fill('e2e curl');
  await form.getByRole('checkbox', { name: 'videos:read' }).check();
  await form.getByRole('button', { name: 'Create key' }).click();

  const panel = card.getByTestId('shown-once-secret');
  await expect(panel.getByText(/it will not be shown again/)).toBeVisible();
  const key = await panel.getByLabel('API key').inputValue();
  expect(key).toMatch(/^rf_/);
  await panel.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  const clipboard = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText: () => Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(clipboard).toBe(key);

  // Outside the browser: no cookie, only the key.
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    fetch(new URL(path, baseURL), {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const listed = await call('GET', '/api/videos');
  expect(listed.status).toBe(200);
  expect(await listed.json()).toEqual([]);
  const refused = await call('POST', '/api/video-creation-requests', {
    title: 'Not with this key',
    description: 'A read-only key must not be able to start a video.',
    aspectRatio: 'portrait',
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain('videos:write');

  // The list shows only its first characters, then the key is revoked after a question.
  await panel.getByRole('button', { name: 'Done, I have copied it' }).click();
  await expect(page.getByText(key)).toHaveCount(0);
  const row = card.getByRole('listitem', { name: 'e2e curl' });
  await expect(row).toContainText(`${key.slice(0, API_KEY_VISIBLE_LENGTH)}…`);
  await row.getByRole('button', { name: 'Revoke e2e curl' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke API key' });
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API Key Revoked').first()).toBeVisible();
  await expect(row).toHaveCount(0);

  expect((await call('GET', '/api/videos')).status).toBe(401);
});
