// A minimal promise wrapper over IndexedDB: one database, key-value stores, no extra package.

export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  setMany(entries: Record<string, unknown>): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
  /** Empties the store (every key, including ones an older build wrote). */
  clear(): Promise<void>;
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export function openKeyValueStore(dbName: string, storeName: string): KeyValueStore {
  let dbPromise: Promise<IDBDatabase> | null = null;
  // Opens the database at its current version (a new one at 1, creating the store). A database
  // that exists without this store (made by another opener: an older build, a test) gets it in an
  // upgrade to the next version; otherwise it would stay unusable on this device for good.
  const open = (version?: number) =>
    new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new Error('This browser does not offer IndexedDB (private mode may disable it)'));
        return;
      }
      const request = version === undefined ? indexedDB.open(dbName) : indexedDB.open(dbName, version);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
      };
      request.onsuccess = () => {
        const opened = request.result;
        // Another tab upgrading the database must not be blocked by this connection.
        opened.onversionchange = () => {
          opened.close();
          dbPromise = null;
        };
        if (opened.objectStoreNames.contains(storeName)) return resolve(opened);
        opened.close();
        open(opened.version + 1).then(resolve, reject);
      };
      request.onerror = () => reject(request.error ?? new Error('Could not open IndexedDB'));
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab of this app'));
    });
  const db = () => {
    dbPromise ??= open().catch((err) => {
      dbPromise = null;
      throw err;
    });
    return dbPromise;
  };

  return {
    async get<T>(key: string) {
      const tx = (await db()).transaction(storeName, 'readonly');
      return (await promisify(tx.objectStore(storeName).get(key))) as T | undefined;
    },
    async setMany(entries) {
      const tx = (await db()).transaction(storeName, 'readwrite');
      const store = tx.objectStore(storeName);
      for (const [key, value] of Object.entries(entries)) store.put(value, key);
      await done(tx);
    },
    async deleteMany(keys) {
      const tx = (await db()).transaction(storeName, 'readwrite');
      const store = tx.objectStore(storeName);
      for (const key of keys) store.delete(key);
      await done(tx);
    },
    async clear() {
      const tx = (await db()).transaction(storeName, 'readwrite');
      tx.objectStore(storeName).clear();
      await done(tx);
    },
  };
}
