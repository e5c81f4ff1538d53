// Folding one changed closure (from the subscription or our own mutation) into the cached
// viewport lists, so the map updates without refetching.
import { containsPoint, type Bbox } from '../geo';
import { isShownOnMap } from '../closure-display';
import type { MapClosure } from './closure-fields';

export function mergeClosureIntoList(
  list: MapClosure[] | undefined,
  changed: MapClosure,
  query: { bbox: Bbox; includeScheduled: boolean },
  nowSeconds: number,
): MapClosure[] | undefined {
  if (!list) return list;
  const without = list.filter((c) => c.id !== changed.id);
  const belongs =
    isShownOnMap(changed, nowSeconds) &&
    (query.includeScheduled || !(changed.scheduledFor != null && changed.scheduledFor > nowSeconds)) &&
    (containsPoint(query.bbox, changed.position) || without.length !== list.length);
  if (!belongs) return without.length === list.length ? list : without;
  const previous = list.find((c) => c.id === changed.id);
  // A mutation from elsewhere may select fewer fields: keep what we knew for the ones it left out.
  const merged = { ...previous, ...Object.fromEntries(Object.entries(changed).filter(([, v]) => v !== undefined)) } as MapClosure;
  return [merged, ...without];
}

/**
 * Folds one changed closure into an LGA file's list: every closure of the LGA is kept whatever
 * its state (the map filters by state and time), so a change only replaces or adds.
 */
export function mergeClosureIntoLgaFile(list: MapClosure[] | undefined, changed: MapClosure, lgaCode: string): MapClosure[] | undefined {
  if (!list || changed.lgaCode !== lgaCode) return list;
  const previous = list.find((c) => c.id === changed.id);
  // An older change (a replayed event) never overwrites a newer file.
  if (previous && previous.updatedAt > changed.updatedAt) return list;
  const merged = { ...previous, ...Object.fromEntries(Object.entries(changed).filter(([, v]) => v !== undefined)) } as MapClosure;
  return [merged, ...list.filter((c) => c.id !== changed.id)];
}
