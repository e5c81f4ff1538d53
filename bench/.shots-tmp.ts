import { chromium } from 'playwright-core';
const URL_BASE = 'http://127.0.0.1:3100';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [name, viewport] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 360, height: 780 }]] as const) {
  const context = await browser.newContext({ viewport, locale: 'en-AU' });
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(`${URL_BASE}/map`);
  await page.locator('.closure-list__item').first().waitFor({ timeout: 30_000 });
  console.log(name, 'first visit listed after', Date.now() - t0, 'ms; path', new URL(page.url()).pathname);
  await page.screenshot({ path: `/tmp/firstvisit-${name}-first-listed.png` });
  await page.getByTestId('lga-data-background').waitFor({ timeout: 20_000 }).then(() => page.screenshot({ path: `/tmp/firstvisit-${name}-first-progress.png` }), () => console.log('no progress line seen'));
  await page.getByText(/^Map centre: /).waitFor({ timeout: 60_000 });
  console.log(name, 'boundaries in after', Date.now() - t0, 'ms');
  await page.screenshot({ path: `/tmp/firstvisit-${name}-first-ready.png` });
  const scroll = await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth');
  console.log(name, 'horizontal scroll', scroll);
  await page.goto('about:blank');
  const t1 = Date.now();
  await page.goto(`${URL_BASE}/map`);
  await page.locator('.closure-list__item').first().waitFor({ timeout: 30_000 });
  console.log(name, 'return listed after', Date.now() - t1);
  await page.screenshot({ path: `/tmp/firstvisit-${name}-return-listed.png` });
  await page.getByText(/^Map centre: /).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/firstvisit-${name}-return-ready.png`, fullPage: name === 'phone' });
  await context.close();
}
await browser.close();
