// Pure rules of the public map's per-LGA map files: which LGAs a view needs, what of a file the
// map shows at a given time, and live changes laid over a file an edge may still serve.
import type { MapClosure } from './api/closure-fields';
import { mergeClosureIntoLgaFile } from './api/cache-merge';
import { isShownOnMap } from './closure-display';
import { bboxesMeet, type Bbox } from './geo';
import type { LgaBox } from './lga-outlines';

/** More LGAs in view than this (a regional or state view) asks the API's viewport query. */
export const MAX_FILE_LGAS = 12;

/** The LGAs whose box meets the view; before the bundle or the view are known, the home LGA. */
export function lgasInView(boxes: LgaBox[], bbox: Bbox | null, homeLgaCode: string): string[] {
  if (!bbox || boxes.length === 0) return [homeLgaCode];
  return boxes.filter((b) => bboxesMeet(b.bbox, bbox)).map((b) => b.code);
}

function touchesView(closure: MapClosure, [west, south, east, north]: Bbox): boolean {
  const inside = ([lng, lat]: number[]) => lng >= west && lng <= east && lat >= south && lat <= north;
  if (inside([closure.position.lng, closure.position.lat])) return true;
  return closure.regions.some((region) => {
    try {
      const line = (typeof region.geometry === 'string' ? JSON.parse(region.geometry) : region.geometry) as { coordinates: number[][] };
      return line.coordinates.some(inside);
    } catch {
      return false;
    }
  });
}

/**
 * What the public map shows of the files' closures: shown on a map at this time (scheduled ones
 * only once started, reopened ones for 24 hours) and, when a view is given, touching it.
 */
export function closuresToShow(closures: MapClosure[], bbox: Bbox | null, nowSeconds: number): MapClosure[] {
  return closures
    .filter((c) => isShownOnMap(c, nowSeconds) && !(c.scheduledFor != null && c.scheduledFor > nowSeconds))
    .filter((c) => !bbox || touchesView(c, bbox))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** An edge may serve a file up to a minute old: live changes seen since are laid over it. */
const LIVE_CHANGE_KEEP_MS = 2 * 60_000;
const liveChanges = new Map<string, { closure: MapClosure; at: number }>();

/** Remembers a change from the realtime subscription (or our own mutation) for the next file read. */
export function rememberLiveChange(closure: MapClosure, now = Date.now()): void {
  liveChanges.set(closure.id, { closure, at: now });
  for (const [id, change] of liveChanges) if (now - change.at > LIVE_CHANGE_KEEP_MS) liveChanges.delete(id);
}

/** The file's closures with the newer live changes of its LGA applied. */
export function withLiveChanges(closures: MapClosure[], lgaCode: string): MapClosure[] {
  let out = closures;
  for (const { closure } of liveChanges.values()) out = mergeClosureIntoLgaFile(out, closure, lgaCode) ?? out;
  return out;
}
