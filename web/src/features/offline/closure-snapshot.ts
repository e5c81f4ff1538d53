// ★ Flood mode: the closures a device last loaded stay readable when the signal drops. Every
// successful map read is merged into an IndexedDB snapshot (by closure id, newest kept); when the
// network is gone, map reads and closure details are answered from it and the UI says "as of
// {time}". Nothing here decides what is closed: it only replays what the server last said.
import { useSyncExternalStore } from 'react';
import type { ClosureDetail, MapClosure } from '../map/api/closure-fields';
import type { Bbox } from '../map/geo';
import { openKeyValueStore, type KeyValueStore } from '../../lib/idb';

/** Enough for every closure of several councils; the oldest-updated are dropped beyond it. */
export const SNAPSHOT_LIMIT = 2000;

interface ClosureSnapshot {
  savedAt: number;
  closures: MapClosure[];
}

let store: KeyValueStore | null = null;
/** The device's offline copies (this snapshot and the remembered reads of remembered-reads.ts). */
export const offlineStore = () => (store ??= openKeyValueStore('road-closures-offline', 'snapshots'));
const kv = offlineStore;

/** True when a failed request is explained by having no connection (not by a server error). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

// The time of the snapshot the UI is currently showing, or null when it shows live data.
let servedAsOf: number | null = null;
const listeners = new Set<() => void>();
function setServedAsOf(value: number | null) {
  if (servedAsOf === value) return;
  servedAsOf = value;
  listeners.forEach((listener) => listener());
}

/** Merges freshly loaded closures into the snapshot (pure: exported for tests). */
export function mergeSnapshot(previous: MapClosure[], fresh: MapClosure[], limit = SNAPSHOT_LIMIT): MapClosure[] {
  const byId = new Map(previous.map((closure) => [closure.id, closure]));
  for (const closure of fresh) byId.set(closure.id, closure);
  return [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
}

/** Closures of the snapshot whose position or any region vertex lies in the view (pure). */
export function closuresInView(closures: MapClosure[], [west, south, east, north]: Bbox): MapClosure[] {
  const inside = (lng: number, lat: number) => lng >= west && lng <= east && lat >= south && lat <= north;
  return closures.filter((closure) => {
    if (!closure.active || closure.deletedAt || closure.archivedAt) return false;
    if (inside(closure.position.lng, closure.position.lat)) return true;
    return closure.regions.some((region) => {
      try {
        const line = (typeof region.geometry === 'string' ? JSON.parse(region.geometry) : region.geometry) as { coordinates: [number, number][] };
        return line.coordinates.some(([lng, lat]) => inside(lng, lat));
      } catch {
        return false;
      }
    });
  });
}

/** The embedded map on a council's site stores nothing on its visitors' devices. */
export const mayStore = () => typeof window !== 'undefined' && !window.location.pathname.startsWith('/lga-embed');

export async function rememberClosures(fresh: MapClosure[]): Promise<void> {
  if (!mayStore()) return;
  try {
    const previous = (await kv().get<ClosureSnapshot>('closures'))?.closures ?? [];
    await kv().setMany({ closures: { savedAt: Date.now(), closures: mergeSnapshot(previous, fresh) } satisfies ClosureSnapshot });
  } catch {
    // No IndexedDB (private mode): the app works online, just without the offline copy.
  }
}

export async function rememberClosureDetail(detail: ClosureDetail): Promise<void> {
  if (!mayStore()) return;
  try {
    await kv().setMany({ [`closure:${detail.id}`]: { savedAt: Date.now(), detail } });
  } catch {
    // As above.
  }
}

/**
 * Runs a network read; on success the result is remembered, and when the device is offline the
 * remembered answer is returned instead of the error. `served` hears the time of the copy shown
 * (null for a live answer): by default the map's "Offline copy: closures as of" notice.
 */
export async function withOfflineFallback<T>(
  read: () => Promise<T>,
  remember: (value: T) => Promise<void>,
  replay: () => Promise<{ value: T; savedAt: number } | null>,
  served: (asOf: number | null) => void = setServedAsOf,
): Promise<T> {
  if (isOffline()) {
    // Known to be offline: answer at once rather than wait for the client's network retries.
    const saved = await replay().catch(() => null);
    if (saved) {
      served(saved.savedAt);
      return saved.value;
    }
  }
  try {
    const value = await read();
    served(null);
    void remember(value);
    return value;
  } catch (error) {
    if (!isOffline()) throw error;
    const saved = await replay().catch(() => null);
    if (!saved) throw error;
    served(saved.savedAt);
    return saved.value;
  }
}

export async function replayClosuresInView(bbox: Bbox): Promise<{ value: MapClosure[]; savedAt: number } | null> {
  const snapshot = await kv().get<ClosureSnapshot>('closures');
  return snapshot ? { value: closuresInView(snapshot.closures, bbox), savedAt: snapshot.savedAt } : null;
}

export async function replayClosureDetail(id: string): Promise<{ value: ClosureDetail | null; savedAt: number } | null> {
  const saved = await kv().get<{ savedAt: number; detail: ClosureDetail }>(`closure:${id}`);
  if (saved) return { value: saved.detail, savedAt: saved.savedAt };
  // A closure seen on the map but never opened: its map fields, without photos.
  const snapshot = await kv().get<ClosureSnapshot>('closures');
  const closure = snapshot?.closures.find((c) => c.id === id);
  return closure && snapshot ? { value: { ...closure, media: [] }, savedAt: snapshot.savedAt } : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The time of the offline copy on screen, or null when the data is live. */
export function useServedAsOf(): number | null {
  return useSyncExternalStore(subscribe, () => servedAsOf, () => servedAsOf);
}
