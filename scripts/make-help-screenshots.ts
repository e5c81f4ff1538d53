// Takes the screenshots of the help pages (web/public/help/*.jpg) and of the README
// (docs/images/*.png) from a running `npm start` (the Forbes demo) in headless Chromium. Run it
// again when a pictured screen changes; name files to take only those:
//   npx tsx scripts/make-help-screenshots.ts                     (APP_URL for another stack)
//   npx tsx scripts/make-help-screenshots.ts public-map.png staff-map.png
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';

const APP_URL = (process.env.APP_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HELP_IMAGES = path.join(ROOT, 'web/public/help');
const README_IMAGES = path.join(ROOT, 'docs/images');
const PASSWORD = 'LocalDemo#2026';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Shot {
  /** A .jpg goes to the help pages' folder; a .png to docs/images (palette PNG, kept small for the repository). */
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
  // The first visit's "Downloading/Saving council boundaries…" lines go once the bundle is on the device.
  await page.getByText('Downloading council boundaries').waitFor({ state: 'detached', timeout: 60_000 }).catch(() => undefined);
  await page.getByText('Saving council boundaries').waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
  // The base map's tiles arrive after the closures are drawn; on a busy machine they take seconds.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
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
  {
    file: 'public-map.png',
    url: '/map',
    viewport: { width: 1200, height: 860 },
    ready: async (page) => {
      await page.locator('.closure-list__item').first().waitFor();
      await mapDrawn(page);
    },
  },
  {
    file: 'staff-map.png',
    as: 'staff@forbes.example',
    url: '/staff-map',
    viewport: { width: 1200, height: 860 },
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
    const png = shot.file.endsWith('.png');
    const file = path.join(png ? README_IMAGES : HELP_IMAGES, shot.file);
    mkdirSync(path.dirname(file), { recursive: true });
    if (png) writeFileSync(file, await sharp(await page.screenshot({ type: 'png' })).png({ palette: true, quality: 80, compressionLevel: 9 }).toBuffer());
    else await page.screenshot({ path: file, type: 'jpeg', quality: 72 });
    console.log(`${shot.file}: ${shot.viewport.width}×${shot.viewport.height}, ${(statSync(file).size / 1024).toFixed(0)} kB`);
  } finally {
    await context.close();
  }
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !SHOTS.some((shot) => shot.file === name));
if (unknown.length > 0) throw new Error(`No such screenshot: ${unknown.join(', ')} (known: ${SHOTS.map((s) => s.file).join(', ')})`);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
try {
  for (const shot of SHOTS) if (wanted.length === 0 || wanted.includes(shot.file)) await take(browser, shot);
} finally {
  await browser.close();
}
