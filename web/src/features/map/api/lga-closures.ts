// The public map's closures from each LGA's map file (/feeds/{lga}/map.json): a CloudFront hit
// in AWS, the local web server's file locally, revalidated with its ETag. Written by the
// communications consumer on every closure change; changes in between come from the realtime
// subscription (useLiveClosures folds them into these lists).
import type { MapClosure } from './closure-fields';
import { withLiveChanges } from '../lga-files';
import { rememberClosures, replayClosuresInView, withOfflineFallback } from '../../offline/closure-snapshot';
import { takeEarlyMapFile } from './early-map-file';

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
      // The browser revalidates its copy with If-None-Match: an unchanged file is a 304. The first
      // read on /map takes the request the page started before the app loaded.
      const ask = () => fetch(lgaMapFileUrl(lgaCode), { headers: { accept: 'application/json' } });
      const response = await (takeEarlyMapFile(lgaCode)?.catch(ask) ?? ask());
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

