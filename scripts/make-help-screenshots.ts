// Takes the help pages' screenshots from a running `npm start` (the Forbes demo) in headless
// Chromium and writes them to web/public/help/ as JPEGs. Run it again when a pictured screen changes:
//   npx tsx scripts/make-help-screenshots.ts          (APP_URL to point it at another stack)
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const APP_URL = (process.env.APP_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public/help');
const PASSWORD = 'LocalDemo#2026';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Shot {
  file: string;
  /** Who is signed in; none for a visitor. */
  as?: string;
  url: string;
  viewport: { width: number; height: number };
  /** Waits for what the picture must show (and fills in what it shows). */
  ready(page: Page): Promise<void>;
}

/** On the Newell Highway south-west of Forbes, near the demo flood closure. */
const NEAR_FORBES = { latitude: -33.4165, longitude: 147.9443 };

async function mapDrawn(page: Page): Promise<void> {
  await page.locator('[data-map-ready="true"]').first().waitFor({ timeout: 30_000 });
  // The first visit's "Saving council boundaries…" line goes once the bundle is on the device.
  await page.getByText('Saving council boundaries').waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(2_500);
}

const SHOTS: Shot[] = [
  {
    file: 'map.jpg',
    url: '/map',
    viewport: { width: 1100, height: 720 },
    ready: async (page) => {
      await page.locator('.closure-list__item').first().waitFor();
      await mapDrawn(page);
    },
  },
  {
    file: 'report.jpg',
    as: 'resident@example.com',
    url: '/report',
    // Tall enough for the whole form in one screenful (a full-page shot repeats the sticky top bar).
    viewport: { width: 390, height: 1340 },
    ready: async (page) => {
      await mapDrawn(page);
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByTestId('report-position').filter({ hasText: /Pin at/ }).waitFor();
      await page.getByLabel('Type').selectOption('flood');
      await page.getByLabel('Description').fill('Water over the road at the causeway, about 30 cm deep and rising.');
      await page.getByLabel('Description').blur();
      await page.evaluate('window.scrollTo(0, 0)');
      await page.waitForTimeout(1_500);
    },
  },
  {
    file: 'staff-map.jpg',
    as: 'staff@forbes.example',
    url: '/staff-map',
    viewport: { width: 1100, height: 720 },
    ready: mapDrawn,
  },
  {
    file: 'embed.jpg',
    url: '/lga-embed?lga=12900',
    viewport: { width: 800, height: 560 },
    ready: mapDrawn,
  },
];

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${APP_URL}/login`);
  const form = page.getByRole('form', { name: 'Sign in with email and password' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function take(browser: Browser, shot: Shot): Promise<void> {
  const context = await browser.newContext({ viewport: shot.viewport, locale: 'en-AU', timezoneId: 'Australia/Sydney', geolocation: NEAR_FORBES });
  await context.grantPermissions(['geolocation'], { origin: APP_URL });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    if (shot.as) await signIn(page, shot.as);
    await page.goto(`${APP_URL}${shot.url}`);
    await shot.ready(page);
    const file = path.join(OUT, shot.file);
    await page.screenshot({ path: file, type: 'jpeg', quality: 72 });
    console.log(`${shot.file}: ${shot.viewport.width}×${shot.viewport.height}, ${(statSync(file).size / 1024).toFixed(0)} kB`);
  } finally {
    await context.close();
  }
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
try {
  for (const shot of SHOTS) await take(browser, shot);
} finally {
  await browser.close();
}
