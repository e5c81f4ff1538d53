import { chromium } from 'playwright-core';
import { installMapProbe, visitPublicMap } from './support/public-map-probe';
const URL_BASE = 'http://127.0.0.1:3100';
const file = await (await fetch(`${URL_BASE}/feeds/12900/map.json`)).json() as any;
const now = Date.now()/1000;
const shown = file.closures.find((c: any) => c.active && c.condition !== 'opened' && !c.deletedAt && !(c.scheduledFor && c.scheduledFor > now) && c.formattedAddress);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-AU', bypassCSP: true });
await installMapProbe(context, shown.formattedAddress);
await context.addInitScript({ content: `(() => { const ev = []; window.__ev = ev; const now = () => Math.round(performance.now());
  const OrigWorker = window.Worker; window.Worker = function (u, o) { ev.push(['new Worker', now()]); return new OrigWorker(u, o); };
  const t = setInterval(() => { const el = document.querySelector('[data-testid="map"]'); const map = el && el.__map; if (!map) return; clearInterval(t); ev.push(['map seen', now()]);
  map.once('style.load', () => ev.push(['style.load', now()]));
  map.once('render', () => ev.push(['first render', now()]));
  map.once('load', () => ev.push(['load', now()]));
  map.once('idle', () => ev.push(['idle', now()]));
  let got = {}; map.on('sourcedata', (e) => { if (e.isSourceLoaded && !got[e.sourceId]) { got[e.sourceId] = 1; ev.push(['loaded ' + e.sourceId, now()]); } });
  }, 5); })();` });
const page = await context.newPage();
for (const visit of ['first', 'return']) {
  const v = await visitPublicMap(page, `${URL_BASE}/map`, '12900');
  await page.waitForTimeout(300);
  const ev = await page.evaluate('window.__ev');
  console.log(visit, 'listed', v.listedMs, 'drawn', v.drawnMs, 'maplibre asked', v.asked.mapLibre, 'style', v.asked.style, JSON.stringify(ev));
  await page.goto('about:blank');
}
await browser.close();
