// The opened address's page chunk, asked for as the app starts: it loads beside /config.json and
// the route's guards instead of after them (on /map the closures list renders as soon as the
// guards let it).
import { findRoute } from '../../features/routing/location-history';
import type { LazyPage } from './lazy-page';
import { PAGES } from './page-registry';

export function preloadPageFor(pathname: string): void {
  const page = findRoute(pathname)?.page;
  if (page) (PAGES[page] as Partial<LazyPage>).preload?.();
}
