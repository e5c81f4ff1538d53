// One visit to the public map in headless Chromium, timed inside the page (performance.now(), from
// the navigation's start): when the closures list showed a given closure, when closure points were
// first on the map (the SVG preview drawn while MapLibre starts, or MapLibre's own layer, whichever
// came first), when MapLibre drew them itself, and when the requests on the way were sent. Used by `npm run bench -- public-map`
// and the public map speed browser test.
import type { BrowserContext, Page } from 'playwright-core';

export interface MapVisit {
  /** The list showed the closure's address. */
  listedMs: number;
  /** Closure points were first on the map: MapView's preview or MapLibre's layer, whichever came first. */
  drawnMs: number;
  /** MapLibre drew its closure points layer (the preview is gone from then on). */
  mapDrawnMs: number;
  /** When each request was sent (ms after navigation), null when it was not. */
  asked: { mapFile: number | null; config: number | null; pageChunk: number | null; boundaries: number | null; mapLibre: number | null; style: number | null };
  /** When the map file's answer was in. */
  mapFileAnsweredMs: number | null;
  /** GraphQL viewport queries for closures (a visitor's home council needs none). */
  apiClosureQueries: number;
}

interface Probe {
  listed?: number;
  previewed?: number;
  drawn?: number;
}

// Plain JavaScript in a string: a function would be serialised with whatever helpers the
// TypeScript runner adds (tsx wraps functions in __name), which the page does not have.
const PROBE_SCRIPT = `(() => {
  const probe = {};
  window.__mapProbe = probe;
  const text = __ADDRESS__;
  const now = () => Math.round(performance.now());
  const hooked = new WeakSet();
  const timer = setInterval(() => {
    const list = document.querySelector('[aria-label="Closures in this area"]');
    if (probe.listed === undefined && list && list.textContent.includes(text)) probe.listed = now();
    if (probe.previewed === undefined && document.querySelector('[data-testid="map-preview"] circle')) probe.previewed = now();
    const el = document.querySelector('[data-testid="map"]');
    const map = el && el.__map;
    if (map && !hooked.has(map)) {
      hooked.add(map);
      map.on('render', () => {
        if (probe.drawn !== undefined || !map.getLayer('app-closure-points')) return;
        if (map.queryRenderedFeatures({ layers: ['app-closure-points'] }).length > 0) probe.drawn = now();
      });
    }
    if (probe.listed !== undefined && probe.drawn !== undefined) clearInterval(timer);
  }, 10);
})();`;

// The resource timings of the requests on the map's way (start times, ms after navigation).
const TIMINGS_SCRIPT = `(() => {
  const entries = performance.getEntriesByType('resource');
  const first = (test) => entries.find((entry) => test(new URL(entry.name).pathname));
  const at = (entry) => (entry ? Math.round(entry.startTime) : null);
  const file = first((p) => p === '/feeds/' + __LGA__ + '/map.json');
  return {
    probe: window.__mapProbe,
    asked: {
      mapFile: at(file),
      config: at(first((p) => p === '/config.json')),
      pageChunk: at(first((p) => /\\/assets\\/PublicMapPage-[^/]+\\.js$/.test(p))),
      boundaries: at(first((p) => p.startsWith('/feeds/lga-data/'))),
      mapLibre: at(first((p) => /\\/assets\\/maplibre-gl-[A-Za-z0-9_-]+\\.js$/.test(p))),
      style: at(first((p) => p === '/map-style.json')),
    },
    mapFileAnsweredMs: file ? Math.round(file.responseEnd) : null,
  };
})()`;

/** Installs the in-page timers on every document the context opens (call once per context). */
export async function installMapProbe(context: BrowserContext, address: string): Promise<void> {
  await context.addInitScript({ content: PROBE_SCRIPT.replace('__ADDRESS__', JSON.stringify(address)) });
}

/** Opens `url` in `page` (a context with installMapProbe) and waits until the closure is listed and drawn. */
export async function visitPublicMap(page: Page, url: string, lgaCode: string, timeoutMs = 30_000): Promise<MapVisit> {
  let apiClosureQueries = 0;
  const onRequest = (request: { method(): string; postData(): string | null }) => {
    if (request.method() === 'POST' && (request.postData() ?? '').includes('closuresInBounds')) apiClosureQueries += 1;
  };
  page.on('request', onRequest);
  try {
    await page.goto(url);
    await page.waitForFunction('window.__mapProbe && window.__mapProbe.listed !== undefined && window.__mapProbe.drawn !== undefined', undefined, { timeout: timeoutMs, polling: 50 });
    const timings = (await page.evaluate(TIMINGS_SCRIPT.replace('__LGA__', JSON.stringify(lgaCode)))) as {
      probe: Probe;
      asked: MapVisit['asked'];
      mapFileAnsweredMs: number | null;
    };
    const { listed, previewed, drawn } = timings.probe;
    return { listedMs: listed!, drawnMs: Math.min(previewed ?? Infinity, drawn!), mapDrawnMs: drawn!, asked: timings.asked, mapFileAnsweredMs: timings.mapFileAnsweredMs, apiClosureQueries };
  } finally {
    page.off('request', onRequest);
  }
}

/** One line for a visit: the two times against the 1 s target, then the waterfall's key requests. */
export function describeVisit(label: string, visit: MapVisit): string {
  const ms = (value: number | null) => (value === null ? 'not asked' : `${value} ms`);
  return (
    `${label}: closures listed ${visit.listedMs} ms, drawn ${visit.drawnMs} ms after navigation (target ≤ 1000 ms; MapLibre's own layer ${visit.mapDrawnMs} ms); ` +
    `asked: map file ${ms(visit.asked.mapFile)} (answered ${ms(visit.mapFileAnsweredMs)}), config ${ms(visit.asked.config)}, ` +
    `page chunk ${ms(visit.asked.pageChunk)}, boundaries ${ms(visit.asked.boundaries)}, MapLibre ${ms(visit.asked.mapLibre)}, style ${ms(visit.asked.style)}`
  );
}
