import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { LGA_BUNDLE_QUERY_KEY, readLgaBundle } from '../../lga-data/bundle-store';
import { isInstalling, useInstallPhase } from '../../lga-data/install-state';
import { FORBES_BBOX, type Bbox } from '../geo';
import { boundaryIndex, nextCover, outlinesWithin } from '../lga-outlines';

/** The cover of the boundaries drawn: kept (same object) while the view stays inside it. */
function useCover(view: Bbox): Bbox {
  const cover = useRef<Bbox | null>(null);
  cover.current = nextCover(cover.current, view);
  return cover.current;
}

/**
 * The LGA bundle from IndexedDB: as a map source of the LGAs around `view` (lga-outlines.ts), the
 * home LGA flagged; every LGA's box (which LGAs a view needs); and the home LGA's box. Not ready
 * while the public map is still installing a missing bundle (its box is on the way).
 * `wanted` false leaves the bundle on the device for now (reading megabytes back from IndexedDB
 * takes the main thread while the closures are being drawn).
 */
export function useLgaBoundaries(homeLgaCode: string, wanted = true, view: Bbox | null = null) {
  const bundle = useQuery({ queryKey: LGA_BUNDLE_QUERY_KEY, queryFn: readLgaBundle, staleTime: Infinity, gcTime: Infinity, retry: false, enabled: wanted });
  const installing = isInstalling(useInstallPhase());
  const all = useMemo(() => (bundle.data ? boundaryIndex(bundle.data, homeLgaCode) : null), [bundle.data, homeLgaCode]);
  const homeBbox = all?.homeBbox ?? FORBES_BBOX;
  const cover = useCover(view ?? homeBbox);
  // A new source object only for a new bundle or cover, so the map re-sends boundaries only then.
  const source = useMemo(() => (all ? outlinesWithin(all.features, all.featureBoxes, cover) : null), [all, cover]);
  const ready = !!bundle.data || (bundle.isError && !installing);
  return useMemo(() => ({ source, boxes: all?.boxes ?? [], homeBbox, ready }), [source, all, homeBbox, ready]);
}
