// The council boundaries this browser has installed (IndexedDB 'road-closures' / 'lga-data'):
// the import timestamp and how many councils, or nulls when nothing is installed yet.
import type { Page } from 'playwright-core';

export interface StoredLgaBundle {
  timestamp: number | null;
  features: number | null;
}

/** Evaluated as text: the test tsconfig has no DOM types. */
export async function readStoredLgaBundle(page: Page): Promise<StoredLgaBundle> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('road-closures');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('lga-data')) return resolve({ timestamp: null, features: null });
      const tx = db.transaction('lga-data');
      const timestamp = tx.objectStore('lga-data').get('timestamp');
      const bundle = tx.objectStore('lga-data').get('bundle');
      tx.oncomplete = () => resolve({ timestamp: timestamp.result ?? null, features: bundle.result ? bundle.result.features.length : null });
    };
  })`)) as StoredLgaBundle;
}
