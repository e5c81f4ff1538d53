import { PageHeader } from '../../components/PageHeader';
import type { RouteDef } from '../routing/route-table';
import { useAuth } from '../auth/auth-provider';
import { DirectionsExplorer } from '../directions/components/DirectionsExplorer';
import { FALLBACK_LGA } from '../map/geo';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { MapViewport } from '../map/components/MapView';
import { rememberMapLga } from '../map/api/early-map-file';

// The bar above the map (unsealed-roads banners, "Subscribe to {LGA}") follows the map's centre,
// so it loads beside the map rather than before the closures list.
const MapLgaBar = lazy(() => import('./MapLgaBar').then((m) => ({ default: m.MapLgaBar })));
// The council boundaries (megabytes) are installed beside the closures, not before them.
const LgaDataBackground = lazy(() => import('../lga-data/components/LgaDataBackground').then((m) => ({ default: m.LgaDataBackground })));

/** The latest the boundaries wait for the map's first view (a map that never loads, no WebGL). */
const BOUNDARIES_AFTER_MS = 4000;

/** /map: everyone's view of active closures, with directions around them. */
export function PublicMapPage({ def }: { def: RouteDef }) {
  const { me, status } = useAuth();
  const home = me?.lgaCode ?? FALLBACK_LGA;
  // The next visit starts this council's closures file before the app has loaded.
  useEffect(() => {
    if (status !== 'loading') rememberMapLga(home);
  }, [status, home]);
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  // The default council's map opens without the boundaries, so they wait until it has drawn; any
  // other council's map needs its box from them and asks at once.
  const [boundariesWanted, setBoundariesWanted] = useState(false);
  useEffect(() => {
    if (boundariesWanted) return;
    if (viewport || home !== FALLBACK_LGA) return setBoundariesWanted(true);
    const timer = setTimeout(() => setBoundariesWanted(true), BOUNDARIES_AFTER_MS);
    return () => clearTimeout(timer);
  }, [boundariesWanted, viewport, home]);
  return (
    <div className="map-page">
      <PageHeader title={def.title} />
      <div role="status" aria-live="polite">
        {boundariesWanted && (
          <Suspense fallback={null}>
            <LgaDataBackground />
          </Suspense>
        )}
      </div>
      <Suspense fallback={null}>
        <MapLgaBar viewport={viewport} homeLgaCode={home} />
      </Suspense>
      <DirectionsExplorer label="Map of road closures" homeLgaCode={home} onViewportChange={setViewport} boundariesWanted={boundariesWanted} />
    </div>
  );
}
