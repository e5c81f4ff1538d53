// The device's offline copies and the read that falls back to them (flood mode). Kept apart from
// the map's closure snapshot so that the signed-in reads (remembered-reads.ts) do not carry it.
import { openKeyValueStore, type KeyValueStore } from '../../lib/idb';

let store: KeyValueStore | null = null;
/** One store for the map's snapshot (closure-snapshot.ts) and the remembered reads. */
export const offlineStore = () => (store ??= openKeyValueStore('road-closures-offline', 'snapshots'));

/** True when a failed request is explained by having no connection (not by a server error). */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The embedded map on a council's site stores nothing on its visitors' devices. */
export const mayStore = () => typeof window !== 'undefined' && !window.location.pathname.startsWith('/lga-embed');

/**
 * Runs a network read; on success the result is remembered, and when the device is offline the
 * remembered answer is returned instead of the error. `served` hears the time of the copy shown
 * (null for a live answer).
 */
export async function readWithOfflineCopy<T>(
  read: () => Promise<T>,
  remember: (value: T) => Promise<void>,
  replay: () => Promise<{ value: T; savedAt: number } | null>,
  served: (asOf: number | null) => void,
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
