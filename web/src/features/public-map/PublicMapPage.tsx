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

/** /map: everyone's view of active closures, with directions around them. */
export function PublicMapPage({ def }: { def: RouteDef }) {
  const { me, status } = useAuth();
  const home = me?.lgaCode ?? FALLBACK_LGA;
  // The next visit starts this council's closures file before the app has loaded.
  useEffect(() => {
    if (status !== 'loading') rememberMapLga(home);
  }, [status, home]);
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  return (
    <div className="map-page">
      <PageHeader title={def.title} />
      <Suspense fallback={null}>
        <MapLgaBar viewport={viewport} homeLgaCode={home} />
      </Suspense>
      <DirectionsExplorer label="Map of road closures" homeLgaCode={home} onViewportChange={setViewport} />
    </div>
  );
}
