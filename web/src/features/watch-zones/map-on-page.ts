// The map the page shows, for the watch-zone tool to draw on. MapView keeps it on its canvas
// element (web/src/features/map/components/MapView.tsx): handing it down as a prop would cost the
// public map's first load, which this tool, loaded only when chosen, must not.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';

const CHECK_MS = 500;

function mapOnPage(): MapLibreMap | null {
  const canvas = document.querySelector('.map-view__canvas') as (HTMLElement & { __map?: MapLibreMap }) | null;
  return canvas?.__map ?? null;
}

/** The page's map; a map made again (a route fitted) or made later is picked up. */
export function useMapOnPage(): MapLibreMap | null {
  const [map, setMap] = useState(mapOnPage);
  useEffect(() => {
    const timer = setInterval(() => setMap((current) => {
      const now = mapOnPage();
      return now === current ? current : now;
    }), CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return map;
}
