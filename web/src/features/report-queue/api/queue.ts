// Incident reports that wait for a connection: a report is queued first, then sent; without a
// connection it stays queued ("waiting to send") and goes out when the connection returns (the
// `online` event, the service worker's Background Sync, or the next start of the app). Every
// attempt reuses the report's idempotency key, so a send that was cut off is never doubled.
import { ApiError } from '../../../lib/api';
import { newActionKey } from '../../../lib/keyed-write';
import { submitReport, uploadPhoto, type Report, type ReportInput } from '../../reports/api/reports';
import { queueStore, type QueuedReport } from './store';

export type QueueState = 'waiting' | 'sending' | 'failed' | 'sent';
export interface QueueEntry extends QueuedReport {
  state: QueueState;
  /** The report as the server took it, once sent. */
  report?: Report;
}

/** The Background Sync tag the service worker wakes the app with. */
export const SYNC_TAG = 'send-queued-reports';

let owner: string | null = null;
let entries: QueueEntry[] = [];
const listeners = new Set<() => void>();
const sentListeners = new Set<(report: Report) => void>();

function publish(next: QueueEntry[]) {
  entries = next;
  listeners.forEach((listener) => listener());
}
function patch(key: string, change: Partial<QueueEntry>) {
  publish(entries.map((e) => (e.key === key ? { ...e, ...change } : e)));
}

export function getQueue(): QueueEntry[] {
  return entries;
}
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** Called with each report the queue delivers (to refresh the lists that show it). */
export function onReportSent(listener: (report: Report) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Loads the signed-in user's waiting reports (another user's stay put until they sign in). */
export async function loadQueue(uid: string | null): Promise<void> {
  owner = uid;
  if (!uid) return publish([]);
  const stored = await queueStore.all().catch(() => [] as QueuedReport[]);
  const sent = entries.filter((e) => e.state === 'sent' && e.uid === uid);
  publish([...sent, ...stored.filter((r) => r.uid === uid).map((r) => ({ ...r, state: (r.error ? 'failed' : 'waiting') as QueueState }))]);
}

/** Asks the service worker to wake the app for sending when the connection returns (where supported). */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // No worker or no Background Sync: the `online` event and the next start send the queue.
  }
}

/** Keeps a report (and its photos) for sending; returns its key. */
export async function queueReport(uid: string, input: QueuedReport['input'], photos: File[]): Promise<string> {
  const report: QueuedReport = {
    key: newActionKey(),
    uid,
    input,
    photos: photos.map((f) => ({ name: f.name, type: f.type, blob: f })),
    queuedAt: Date.now(),
  };
  await queueStore.put(report);
  publish([...entries, { ...report, state: 'waiting' }]);
  void requestBackgroundSync();
  return report.key;
}

async function send(entry: QueueEntry): Promise<Report> {
  const mediaIds: string[] = [];
  for (const [i, photo] of entry.photos.entries()) {
    if (!photo.mediaId) {
      // Each photo has its own key derived from the report's, so its upload slot is not doubled either.
      photo.mediaId = await uploadPhoto(new File([photo.blob], photo.name, { type: photo.type }), () => {}, `${entry.key}-photo-${i}`);
      await queueStore.put(stripState(entry));
    }
    mediaIds.push(photo.mediaId);
  }
  const input: ReportInput = { ...entry.input, mediaIds: mediaIds.length ? mediaIds : undefined };
  return submitReport(input, entry.key);
}

function stripState(entry: QueueEntry): QueuedReport {
  const { state: _state, report: _report, ...stored } = entry;
  return stored;
}

const retryable = (error: unknown) => (error instanceof ApiError && error.errorType === 'NetworkError') || !navigator.onLine;

let flushing: Promise<number> | null = null;
let again: Promise<number> | null = null;
/** Sends what waits, oldest first; stops at the first lost connection. Resolves to how many still wait. */
export function sendQueuedReports(): Promise<number> {
  // Asked again while sending (the connection came back meanwhile): go round once more afterwards.
  if (flushing) {
    again ??= flushing.catch(() => 0).then(() => {
      again = null;
      return sendQueuedReports();
    });
    return again;
  }
  const run = (async () => {
    for (;;) {
      const next = entries.find((e) => e.state === 'waiting' && e.uid === owner);
      if (!next || !navigator.onLine) break;
      patch(next.key, { state: 'sending' });
      try {
        const report = await send(next);
        await queueStore.remove(next.key);
        patch(next.key, { state: 'sent', report });
        sentListeners.forEach((listener) => listener(report));
      } catch (error) {
        if (retryable(error)) {
          patch(next.key, { state: 'waiting' });
          break;
        }
        const message = error instanceof Error ? error.message : String(error);
        await queueStore.put({ ...stripState(next), error: message }).catch(() => undefined);
        patch(next.key, { state: 'failed', error: message });
      }
    }
    return entries.filter((e) => e.state === 'waiting').length;
  })();
  // Cleared once settled (not inside the body: with nothing to send it finishes before this line).
  flushing = run;
  void run.finally(() => {
    if (flushing === run) flushing = null;
  }).catch(() => undefined);
  return run;
}

/** Drops a report from the queue (one the server refused, or one the user no longer wants sent). */
export async function removeQueued(key: string): Promise<void> {
  await queueStore.remove(key);
  publish(entries.filter((e) => e.key !== key));
}
