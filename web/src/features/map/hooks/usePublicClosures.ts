// The public map's and the embed's closures: read from the map files of the LGAs in view (a
// CloudFront hit each, no API call), or from the API's viewport query when the view spans more
// LGAs than files are worth or an LGA has no file. Starts at once, before the map or the LGA
// boundaries are ready: the home LGA's file is asked for on the first render.
import type * as GeoJSON from 'geojson';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MapClosure } from '../api/closure-fields';
import { fetchLgaClosures, lgaClosuresQueryKey } from '../api/lga-closures';
import { isShownOnMap } from '../closure-display';
import { bboxOfGeometry, type Bbox } from '../geo';
import { useClosuresInBounds } from './useClosuresInBounds';

const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identityOf(value: object): number {
  let id = identities.get(value);
  if (!id) identities.set(value, (id = nextIdentity++));
  return id;
}

/** More LGAs in view than this (a regional or state view) asks the API's viewport query. */
export const MAX_FILE_LGAS = 12;

export interface LgaBox {
  code: string;
  bbox: Bbox;
}

/** Each LGA's bounding box from the boundaries bundle (computed once per bundle). */
export function lgaBoxes(source: GeoJSON.FeatureCollection | null): LgaBox[] {
  if (!source) return [];
  return source.features.flatMap((f) => {
    const code = String(f.properties?.code ?? f.properties?.lga_code ?? '');
    const bbox = bboxOfGeometry(f.geometry);
    return code && bbox ? [{ code, bbox }] : [];
  });
}

const overlaps = (a: Bbox, b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** The LGAs whose box meets the view; before the bundle or the view are known, the home LGA. */
export function lgasInView(boxes: LgaBox[], bbox: Bbox | null, homeLgaCode: string): string[] {
  if (!bbox || boxes.length === 0) return [homeLgaCode];
  return boxes.filter((b) => overlaps(b.bbox, bbox)).map((b) => b.code);
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

export interface PublicClosures {
  data: MapClosure[] | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  /** Where the closures came from: the LGAs' files or the API (wide views, missing files). */
  source: 'files' | 'api';
}

/**
 * Closures of `lgaCodes` from their map files, limited to `bbox` when given. `bbox` is also what
 * the API is asked for when the files do not serve (too many LGAs, a file missing).
 */
export function usePublicClosures(lgaCodes: string[], bbox: Bbox | null): PublicClosures {
  const fromFiles = lgaCodes.length > 0 && lgaCodes.length <= MAX_FILE_LGAS;
  const files = useQueries({
    queries: (fromFiles ? lgaCodes : []).map((code) => ({
      queryKey: lgaClosuresQueryKey(code),
      queryFn: () => fetchLgaClosures(code),
      // The file is revalidated (ETag) when the page regains focus; live changes arrive meanwhile.
      staleTime: 15_000,
      retry: 1,
    })),
  });
  const filesFailed = files.some((q) => q.isError);
  const useApi = !fromFiles || filesFailed;
  const api = useClosuresInBounds(useApi ? bbox : null, false);
  const loaded = files.every((q) => q.data !== undefined);
  const fileData = files.map((q) => q.data);
  // The query cache hands out the same array until a file or a live change replaces it.
  const stamp = fileData.map((d) => (d ? identityOf(d) : 0)).join(',');
  const data = useMemo(
    () => (loaded ? closuresToShow(fileData.flatMap((d) => d ?? []), bbox, Math.floor(Date.now() / 1000)) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, bbox, stamp],
  );
  if (useApi) return { data: api.data, isLoading: api.isLoading || (!api.data && !bbox), isError: api.isError, error: api.error, source: 'api' };
  return { data, isLoading: !loaded, isError: false, error: null, source: 'files' };
}
