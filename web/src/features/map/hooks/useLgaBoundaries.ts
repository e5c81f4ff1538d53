import type * as GeoJSON from 'geojson';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { readLgaBundle } from '../../lga-data/bundle-store';
import { bboxOfGeometry, FORBES_BBOX, type Bbox } from '../geo';

/** The LGA bundle from IndexedDB as a map source, the home LGA flagged, plus the home LGA's bbox. */
export function useLgaBoundaries(homeLgaCode: string) {
  const bundle = useQuery({ queryKey: ['lga-bundle'], queryFn: readLgaBundle, staleTime: Infinity, gcTime: Infinity, retry: false });
  return useMemo(() => {
    if (!bundle.data) return { ready: bundle.isError, source: null, homeBbox: FORBES_BBOX as Bbox };
    let homeBbox: Bbox | null = null;
    const features = bundle.data.features.map((f) => {
      const home = String(f.properties?.code ?? f.properties?.lga_code ?? '') === homeLgaCode;
      if (home) homeBbox = bboxOfGeometry(f.geometry);
      return { type: 'Feature' as const, properties: { ...f.properties, home }, geometry: f.geometry as GeoJSON.Geometry };
    });
    return {
      ready: true,
      source: { type: 'FeatureCollection', features } as GeoJSON.FeatureCollection,
      homeBbox: homeBbox ?? FORBES_BBOX,
    };
  }, [bundle.data, bundle.isError, homeLgaCode]);
}
