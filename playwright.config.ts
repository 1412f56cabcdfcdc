// End-to-end tests: the built app (npm run build) served by the real server on a fresh embedded
// PostgreSQL, driven in headless Chromium from @sparticuz/chromium (or CHROMIUM_PATH when set).

import { defineConfig } from '@playwright/test';
import chromium from '@sparticuz/chromium';
import { MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './test/fixtures/mail-stand-in';
import { STAND_IN_BASE_PORT, standInEnv } from './test/fixtures/platform-stand-ins';
import { STOCK_STAND_IN_PORT, stockStandInEnv } from './test/fixtures/stock-stand-ins';
import { WEBHOOK_SECRET } from './test/stripe';

const port = Number(process.env.E2E_PORT ?? 5179);
const baseURL = `http://localhost:${port}`;
/** A second server with stock footage keys (they make stock the default scene source). */
export const stockPort = Number(process.env.E2E_STOCK_PORT ?? 5183);
const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath());

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: '.tmp/e2e-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // The members' inbox: the app's mail goes to a real SMTP server the specs can read.
      command: 'node --import tsx test/fixtures/mail-stand-in.ts',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // YouTube, TikTok and Instagram, speaking their documented APIs on loopback.
      command: 'node --import tsx test/fixtures/platform-stand-ins.ts',
      // The consent page without a client id answers 400: the stand-ins are up.
      url: `http://127.0.0.1:${STAND_IN_BASE_PORT}/o/oauth2/v2/auth`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Pexels and Pixabay, speaking their documented search APIs on loopback.
      command: 'node --import tsx test/fixtures/stock-stand-ins.ts',
      url: `http://127.0.0.1:${STOCK_STAND_IN_PORT + 1}/api/?key=e2e-pixabay-key&q=ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The stock footage server: its own data and database, the stock keys on the stand-ins.
      command: 'node scripts/e2e-server.mjs',
      url: `http://localhost:${stockPort}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(stockPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${stockPort}`,
        DATA_DIR: '.tmp/e2e-stock-data',
        LOG_LEVEL: 'warn',
        RENDER_CONCURRENCY: '1',
        DEMO_CLIPS: 'false',
        RATE_LIMITS: 'signUp=1000/60',
        RESPONSE_CHECK: 'strict',
        ...stockStandInEnv(),
      },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // SIGTERM lets the server stop its PostgreSQL; the default SIGKILL would orphan it.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        ADMIN_EMAILS: 'admin@reelforge.test',
        // One render at a time, so a test can see a video wait in the queue; no demo clips (their
        // background render would compete with the tests for the two cores).
        RENDER_CONCURRENCY: '1',
        DEMO_CLIPS: 'false',
        // The specs sign up about thirty members a minute from one address, past the sign-up limit
        // meant for people (20 a minute); the other limits stay as shipped.
        RATE_LIMITS: 'signUp=1000/60',
        // Answers with fields their route's schema does not declare fail (http/openapi.ts).
        RESPONSE_CHECK: 'strict',
        // Payments: Stripe's signed webhooks (the specs sign with the same secret), checkout links
        // for three packs (Starter has none: the demo alert), and a billing portal link.
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_LINK_CREATOR: 'https://buy.stripe.com/test_reelforge_creator',
        STRIPE_LINK_POWER: 'https://buy.stripe.com/test_reelforge_power',
        STRIPE_LINK_ULTIMATE: 'https://buy.stripe.com/test_reelforge_ultimate',
        STRIPE_BILLING_PORTAL_URL: 'https://billing.stripe.com/p/login/test_reelforge',
        // Publishing: every platform on its stand-in; their processing looked at every second.
        ...standInEnv(),
        PUBLISH_POLL_SECONDS: '1',
        // Mail goes to the e2e inbox (test/fixtures/mail-stand-in.ts), which specs read.
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        MAIL_FROM: 'Reelforge <hello@reelforge.test>',
      },
    },
  ],
});
