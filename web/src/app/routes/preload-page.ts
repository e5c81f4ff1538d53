// The opened address's page chunk, asked for as the app starts: it loads beside /config.json and
// the route's guards instead of after them (on /map the closures list renders as soon as the
// guards let it).
import { findRoute } from '../../features/routing/location-history';
import type { LazyPage } from './lazy-page';
import { PAGES } from './page-registry';

// MapLibre is not asked for here: its megabyte of code would be evaluated while the map page is
// rendering its closures list. MapView asks for it once the closures are in (`startWhen`), and
// shows them as an SVG preview meanwhile.
/** Settles once the page's code is in (or failed: the render then shows the error). */
export function preloadPageFor(pathname: string): Promise<void> {
  const page = findRoute(pathname)?.page;
  return (page && (PAGES[page] as Partial<LazyPage>).preload?.()) || Promise.resolve();
}
