// Purchase Credits in the browser: a Free member sees the spec's memberships, prices and packs;
// a pack with a checkout link goes there carrying the member (the navigation is intercepted: no
// request leaves the machine); Stripe's signed webhook then raises the balance in an open tab
// without a reload, and a membership changes the plan the same way; a pack with no link shows the
// demo alert; 'Need Help?' lands on Profile's support section.
import { expect, type Page, test } from '@playwright/test';
import { checkoutSession, deliver, event, stripeId } from '../test/stripe';
import { expectScreen, signUpThroughUi, uniqueEmail } from './support';

test.use({ actionTimeout: 15_000 });

/** The e2e server's checkout links (playwright.config.ts); Starter has none. */
const CREATOR_LINK = 'https://buy.stripe.com/test_reelforge_creator';

async function signUpMember(page: Page) {
  await page.goto('/login');
  const email = await signUpThroughUi(page, { email: uniqueEmail('buyer') });
  await expect(page.getByTestId('header-tabs')).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  const { id } = (await me.json()) as { id: string };
  return { email, id };
}

async function openPurchase(page: Page) {
  await page.getByRole('button', { name: 'Buy Credits' }).first().click();
  await expectScreen(page, 'Purchase Credits');
}

test('a Free member sees the memberships, prices and packs, and no link shows the demo alert', async ({
  page,
}) => {
  await signUpMember(page);
  await openPurchase(page);

  const memberships = page.getByRole('region', { name: 'Monthly Memberships' });
  const pro = memberships.getByTestId('plan-pro');
  await expect(pro).toContainText('Most Popular');
  await expect(pro).toContainText('$29.99');
  await expect(pro).toContainText('$45.99');
  await expect(pro).toContainText(/limited time/i);
  await expect(pro).toContainText(/about \$0\.20 per video/i);
  await expect(pro).toContainText('Priority queue');
  const elite = memberships.getByTestId('plan-elite');
  await expect(elite).toContainText('$79.99');
  await expect(elite).toContainText('$99.99');
  await expect(elite).toContainText('Commercial rights');
  await expect(memberships.getByRole('button', { name: /Upgrade to Pro/ })).toBeVisible();

  const packs = page.getByRole('region', { name: 'Credit Packs' });
  for (const [name, credits, price] of [
    ['Starter', '3', '$1'],
    ['Creator', '15', '$5'],
    ['Power', '30', '$10'],
    ['Ultimate', '100', '$25'],
  ] as const) {
    const card = packs.getByTestId(`pack-${name.toLowerCase()}`);
    await expect(card).toContainText(name);
    await expect(card).toContainText(credits);
    await expect(card).toContainText(price);
  }
  await expect(packs.getByTestId('pack-ultimate')).toContainText('Best Value');
  await expect(packs.getByTestId('pack-ultimate')).toContainText('$0.25');
  await expect(page.getByText(/credits never expire/i).first()).toBeVisible();

  // Starter has no checkout link here: the spec's demo alert, and nothing is processed.
  await packs.getByRole('button', { name: /Buy Starter/ }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Payment processing would be integrated here');
  await expect(alert).toContainText('demo page');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expectScreen(page, 'Purchase Credits');
});

test('a pack goes to its checkout link with the member, and the webhook raises the open tab', async ({
  page,
  context,
  baseURL,
}) => {
  const { email, id } = await signUpMember(page);
  // The member's first tab stays on the Profile, where the balance shows.
  await page.getByRole('button', { name: /^Profile\b/ }).click();
  await expectScreen(page, 'Profile');
  await expect(page.getByTestId('profile-credits')).toHaveText('10');

  const shop = await context.newPage();
  await shop.goto('/?tab=purchase');
  await expectScreen(shop, 'Purchase Credits');
  const checkout = new Promise<URL>((resolve) => {
    void shop.route('https://buy.stripe.com/**', async (route) => {
      resolve(new URL(route.request().url()));
      await route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' });
    });
  });
  await shop
    .getByRole('region', { name: 'Credit Packs' })
    .getByRole('button', { name: /Buy Creator/ })
    .click();
  const url = await checkout;
  expect(url.origin + url.pathname).toBe(CREATOR_LINK);
  expect(url.searchParams.get('client_reference_id')).toBe(id);
  expect(url.searchParams.get('prefilled_email')).toBe(email);
  await expect(shop.getByRole('heading', { name: 'Stripe Checkout' })).toBeVisible();

  // Stripe confirms the payment: the open Profile tab shows the credits without a reload.
  const paid = await deliver(
    baseURL as string,
    event(
      'checkout.session.completed',
      checkoutSession({ clientReferenceId: id, amountCents: 500 }),
    ),
  );
  expect(paid.status).toBe(200);
  await expect(page.getByText('Payment Received').first()).toBeVisible();
  await expect(page.getByTestId('profile-credits')).toHaveText('25');

  // A membership the same way: the plan changes in the open tab.
  const subscribed = await deliver(
    baseURL as string,
    event(
      'checkout.session.completed',
      checkoutSession({
        clientReferenceId: id,
        mode: 'subscription',
        amountCents: 2999,
        subscription: stripeId('sub'),
      }),
    ),
  );
  expect(subscribed.status).toBe(200);
  await expect(page.getByText('Welcome to Pro').first()).toBeVisible();
  await expect(page.getByTestId('current-tier')).toHaveText('Pro');
  await expect(page.getByTestId('profile-credits')).toHaveText('165');
  // A member who has paid may manage billing (the e2e server has a portal link).
  await expect(page.getByRole('button', { name: /Manage billing/ })).toBeVisible();
});

test("'Need Help?' lands on the Profile's support section", async ({ page }) => {
  await signUpMember(page);
  await openPurchase(page);
  await page.getByRole('button', { name: 'Contact Support' }).click();
  await expectScreen(page, 'Profile');
  await expect(page.getByRole('heading', { name: 'Support and Help' })).toBeInViewport();
});
