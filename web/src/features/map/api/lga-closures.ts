// The public map's closures from each LGA's map file (/feeds/{lga}/map.json): a CloudFront hit
// in AWS, the local web server's file locally, revalidated with its ETag. Written by the
// communications consumer on every closure change; changes in between come from the realtime
// subscription (useLiveClosures folds them into these lists).
import type { MapClosure } from './closure-fields';
import { mergeClosureIntoLgaFile } from './cache-merge';
import { rememberClosures, replayClosuresInView, withOfflineFallback } from '../../offline/closure-snapshot';

export const lgaClosuresQueryKey = (lgaCode: string) => ['closures', 'lga-file', lgaCode] as const;

export const lgaMapFileUrl = (lgaCode: string) => `/feeds/${encodeURIComponent(lgaCode)}/map.json`;

interface MapFile {
  lgaCode: string;
  closures: MapClosure[];
}

const isMapFile = (value: unknown, lgaCode: string): value is MapFile =>
  !!value && typeof value === 'object' && (value as MapFile).lgaCode === lgaCode && Array.isArray((value as MapFile).closures);

/**
 * Every closure the LGA's map may show (the map filters by time and view). Throws when the LGA
 * has no file (the map then asks the API instead), and offline answers from the device's snapshot.
 */
export async function fetchLgaClosures(lgaCode: string): Promise<MapClosure[]> {
  return withOfflineFallback(
    async () => {
      // The browser revalidates its copy with If-None-Match: an unchanged file is a 304.
      const response = await fetch(lgaMapFileUrl(lgaCode), { headers: { accept: 'application/json' } });
      const body: unknown = response.ok && (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : null;
      if (!isMapFile(body, lgaCode)) throw new Error(`No closures file for LGA ${lgaCode}`);
      return withLiveChanges(body.closures, lgaCode);
    },
    rememberClosures,
    async () => {
      const saved = await replayClosuresInView([-180, -90, 180, 90]);
      return saved && { ...saved, value: saved.value.filter((c) => c.lgaCode === lgaCode) };
    },
  );
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
