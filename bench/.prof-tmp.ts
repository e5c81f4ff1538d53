import { chromium } from 'playwright-core';
import { installMapProbe, visitPublicMap } from './support/public-map-probe';
const URL_BASE = 'http://127.0.0.1:3100';
const file = await (await fetch(`${URL_BASE}/feeds/12900/map.json`)).json() as any;
const now = Date.now()/1000;
const shown = file.closures.find((c: any) => c.active && c.condition !== 'opened' && !c.deletedAt && !(c.scheduledFor && c.scheduledFor > now) && c.formattedAddress);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-AU', bypassCSP: true });
await installMapProbe(context, shown.formattedAddress);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
for (const visit of ['first', 'return']) {
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const v = await visitPublicMap(page, `${URL_BASE}/map`, '12900');
  const { profile } = await cdp.send('Profiler.stop') as any;
  const nav = await page.evaluate('performance.timeOrigin') as number;
  console.log(visit, 'listed', v.listedMs, 'drawn', v.drawnMs);
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  // buckets of 200ms: self time by url
  const start = profile.startTime; let t = start;
  const buckets: Record<number, Record<string, number>> = {};
  profile.samples.forEach((id: number, i: number) => {
    t += profile.timeDeltas[i];
    const n: any = byId.get(id); const cf = n.callFrame;
    const url = cf.url ? cf.url.replace(/.*\//, '').slice(0, 30) : cf.functionName || '(native)';
    const ms = (t / 1000) - 0; // absolute us->ms
    const key = Math.floor(((t / 1000) - (nav - performance.timeOrigin ) ) );
    const b = Math.floor(ms / 1) ;
    (buckets[b] ??= {});
  });
  // simpler: total self by url + function for samples, time-relative from first sample
  const self: Record<string, number> = {};
  t = start;
  const rel: Array<[number, string]> = [];
  profile.samples.forEach((id: number, i: number) => {
    const dt = profile.timeDeltas[i]; t += dt;
    const n: any = byId.get(id); const cf = n.callFrame;
    const k = (cf.url ? cf.url.replace(/.*\//, '').slice(0, 28) : '') + ':' + (cf.functionName || '(anon)');
    if (k === ':(idle)' || k === ':(program)') return;
    self[k] = (self[k] ?? 0) + dt / 1000;
    rel.push([(t - start) / 1000, k]);
  });
  const top = Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [k, ms] of top) console.log('  ', ms.toFixed(0).padStart(5), k);
  // busy per 100ms window
  const win: Record<number, number> = {};
  let prev = 0; for (const [ts] of rel) { win[Math.floor(ts / 100)] = (win[Math.floor(ts / 100)] ?? 0) + 0.2; }
  console.log('  busy ms per 100ms window (from profiler start):', Object.entries(win).map(([w, b]) => `${w}:${b.toFixed(0)}`).join(' '));
  await page.goto('about:blank');
}
await browser.close();
