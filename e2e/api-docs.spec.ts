// The API document as a developer meets it: /api/docs draws the routes in Swagger UI, in a real
// browser, under the page's own content security policy (nothing refused).
import { expect, test } from '@playwright/test';

test('the API document lists the routes at /api/docs', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Reelforge API/ })).toBeVisible();
  // Grouped by feature; one operation as the viewer writes it.
  await expect(
    page.locator('.opblock-summary-path', { hasText: /^\/api\/video-creation-requests$/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/docs/json' })).toBeVisible();
  expect(refused).toEqual([]);
});
