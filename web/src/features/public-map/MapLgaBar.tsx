// Above the public map: the unsealed-roads banner of each LGA in view (the one under the map's
// centre, and the user's own while it is on screen), and "Subscribe to {LGA}" for the LGA under
// the centre (visitors meet the login-required dialog).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { LGA_BUNDLE_QUERY_KEY, readLgaBundle } from '../lga-data/bundle-store';
import { bboxesMeet, bboxOfGeometry } from '../map/geo';
import type { MapViewport } from '../map/components/MapView';
import { findLgaAt } from '../profile/lga-locate';
import { UnsealedRoadsBanner } from '../announcements/components/UnsealedRoadsBanner';
import { SubscribeLgaButton } from '../subscriptions/components/SubscribeButton';
import { useAuth } from '../auth/auth-provider';
import { LoginRequiredDialog } from '../auth/components/LoginRequiredDialog';

// The drawing tool is fetched when someone chooses "Watch an area", never with the map.
const WatchZoneTool = lazy(() => import('../watch-zones/components/WatchZoneTool').then((m) => ({ default: m.WatchZoneTool })));

/** "Watch an area": the drawing tool for a signed-in person, the sign-in dialog for a visitor. */
function WatchAreaAction() {
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const drawing = open && status === 'signedIn';
  return (
    <>
      {!drawing && (
        <button type="button" className="map-button map-button--small" onClick={() => setOpen(true)}>
          Watch an area
        </button>
      )}
      {drawing && (
        <Suspense fallback={<p className="muted">Loading the drawing tool…</p>}>
          <WatchZoneTool onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <LoginRequiredDialog open={open && status !== 'signedIn'} action="watch an area" onClose={() => setOpen(false)} />
    </>
  );
}

export function MapLgaBar({ viewport, homeLgaCode }: { viewport: MapViewport | null; homeLgaCode: string }) {
  // Read once the map has a centre (after its closures are drawn), not beside them.
  const bundle = useQuery({ queryKey: LGA_BUNDLE_QUERY_KEY, queryFn: readLgaBundle, staleTime: Infinity, gcTime: Infinity, retry: false, enabled: !!viewport });
  const inView = useMemo(() => {
    if (!bundle.data || !viewport) return [];
    const found: { code: string; name: string }[] = [];
    const centre = findLgaAt(bundle.data, viewport.center.lng, viewport.center.lat);
    if (centre) found.push(centre);
    const home = bundle.data.features.find((f) => String(f.properties?.code ?? f.properties?.lga_code ?? '') === homeLgaCode);
    const homeBox = home ? bboxOfGeometry(home.geometry) : null;
    if (home && homeBox && bboxesMeet(homeBox, viewport.bbox) && centre?.code !== homeLgaCode) {
      found.push({ code: homeLgaCode, name: String(home.properties?.name ?? home.properties?.lga_name ?? homeLgaCode) });
    }
    return found;
  }, [bundle.data, viewport, homeLgaCode]);
  const centre = inView[0];
  return (
    <div className="map-lga-bar" data-testid="map-lga-bar">
      {inView.map((lga) => (
        <UnsealedRoadsBanner key={lga.code} lgaCode={lga.code} lgaName={lga.name} />
      ))}
      {centre && (
        <p className="map-lga-bar__subscribe">
          <span>Map centre: {centre.name}</span> <SubscribeLgaButton lgaCode={centre.code} lgaName={centre.name} />
        </p>
      )}
      <WatchAreaAction />
    </div>
  );
}
