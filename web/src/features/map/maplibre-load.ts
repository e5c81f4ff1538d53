// MapLibre (most of the map's weight: loaded with the map, not with the app shell) and its worker,
// started once, by the first map mounted (after the page's first screen: MapPreview draws the
// closures until MapLibre has).
// The bundler moves maplibre's code away from its worker file, so the worker's URL is given explicitly.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { importWithTimeout } from '../offline/app-update';

let loading: Promise<typeof import('maplibre-gl')> | null = null;

/** A chunk that fails or times out shows "The app was updated — reload" (app-update.ts). */
export function loadMapLibre(): Promise<typeof import('maplibre-gl')> {
  loading ??= importWithTimeout(() => import('maplibre-gl')).then((maplibre) => {
    maplibre.setWorkerUrl(workerUrl);
    // The worker boots (its code is as big as the main chunk) while the map is being created.
    maplibre.prewarm();
    return maplibre;
  });
  return loading;
}

type RequestHook = (url: string) => { url: string };

/**
 * MapLibre's transformRequest, which notes a first visit's base-map URLs for the offline cache
 * (offline/first-visit-cache.ts). Loaded beside MapLibre, so the page's first screen does not carry it.
 */
export function loadMapRequestHook(): Promise<RequestHook> {
  return import('../offline/first-visit-cache').then(({ noteMapRequest }) => noteMapRequest, () => (url: string) => ({ url }));
}
