// Where incident reports written without a connection wait (IndexedDB, so they survive a closed
// tab or a flat phone): the report, its photos as files, and the idempotency key it is sent with.
import type { LatLng } from '../../reports/api/reports';

export interface QueuedPhoto {
  name: string;
  type: string;
  blob: Blob;
  /** Set once the photo is uploaded, so a later attempt does not upload it again. */
  mediaId?: string;
}

export interface QueuedReport {
  /** The idempotency key of this report: every attempt to send it uses the same one. */
  key: string;
  /** The signed-in user who wrote it: only they send it. */
  uid: string;
  input: { type: string; description?: string; position: LatLng };
  photos: QueuedPhoto[];
  queuedAt: number;
  /** The server's refusal, when it will not take the report as it is. */
  error?: string;
}

const DB_NAME = 'road-closures-report-queue';
const STORE = 'reports';

let dbPromise: Promise<IDBDatabase> | null = null;
function db(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('This browser cannot keep reports offline'));
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open the report queue'));
  }).catch((error) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const tx = (await db()).transaction(STORE, mode);
  const request = work(tx.objectStore(STORE));
  return new Promise<T>((resolve, reject) => {
    tx.oncomplete = () => resolve(request.result);
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('The report queue could not be updated'));
  });
}

export const queueStore = {
  all: () => run<QueuedReport[]>('readonly', (s) => s.getAll() as IDBRequest<QueuedReport[]>),
  put: (report: QueuedReport) => run('readwrite', (s) => s.put(report)).then(() => undefined),
  remove: (key: string) => run('readwrite', (s) => s.delete(key)).then(() => undefined),
  /** Every queued report of every user: on sign-out nothing of theirs stays on the device. */
  clear: () => run('readwrite', (s) => s.clear()).then(() => undefined),
};
