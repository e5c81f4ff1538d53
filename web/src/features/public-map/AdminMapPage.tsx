// /admin/map: the closures map over every LGA, scheduled ones included. Its own chunk, so the
// public map's first load carries none of the staff explorer.
import { PageHeader } from '../../components/PageHeader';
import type { RouteDef } from '../routing/route-table';
import { useAuth } from '../auth/auth-provider';
import { ClosureExplorer } from '../map/components/ClosureExplorer';
import { FALLBACK_LGA } from '../map/geo';

export function AdminMapPage({ def }: { def: RouteDef }) {
  const { me } = useAuth();
  return (
    <div className="map-page">
      <PageHeader title={def.title} />
      <ClosureExplorer label="Administrator map of road closures" homeLgaCode={me?.lgaCode ?? FALLBACK_LGA} includeScheduled />
    </div>
  );
}
