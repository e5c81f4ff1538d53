// The opened address's page chunk, asked for as the app starts: it loads beside /config.json and
// the route's guards instead of after them (on /map the closures list renders as soon as the
// guards let it).
import { loadMapLibre } from '../../features/map/maplibre-load';
import { findRoute } from '../../features/routing/location-history';
import type { LazyPage } from './lazy-page';
import { PAGES } from './page-registry';

/** The public map: MapLibre and its worker start beside its page chunk (the drawing waits on them). */
const MAP_FIRST_PAGES = new Set(['publicMap']);

export function preloadPageFor(pathname: string): void {
  const page = findRoute(pathname)?.page;
  if (page) (PAGES[page] as Partial<LazyPage>).preload?.();
  if (page && MAP_FIRST_PAGES.has(page)) loadMapLibre().catch(() => undefined);
}
