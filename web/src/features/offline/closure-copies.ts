// The details of closures opened on this device (with their photos), kept for offline reading
// by the person who opened them. Loaded when a closure is opened, not with the map's first paint.
import type { ClosureDetail } from '../map/api/closure-fields';
import type { ClosureSnapshot } from './closure-snapshot';
import { offlineCopyOwner } from './copy-owner';
import { mayStore, offlineStore } from './offline-read';

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

export async function replayClosureDetail(id: string): Promise<{ value: ClosureDetail | null; savedAt: number } | null> {
  const saved = await offlineStore().get<ClosureCopy>(copyKey(id));
  // A copy without an owner (an older build's) counts as someone else's.
  if (saved && (saved.owner === null || saved.owner === offlineCopyOwner())) return { value: saved.detail, savedAt: saved.savedAt };
  // A closure seen on the map but never opened: its map fields, without photos.
  const snapshot = await offlineStore().get<ClosureSnapshot>('closures');
  const closure = snapshot?.closures.find((c) => c.id === id);
  return closure && snapshot ? { value: { ...closure, media: [] }, savedAt: snapshot.savedAt } : null;
}
