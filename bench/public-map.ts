// The public map's first screen on the running local stack (`npm start`): a visitor opens /map in
// headless Chromium, and the closures list and the map's closure points (first drawn by MapView's
// SVG preview, then by MapLibre's own layer, both printed) are timed inside the page against the
// 1 s target, for a first visit (which installs the LGA boundaries on /init) and a
// return visit (boundaries on the device, app shell from the service worker). Prints the median
// of BENCH_MAP_RUNS (default 3) fresh browser contexts and the requests' start times of the last.
//   npm start                      (in another terminal; PORT etc. as for the stack)
//   npm run bench -- public-map
import { chromium } from 'playwright-core';
import { FORBES, settingsFromEnv } from '../local/settings';
import { describeVisit, installMapProbe, visitPublicMap, type MapVisit } from './support/public-map-probe';

const URL_BASE = (process.env.APP_URL ?? `http://127.0.0.1:${settingsFromEnv().ports.web}`).replace(/\/$/, '');
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 3);
const TARGET_MS = 1000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchPublicMap(): Promise<string> {
  const file = await fetch(`${URL_BASE}/feeds/${FORBES}/map.json`).catch(() => null);
  if (!file?.ok) return `Skipped: no stack answers at ${URL_BASE} (start it with npm start).`;
  const now = Date.now() / 1000;
  const { closures } = (await file.json()) as { closures: Array<{ active: boolean; condition: string; deletedAt: number | null; scheduledFor: number | null; formattedAddress: string | null }> };
  const shown = closures.find((c) => c.active && c.condition !== 'opened' && !c.deletedAt && !(c.scheduledFor && c.scheduledFor > now) && c.formattedAddress);
  if (!shown) return `Skipped: Forbes has no active closure to list (the seed adds some).`;

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const firsts: MapVisit[] = [];
  const returns: MapVisit[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      // bypassCSP: the timers are read with string expressions, which the app's CSP rightly forbids.
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-AU', bypassCSP: true });
      await installMapProbe(context, shown.formattedAddress!);
      const page = await context.newPage();
      firsts.push(await visitPublicMap(page, `${URL_BASE}/map`, FORBES));
      await page.goto('about:blank');
      returns.push(await visitPublicMap(page, `${URL_BASE}/map`, FORBES));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const row = (label: string, visits: MapVisit[]) => {
    const listed = median(visits.map((v) => v.listedMs));
    const drawn = median(visits.map((v) => v.drawnMs));
    const mapDrawn = median(visits.map((v) => v.mapDrawnMs));
    const mark = (ms: number) => (ms <= TARGET_MS ? 'met' : 'missed');
    return `${label.padEnd(12)} | ${`${listed} ms`.padStart(11)} | ${`${drawn} ms`.padStart(10)} | ${`${mapDrawn} ms`.padStart(14)} | ${TARGET_MS} ms | listed ${mark(listed)}, drawn ${mark(drawn)}`;
  };
  return [
    `visit        | listed (p50) | drawn (p50) | MapLibre (p50) | target | (${RUNS} runs; the machine's load shifts these, see the waterfall)`,
    '------------ | ------------ | ----------- | -------------- | ------ | ------',
    row('first visit', firsts),
    row('return visit', returns),
    '',
    `last run, ${describeVisit('first visit', firsts.at(-1)!)}`,
    `last run, ${describeVisit('return visit', returns.at(-1)!)}`,
  ].join('\n');
}
