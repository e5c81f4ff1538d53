import { PageHeader } from '../../components/PageHeader';
import type { RouteDef } from '../routing/route-table';
import { useAuth } from '../auth/auth-provider';
import { ClosureExplorer } from '../map/components/ClosureExplorer';
import { DirectionsExplorer } from '../directions/components/DirectionsExplorer';
import { FALLBACK_LGA } from '../map/geo';
import { useState } from 'react';
import type { MapViewport } from '../map/components/MapView';
import { MapLgaBar } from './MapLgaBar';

/** /map: everyone's view of active closures; /admin/map: the same over every LGA, scheduled ones included. */
export function PublicMapPage({ def, admin = false }: { def: RouteDef; admin?: boolean }) {
  const { me } = useAuth();
  const home = me?.lgaCode ?? FALLBACK_LGA;
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  return (
    <div className="map-page">
      <PageHeader title={def.title} />
      {admin ? (
        <ClosureExplorer label="Administrator map of road closures" homeLgaCode={home} includeScheduled />
      ) : (
        <>
          <MapLgaBar viewport={viewport} homeLgaCode={home} />
          <DirectionsExplorer label="Map of road closures" homeLgaCode={home} onViewportChange={setViewport} />
        </>
      )}
    </div>
  );
}

export function AdminMapPage({ def }: { def: RouteDef }) {
  return <PublicMapPage def={def} admin />;
}
