// ★ Flood mode: the closures a device last loaded stay readable when the signal drops. Every
// successful map read is merged into an IndexedDB snapshot (by closure id, newest kept); when the
// network is gone, map reads and closure details are answered from it and the UI says "as of
// {time}". Nothing here decides what is closed: it only replays what the server last said.
import { useSyncExternalStore } from 'react';
import type { ClosureDetail, MapClosure } from '../map/api/closure-fields';
import type { Bbox } from '../map/geo';
import { offlineCopyOwner } from './copy-owner';
import { mayStore, offlineStore, readWithOfflineCopy } from './offline-read';

/** Enough for every closure of several councils; the oldest-updated are dropped beyond it. */
export const SNAPSHOT_LIMIT = 2000;

interface ClosureSnapshot {
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

/** Closures opened on this device whose details (with photos) stay readable offline. */
export const CLOSURE_COPY_LIMIT = 50;
const COPIES_INDEX = 'closure-copies';
const copyKey = (id: string) => `closure:${id}`;

interface ClosureCopy {
  savedAt: number;
  /** Who read it: a signed-in reader's copy is shown offline to them only; null for anyone. */
  owner: string | null;
  detail: ClosureDetail;
}

/** The newest `limit` ids first, `id` at the front (pure: exported for tests). */
export function touchCopies(ids: string[], id: string, limit = CLOSURE_COPY_LIMIT): { kept: string[]; dropped: string[] } {
  const order = [id, ...ids.filter((other) => other !== id)];
  return { kept: order.slice(0, limit), dropped: order.slice(limit) };
}

/**
 * Keeps the detail for offline reading, at most CLOSURE_COPY_LIMIT of them (the least recently
 * opened go first). A deleted closure (which only staff can open) is not kept, and its copy goes.
 */
export async function rememberClosureDetail(detail: ClosureDetail, owner: string | null = offlineCopyOwner()): Promise<void> {
  // `owner`: who was signed in when the read started; a read that outlived its session keeps nothing.
  if (!mayStore() || owner !== offlineCopyOwner()) return;
  try {
    const ids = (await offlineStore().get<string[]>(COPIES_INDEX)) ?? [];
    if (detail.deletedAt) {
      await offlineStore().setMany({ [COPIES_INDEX]: ids.filter((id) => id !== detail.id) });
      await offlineStore().deleteMany([copyKey(detail.id)]);
      return;
    }
    const { kept, dropped } = touchCopies(ids, detail.id);
    await offlineStore().setMany({ [copyKey(detail.id)]: { savedAt: Date.now(), owner, detail } satisfies ClosureCopy, [COPIES_INDEX]: kept });
    if (dropped.length) await offlineStore().deleteMany(dropped.map(copyKey));
  } catch {
    // As above.
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

export async function replayClosureDetail(id: string): Promise<{ value: ClosureDetail | null; savedAt: number } | null> {
  const saved = await offlineStore().get<ClosureCopy>(copyKey(id));
  // A copy without an owner (an older build's) counts as someone else's.
  if (saved && (saved.owner === null || saved.owner === offlineCopyOwner())) return { value: saved.detail, savedAt: saved.savedAt };
  // A closure seen on the map but never opened: its map fields, without photos.
  const snapshot = await offlineStore().get<ClosureSnapshot>('closures');
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
