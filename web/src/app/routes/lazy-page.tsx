// A page loaded on first visit: its chunk (and, for pages that sign in or call the API as a
// signed-in user, Amplify) in parallel, under a plain loading state. A chunk that fails to load
// reaches the route's error boundary and the chunk-load recovery (features/offline/app-update.ts).
import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteDef } from '../../features/routing/route-table';
import { loadAmplify } from '../../lib/amplify';

type PageProps = { def: RouteDef };

/** A lazy page whose chunk can be asked for before its route renders (see preload-page.ts). */
export type LazyPage = ComponentType<PageProps> & { preload(): void };

export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, needsAmplify = false): LazyPage {
  const Lazy = lazy(async () => {
    const [module] = await Promise.all([load(), needsAmplify ? loadAmplify() : undefined]);
    return { default: module[name] as ComponentType<PageProps> };
  });
  function Page(props: PageProps) {
    return (
      <Suspense fallback={<div className="page-chunk-loading" role="status" aria-live="polite">Loading…</div>}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Page.displayName = `Page(${name})`;
  // The chunk only: the module loader shares the request with the render's import; a failure
  // is left to that import (and its error boundary).
  Page.preload = () => void load().catch(() => undefined);
  return Page;
}
