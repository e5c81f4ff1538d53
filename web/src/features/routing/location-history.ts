import { matchRoutes } from 'react-router-dom';
import { ROUTES, type RouteDef } from './route-table';

let previous: string | null = null;

/** Remembers the last page before /logout, which decides where signing out lands. */
export function recordLocation(pathWithSearch: string): void {
  if (!pathWithSearch.startsWith('/logout')) previous = pathWithSearch;
}

export function previousLocation(): string | null {
  return previous;
}

const matchable = ROUTES.map((def) => ({ path: def.path, def }));

export function findRoute(pathname: string): RouteDef | undefined {
  const matches = matchRoutes(matchable, pathname);
  return (matches?.[0]?.route as { def: RouteDef } | undefined)?.def;
}
