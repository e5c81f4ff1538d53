// The route pattern of the current page ("/closures/:id/detail"), never the concrete URL: what
// page views are counted by and what feedback says it was sent from.
import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { ROUTES } from '../../routing/route-table';

const patterns = ROUTES.map((r) => ({ path: r.path }));

export function routePatternOf(pathname: string): string {
  const match = matchRoutes(patterns, pathname)?.at(-1);
  const path = match?.route.path ?? '*';
  return path === '*' ? '/404' : path;
}

export function useRoutePattern(): string {
  const { pathname } = useLocation();
  return useMemo(() => routePatternOf(pathname), [pathname]);
}
