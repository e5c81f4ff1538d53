// Privacy-respecting analytics: one anonymous counter per route pattern and day on our own API.
// No cookies, no identifiers, no third-party scripts; redirects are not counted twice.
import { useEffect, useRef } from 'react';
import { recordPageView } from '../api/page-views';
import { useRoutePattern } from './useRoutePattern';

export function usePageViews(): void {
  const route = useRoutePattern();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (route === last.current) return;
    last.current = route;
    recordPageView(route);
  }, [route]);
}
