// Every screen at phone (390 px) and desktop (1280 px) width, in light and dark: each is checked
// to show its heading without sideways scrolling and to pass axe-core's WCAG 2.1 A and AA rules
// with no serious or critical violation (nor a skipped heading level, a missing page heading, a
// paragraph posing as a heading, or a name that differs from the visible label), and saved as a
// test artifact (.tmp/screenshots/{screen}-{width}-{theme}.png, also attached to the report) for a
// person to look at. Nothing is compared pixel by pixel: the look is judged by eye, the layout and
// the accessibility by these checks.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  changePlanOf,
  linkFromEmail,
  PASSWORD,
  sidewaysOverflow,
  signInAdmin,
  uniqueEmail,
} from './support';

const SHOTS = path.resolve('.tmp', 'screenshots');
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;

type Screen = {
  name: string;
  /** Where it opens, and what shows once it is ready. */
  open: (page: Page) => Promise<void>;
  who: 'visitor' | 'member' | 'admin';
};

let videoId = 0;
let storyboardId = 0;

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { level: 1, name }).first()).toBeVisible();

const SCREENS: Screen[] = [
  {
    name: 'landing',
    who: 'visitor',
    open: async (page) => {
      await page.goto('/');
      await heading(page, /Turn one sentence into a/);
    },
  },
  {
    name: 'login',
    who: 'visitor',
    open: async (page) => {
      await page.goto('/login');
      await expect(page.getByRole('tab', { name: 'Create Account' })).toBeVisible();
    },
  },
  {
    name: 'forgot-password',
    who: 'visitor',
    open: async (page) => {
      await page.goto('/forgot-password');
      await heading(page, 'Forgot your password?');
    },
  },
  {
    name: 'reset-password',
    who: 'visitor',
    open: async (page) => {
      await page.goto('/reset-password?token=screens-not-a-real-token');
      await heading(page, 'Choose a new password');
    },
  },
  {
    name: 'verify-email',
    who: 'visitor',
    open: async (page) => {
      await page.goto('/verify-email?token=screens-not-a-real-token');
      await heading(page, 'Verify your email address');
      await expect(page.getByText('Verifying…')).toHaveCount(0);
    },
  },
  {
    name: 'watch',
    who: 'visitor',
    open: async (page) => {
      await page.goto(`/watch/${videoId}`);
      await expect(page.getByTestId('shared-video-player')).toBeVisible();
    },
  },
  {
    name: 'dashboard',
    who: 'member',
    open: async (page) => {
      await page.goto('/');
      await heading(page, 'Dashboard');
    },
  },
  {
    name: 'create',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=create');
      await heading(page, 'Create Video');
    },
  },
  {
    name: 'library',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=library');
      await heading(page, /Your Videos/);
      await expect(page.getByText('Screenshot harbour').first()).toBeVisible();
      // The storyboard planned in beforeAll, in the Drafts row above the videos.
      await expect(page.getByTestId('draft-card').first()).toBeVisible();
    },
  },
  {
    name: 'storyboard',
    who: 'member',
    open: async (page) => {
      await page.goto(`/storyboards/${storyboardId}`);
      await heading(page, 'Screenshot lighthouse');
      await expect(page.getByTestId('scene-card').first()).toBeVisible();
      await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
      // The shots' pictures drawn, so the picture is of the editor as a member sees it.
      await expect
        .poll(() =>
          page
            .getByTestId('shot')
            .locator('img')
            .evaluateAll((images) =>
              images.every((image) => (image as unknown as { complete: boolean }).complete),
            ),
        )
        .toBe(true);
    },
  },
  {
    name: 'picture-picker',
    who: 'member',
    open: async (page) => {
      await page.goto(`/storyboards/${storyboardId}`);
      await heading(page, 'Screenshot lighthouse');
      await page.getByTestId('shot').first().getByRole('button').click();
      await expect(page.getByRole('dialog', { name: 'Choose a picture' })).toBeVisible();
    },
  },
  {
    name: 'player',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=library');
      await expect(page.getByText('Screenshot harbour').first()).toBeVisible();
      await page.getByRole('button', { name: 'Screenshot harbour' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'versions',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=library');
      const card = page
        .getByTestId('video-card')
        .filter({ has: page.getByRole('heading', { name: 'Screenshot harbour', exact: true }) });
      await card.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Versions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Versions' });
      await expect(dialog.getByTestId('video-version')).toHaveCount(1);
      await expect
        .poll(() =>
          dialog
            .locator('img')
            .evaluateAll((images) =>
              images.every((image) => (image as unknown as { complete: boolean }).complete),
            ),
        )
        .toBe(true);
    },
  },
  {
    name: 'creator-engine',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=jobs');
      await heading(page, 'Creator Engine');
    },
  },
  {
    name: 'profile',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=profile');
      await heading(page, 'Profile');
      // The proof sent in beforeAll, so the earning section shows a pending review.
      await expect(page.getByText('Pending review').first()).toBeVisible();
    },
  },
  {
    name: 'credits',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=purchase');
      await heading(page, 'Purchase Credits');
    },
  },
  {
    name: 'privacy',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=privacy-policy');
      await heading(page, /Privacy/);
    },
  },
  {
    name: 'terms',
    who: 'member',
    open: async (page) => {
      await page.goto('/?tab=terms-of-use');
      await heading(page, /Terms/);
    },
  },
  {
    name: 'admin-tools',
    who: 'admin',
    open: async (page) => {
      await page.goto('/?tab=profile');
      await expect(page.getByRole('heading', { name: 'Admin Tools' })).toBeVisible();
    },
  },
];

const memberEmail = uniqueEmail('screens');

/** Signs up (or in) through the API, so the browser context carries the session cookie. */
async function signIn(page: Page, email: string) {
  const credentials = { email, password: PASSWORD };
  const up = await page.request.post('/api/auth/signup', {
    data: { ...credentials, firstName: 'Sam' },
  });
  if (!up.ok()) {
    expect((await page.request.post('/api/auth/signin', { data: credentials })).ok()).toBe(true);
  }
}

async function contextFor(
  browser: Browser,
  who: Screen['who'],
  width: (typeof WIDTHS)[number],
  theme: string,
) {
  const context = await browser.newContext({
    viewport: { width: width.width, height: width.height },
    colorScheme: theme === 'dark' ? 'dark' : 'light',
  });
  await context.addInitScript((chosen) => {
    (
      globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
    ).localStorage.setItem('theme', chosen);
  }, theme);
  // Colours measured as they rest: a button whose colour is still easing in (it was enabled a
  // moment before, or its data just arrived) read as low contrast mid-way and failed the run.
  await context.addInitScript(() => {
    const { document } = globalThis as unknown as {
      document: {
        createElement(tag: string): { textContent: string };
        addEventListener(event: string, listener: () => void): void;
        head: { append(node: unknown): void };
      };
    };
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent =
        '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; }';
      document.head.append(style);
    });
  });
  const page = await context.newPage();
  await page.goto('/api/health');
  if (who === 'member') await signIn(page, memberEmail);
  if (who === 'admin') await signInAdmin(page.request);
  return { context, page };
}

test.beforeAll(async ({ browser }) => {
  // One member with a finished video, so the library, player and watch page have something to show.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/api/health');
  await signIn(page, memberEmail);
  // A verified member with a proof waiting for review, so Profile shows its pending state.
  await page.goto(await linkFromEmail(memberEmail, /Verify your email/, '/verify-email'));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  const proof = await page.request.post('/api/submissions', {
    data: { submissionType: 'follow_x', socialHandle: '@screens' },
  });
  expect(proof.ok()).toBe(true);
  const created = await page.request.post('/api/video-creation-requests', {
    data: {
      title: 'Screenshot harbour',
      description: 'Scene 1: Boats leave a misty harbour at sunrise.',
      aspectRatio: 'landscape',
      watermark: true,
    },
  });
  expect(created.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/videos')).json()) as Array<{
          id: number;
          status: string;
        }>;
        const done = list.find((video) => video.status === 'completed');
        videoId = done?.id ?? 0;
        return videoId;
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThan(0);
  // A storyboard in draft, for the editor and the library's Drafts row.
  const planned = await page.request.post('/api/storyboards', {
    data: {
      title: 'Screenshot lighthouse',
      description: 'A lighthouse on a rocky coast at dusk. Waves roll in as the lamp turns on.',
      aspectRatio: 'landscape',
      watermark: true,
    },
  });
  expect(planned.ok(), await planned.text()).toBe(true);
  storyboardId = ((await planned.json()) as { id: number }).id;
  // Shared, so the public /watch page shows it.
  const shared = await page.request.patch(`/api/videos/${videoId}/visibility`, {
    data: { isPublic: true },
  });
  expect(shared.ok()).toBe(true);
  await context.close();

  // The admin is on Elite, so the tour also checks the Elite badge in the header.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/api/health');
  await signInAdmin(admin.request);
  await changePlanOf(admin, 'Elite');
  await adminContext.close();
});

/** Rules kept to whatever their impact: the page's outline and names that match their labels. */
const ALWAYS_REPORTED = new Set([
  'heading-order',
  'page-has-heading-one',
  'p-as-heading',
  'label-content-name-mismatch',
]);

/** axe-core on the page as it stands: each serious or critical violation, one line per element. */
async function accessibilityProblems(page: Page, screen: string): Promise<string[]> {
  const audit = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'])
    .analyze();
  return audit.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        ALWAYS_REPORTED.has(violation.id),
    )
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${screen}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${(
            node.failureSummary ?? violation.help
          )
            .replace(/\s+/gu, ' ')
            .slice(0, 240)}`,
      ),
    );
}

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    test(`every screen at ${width.width} px in ${theme}: shown whole, without sideways scrolling, accessible`, async ({
      browser,
    }, testInfo) => {
      // Nineteen screens, each loaded, checked and photographed whole.
      test.setTimeout(300_000);
      await mkdir(SHOTS, { recursive: true });
      const problems: string[] = [];
      for (const who of ['visitor', 'member', 'admin'] as const) {
        const { context, page } = await contextFor(browser, who, width, theme);
        for (const screen of SCREENS.filter((each) => each.who === who)) {
          await screen.open(page);
          // Entrance animations over (not the endless ones: spinners, pulses), so contrast is
          // measured on what stays on screen.
          await page.evaluate(() => {
            type Running = {
              finished: Promise<unknown>;
              effect: { getTiming(): { iterations?: number } } | null;
            };
            const { document } = globalThis as unknown as {
              document: { getAnimations(): Running[] };
            };
            return Promise.all(
              document
                .getAnimations()
                .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
                .map((animation) => animation.finished.catch(() => undefined)),
            );
          });
          problems.push(...(await accessibilityProblems(page, screen.name)));
          await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
          expect(
            await sidewaysOverflow(page),
            `${screen.name} scrolls sideways at ${width.width} px`,
          ).toBeLessThanOrEqual(0);
          const file = path.join(SHOTS, `${screen.name}-${width.width}-${theme}.png`);
          const body = await page.screenshot({
            path: file,
            fullPage: !['player', 'picture-picker', 'versions'].includes(screen.name),
          });
          await testInfo.attach(`${screen.name}-${width.width}-${theme}`, {
            body,
            contentType: 'image/png',
          });
        }
        await context.close();
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
