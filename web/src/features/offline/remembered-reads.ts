// ★ Flood mode beyond the map: the few reads a person needs on a country road with no signal
// (who they are, the closures and councils they follow, a council's unsealed-roads status) are
// kept on the device after each successful read and answered from there while offline. The
// offline banner already says that what is on screen was saved on this device. A person's own
// reads are never replayed to anyone else, and go at sign-out (forget-device-data.ts).
import { offlineCopyOwner } from './copy-owner';
import { mayStore, offlineStore, readWithOfflineCopy } from './offline-read';

interface Remembered<T> {
  savedAt: number;
  /** The signed-in user the answer belongs to; null for public reads. */
  owner: string | null;
  value: T;
}

const keyOf = (name: string) => `read:${name}`;
const noNotice = () => undefined;

/**
 * Runs `read`; online its answer is kept under `name`, offline the kept answer is returned
 * instead of the network error, when it belongs to `owner` (null: a public read).
 */
export function rememberedRead<T>(name: string, owner: string | null, read: () => Promise<T>): Promise<T> {
  return readWithOfflineCopy(
    read,
    async (value) => {
      // A read that ends after its person signed out keeps nothing.
      if (!mayStore() || (owner !== null && owner !== offlineCopyOwner())) return;
      await offlineStore()
        .setMany({ [keyOf(name)]: { savedAt: Date.now(), owner, value } satisfies Remembered<T> })
        .catch(() => undefined); // No IndexedDB (private mode): online only.
    },
    async () => {
      const saved = await offlineStore().get<Remembered<T>>(keyOf(name));
      return saved && saved.owner === owner ? { value: saved.value, savedAt: saved.savedAt } : null;
    },
    noNotice,
  );
}
