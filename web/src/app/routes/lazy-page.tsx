// A page loaded on first visit: its chunk (and, for pages that sign in or call the API as a
// signed-in user, Amplify) in parallel, under a plain loading state. A chunk that fails to load
// reaches the route's error boundary and the chunk-load recovery (features/offline/app-update.ts).
import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteDef } from '../../features/routing/route-table';
import { loadAmplify } from '../../lib/amplify';

type PageProps = { def: RouteDef };

/** A lazy page whose chunk can be asked for before its route renders (see preload-page.ts). */
export type LazyPage = ComponentType<PageProps> & { preload(): Promise<void> };

export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, needsAmplify = false): LazyPage {
  type Loaded = { default: ComponentType<PageProps> };
  let loaded: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;
  const loadPage = (): Promise<Loaded> =>
    (loading ??= Promise.all([load(), needsAmplify ? loadAmplify() : undefined])
      .then(([module]) => {
        // Vite hands back no module when a preload failed and its preloadError was taken over
        // (features/offline/app-update.ts): that is a chunk that did not load.
        if (!module) throw Object.assign(new Error(`${name} did not load`), { name: 'ChunkLoadError' });
        return (loaded = { default: module[name] as ComponentType<PageProps> });
      })
      .catch((error: unknown) => {
        loading = null;
        throw error;
      }));
  const settledThenable = (value: Loaded) => ({ then: (resolve: (m: Loaded) => void) => resolve(value) }) as unknown as Promise<Loaded>;
  // A page already loaded (preload-page.ts asks for it as the app starts) is handed to React at
  // once, as a thenable that resolves synchronously: React then renders it in the same pass
  // instead of showing the fallback and revealing the page up to 300 ms later (its Suspense
  // throttle), which was most of the public map's wait between the app shell and the list.
  const Lazy = lazy(() => (loaded ? settledThenable(loaded) : loadPage()));
  function Page(props: PageProps) {
    return (
      <Suspense fallback={<div className="page-chunk-loading" role="status" aria-live="polite">Loading…</div>}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Page.displayName = `Page(${name})`;
  // The render shares this request; a failure is left to the render's import (and its error
  // boundary), which asks again.
  Page.preload = () => loadPage().then(
    () => undefined,
    () => undefined,
  );
  return Page;
}
