// Keeps the installed app current: registers the service worker, offers "A new version is
// available — Reload" when a new deployment's worker is waiting, and turns a failed lazy chunk
// (an old page asking for a file the new deployment no longer has) into "The app was updated —
// reload" instead of a blank page (spec §8 ChunkLoadError / CSS_CHUNK_LOAD_FAILED, §9 120 s).
import { useSyncExternalStore } from 'react';

export type UpdateState = 'current' | 'update-available' | 'chunk-failed';

/** Spec §9: a lazy chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const listeners = new Set<() => void>();
let state: UpdateState = 'current';
let applyUpdate: (() => Promise<void>) | null = null;

function set(next: UpdateState) {
  // A failed chunk needs a reload whatever else is pending.
  if (state === 'chunk-failed') return;
  state = next;
  listeners.forEach((listener) => listener());
}

const CHUNK_ERROR = /ChunkLoadError|CSS_CHUNK_LOAD_FAILED|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const text = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : JSON.stringify(error);
  return CHUNK_ERROR.test(text);
}

export function reportChunkLoadFailure(): void {
  set('chunk-failed');
}

/** A dynamic import that fails as a ChunkLoadError when it takes longer than the spec allows. */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`Loading chunk timed out after ${timeoutMs / 1000} s`);
      error.name = 'ChunkLoadError';
      reportChunkLoadFailure();
      reject(error);
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (isChunkLoadError(error)) reportChunkLoadFailure();
        reject(error);
      },
    );
  });
}

/** Reloads onto the new version: activates a waiting worker first when there is one. */
export async function reloadToUpdate(): Promise<void> {
  if (state === 'update-available' && applyUpdate) await applyUpdate();
  else window.location.reload();
}

let installed = false;
export function installAppUpdates(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  // Vite fires this when a preload of a lazy chunk or its CSS fails.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reportChunkLoadFailure();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reportChunkLoadFailure();
  });
  // The embedded map on a council's site stores nothing, so it installs no worker either.
  if (!('serviceWorker' in navigator) || window.location.pathname.startsWith('/lga-embed')) return;
  void Promise.all([import('virtual:pwa-register'), import('./first-visit-cache')]).then(([{ registerSW }, { startFirstVisitBaseMap }]) => {
    // Before the worker registers: a first visit's base map reaches its cache once it takes charge.
    startFirstVisitBaseMap();
    const update = registerSW({
      immediate: true,
      onNeedRefresh: () => set('update-available'),
    });
    applyUpdate = async () => {
      // workbox-window reloads once the new worker takes charge only if a worker already controlled
      // the page when it registered: a first visit's tab still open at the next deployment would
      // keep its old code after "Reload". One reload either way (a second call is the same one).
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      await update(true);
    };
  });
}

export function getUpdateState(): UpdateState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(subscribe, getUpdateState, getUpdateState);
}
