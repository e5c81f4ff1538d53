import type * as GeoJSON from 'geojson';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LGA_BUNDLE_QUERY_KEY, readLgaBundle } from '../../lga-data/bundle-store';
import { isInstalling, useInstallPhase } from '../../lga-data/install-state';
import { bboxOfGeometry, FORBES_BBOX, type Bbox } from '../geo';

/**
 * The LGA bundle from IndexedDB as a map source, the home LGA flagged, plus the home LGA's bbox.
 * Not ready while the public map is still installing a missing bundle (its box is on the way).
 * `wanted` false leaves the bundle on the device for now (reading megabytes back from IndexedDB
 * takes the main thread while the closures are being drawn).
 */
export function useLgaBoundaries(homeLgaCode: string, wanted = true) {
  const bundle = useQuery({ queryKey: LGA_BUNDLE_QUERY_KEY, queryFn: readLgaBundle, staleTime: Infinity, gcTime: Infinity, retry: false, enabled: wanted });
  const installing = isInstalling(useInstallPhase());
  const drawn = useMemo(() => {
    if (!bundle.data) return { source: null, homeBbox: FORBES_BBOX as Bbox };
    let homeBbox: Bbox | null = null;
    const features = bundle.data.features.map((f) => {
      const home = String(f.properties?.code ?? f.properties?.lga_code ?? '') === homeLgaCode;
      if (home) homeBbox = bboxOfGeometry(f.geometry);
      return { type: 'Feature' as const, properties: { ...f.properties, home }, geometry: f.geometry as GeoJSON.Geometry };
    });
    return {
      source: { type: 'FeatureCollection', features } as GeoJSON.FeatureCollection,
      homeBbox: homeBbox ?? FORBES_BBOX,
    };
  }, [bundle.data, homeLgaCode]);
  // The memo above keeps the source's identity, so the map re-sends megabytes only on a new bundle.
  const ready = !!bundle.data || (bundle.isError && !installing);
  return useMemo(() => ({ ...drawn, ready }), [drawn, ready]);
}
