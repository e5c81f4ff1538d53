// The council boundaries this browser has installed (IndexedDB 'road-closures' / 'lga-data'):
// the import timestamp and how many councils, or nulls when nothing is installed yet. Reading
// never creates the database, and closes its connection, so the app's own open is not disturbed.
import type { Page } from 'playwright-core';

export interface StoredLgaBundle {
  timestamp: number | null;
  features: number | null;
}

/** Evaluated as text: the test tsconfig has no DOM types. */
export async function readStoredLgaBundle(page: Page): Promise<StoredLgaBundle> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const none = { timestamp: null, features: null };
    const open = indexedDB.open('road-closures');
    // Not there yet: never create it (the app's own open would then find no store to upgrade).
    open.onupgradeneeded = () => open.transaction.abort();
    open.onerror = () => resolve(none);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('lga-data')) {
        db.close();
        return resolve(none);
      }
      const tx = db.transaction('lga-data');
      const timestamp = tx.objectStore('lga-data').get('timestamp');
      const bundle = tx.objectStore('lga-data').get('bundle');
      tx.oncomplete = () => {
        db.close();
        resolve({ timestamp: timestamp.result ?? null, features: bundle.result ? bundle.result.features.length : null });
      };
      tx.onerror = () => reject(tx.error);
    };
  })`)) as StoredLgaBundle;
}
