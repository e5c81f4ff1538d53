// ★ Flood mode: the closures a device last loaded stay readable when the signal drops. Every
// successful map read is merged into an IndexedDB snapshot (by closure id, newest kept); when the
// network is gone, map reads and closure details are answered from it and the UI says "as of
// {time}". Nothing here decides what is closed: it only replays what the server last said.
import { useSyncExternalStore } from 'react';
import type { MapClosure } from '../map/api/closure-fields';
import type { Bbox } from '../map/geo';
import { mayStore, offlineStore, readWithOfflineCopy } from './offline-read';

/** Enough for every closure of several councils; the oldest-updated are dropped beyond it. */
export const SNAPSHOT_LIMIT = 2000;

export interface ClosureSnapshot {
  savedAt: number;
  closures: MapClosure[];
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


export async function rememberClosures(fresh: MapClosure[]): Promise<void> {
  if (!mayStore()) return;
  try {
    const previous = (await offlineStore().get<ClosureSnapshot>('closures'))?.closures ?? [];
    await offlineStore().setMany({ closures: { savedAt: Date.now(), closures: mergeSnapshot(previous, fresh) } satisfies ClosureSnapshot });
  } catch {
    // No IndexedDB (private mode): the app works online, just without the offline copy.
  }
}

/** A map read with its offline copy; a copy shown publishes its time for the "as of" notice. */
export function withOfflineFallback<T>(
  read: () => Promise<T>,
  remember: (value: T) => Promise<void>,
  replay: () => Promise<{ value: T; savedAt: number } | null>,
): Promise<T> {
  return readWithOfflineCopy(read, remember, replay, setServedAsOf);
}

export async function replayClosuresInView(bbox: Bbox): Promise<{ value: MapClosure[]; savedAt: number } | null> {
  const snapshot = await offlineStore().get<ClosureSnapshot>('closures');
  return snapshot ? { value: closuresInView(snapshot.closures, bbox), savedAt: snapshot.savedAt } : null;
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
