import { PageHeader } from '../../components/PageHeader';
import type { RouteDef } from '../routing/route-table';
import { useAuth } from '../auth/auth-provider';
import { ClosureExplorer } from '../map/components/ClosureExplorer';
import { DirectionsExplorer } from '../directions/components/DirectionsExplorer';
import { FALLBACK_LGA } from '../map/geo';

/** /map: everyone's view of active closures; /admin/map: the same over every LGA, scheduled ones included. */
export function PublicMapPage({ def, admin = false }: { def: RouteDef; admin?: boolean }) {
  const { me } = useAuth();
  const home = me?.lgaCode ?? FALLBACK_LGA;
  return (
    <div className="map-page">
      <PageHeader title={def.title} />
      {admin ? (
        <ClosureExplorer label="Administrator map of road closures" homeLgaCode={home} includeScheduled />
      ) : (
        <DirectionsExplorer label="Map of road closures" homeLgaCode={home} />
      )}
    </div>
  );
}

export function AdminMapPage({ def }: { def: RouteDef }) {
  return <PublicMapPage def={def} admin />;
}
