// /lga-embed: the council's closures map and list twin inside an iframe on the council's website.
// No sign-in and nothing written to the browser's storage; one visit counted per load. Closures stay
// current through the public closure subscription; "show directions" adds the route planner.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { gql } from '../../../lib/api';
import type { MapClosure } from '../../map/api/closure-fields';
import { closuresToFeatures } from '../../map/closure-display';
import { ClosureDetailPanel } from '../../map/components/ClosureDetailPanel';
import { ClosureList } from '../../map/components/ClosureList';
import { MapView } from '../../map/components/MapView';
import { FORBES_BBOX, type Bbox, type LngLat } from '../../map/geo';
import { useSavedMapStyle } from '../../profile/hooks/useSavedProfile';
import { useLiveClosures } from '../../map/hooks/useLiveClosures';
import { CLOSURE_CLICK_LAYERS, CLOSURE_LAYERS, CLOSURE_PREVIEW, ROUTE_LAYERS, SOURCES } from '../../map/layers';
import { DirectionsPanel } from '../../directions/components/DirectionsPanel';
import '../../directions/directions.css';
import { useEmbedRoute } from '../hooks/useEmbedRoute';
import { usePublicClosures } from '../../map/hooks/usePublicClosures';
import { UnsealedRoadsBanner } from '../../announcements/components/UnsealedRoadsBanner';
import { recordEmbedVisit } from '../api/comms';
import { framedByThisApp, readEmbedParams } from '../embed';
import '../comms.css';
import type { HazardMap } from '../../state-hazards/components/StateHazards';

// The state's hazards in and around the council, after the council's own closures.
const StateHazards = lazy(() => import('../../state-hazards/components/StateHazards'));

interface EmbedLga {
  code: string;
  name: string;
  bbox: number[] | null;
}

async function fetchLga(code: string): Promise<EmbedLga | null> {
  return (await gql<{ lga: EmbedLga | null }>(`query($code: ID!) { lga(code: $code) { code name bbox } }`, { code }, { authMode: 'apiKey' })).lga;
}

export function LgaEmbedPage() {
  // A signed-in user's saved base layer; visitors (most embeds) get the default style.
  const mapStyle = useSavedMapStyle();
  const { search } = useLocation();
  const { lgaCode, first, directions } = readEmbedParams(search);
  const lga = useQuery({ queryKey: ['embed', 'lga', lgaCode], queryFn: () => fetchLga(lgaCode!), enabled: !!lgaCode, staleTime: Infinity });
  const bbox: Bbox | null = lga.data ? ((lga.data.bbox?.length === 4 ? lga.data.bbox : FORBES_BBOX) as Bbox) : null;
  // The council's map file (CloudFront), asked for at once, beside the council's name.
  const embedLgas = useMemo(() => (lgaCode ? [lgaCode] : []), [lgaCode]);
  const closures = usePublicClosures(embedLgas, bbox);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ key: string; center: LngLat } | null>(null);
  const [hazards, setHazards] = useState<HazardMap | null>(null);
  const [hazardId, setHazardId] = useState<string | null>(null);
  const counted = useRef(false);
  // Changes made while the council's page is open arrive here too (merged into the query cache).
  useLiveClosures();

  useEffect(() => {
    if (!lga.data || counted.current) return;
    counted.current = true;
    // The staff's preview on the integration screen is not a visit.
    if (framedByThisApp()) return;
    // A failed count must never break the map on the council's page.
    recordEmbedVisit(lga.data.code).catch(() => undefined);
  }, [lga.data]);

  const visible = useMemo(() => (closures.data ?? []).filter((c) => c.lgaCode === lgaCode), [closures.data, lgaCode]);
  const selected = visible.find((c) => c.id === selectedId) ?? null;
  const select = (closure: MapClosure) => {
    setSelectedId(closure.id);
    setFocus({ key: `${closure.id}:${Date.now()}`, center: closure.position });
  };
  const route = useEmbedRoute(visible, select);
  const sources = useMemo(() => {
    const features = closuresToFeatures(visible, Math.floor(Date.now() / 1000), selectedId);
    return {
      ...(directions ? { [SOURCES.route]: route.routeSource } : {}),
      [SOURCES.closureLines]: features.lines,
      [SOURCES.closurePoints]: features.points,
      [SOURCES.closureSymbols]: features.points,
      ...hazards?.sources,
    };
  }, [visible, selectedId, directions, route.routeSource, hazards]);
  const layers = useMemo(() => [...(directions ? ROUTE_LAYERS : []), ...(hazards?.layers ?? []), ...CLOSURE_LAYERS], [directions, hazards]);

  if (!lgaCode) return <p className="embed-message" role="alert">This map needs a council: add ?lga= and the council's five-digit LGA code to the address.</p>;
  if (lga.isError) return <p className="embed-message" role="alert">The closures could not be loaded. Please try again later.</p>;
  if (lga.data === null) return <p className="embed-message" role="alert">No council has the LGA code {lgaCode}.</p>;
  if (!lga.data || !bbox) return <p className="embed-message" role="status">Loading road closures…</p>;

  const origin = window.location.origin;
  const stateHazards = {
    bbox,
    selectedId: hazardId,
    onSelect: setHazardId,
    onMap: setHazards,
    onFocus: (center: LngLat) => setFocus({ key: `hazard:${Date.now()}`, center }),
  };
  return (
    <div className={`lga-embed lga-embed--${first}-first`}>
      <header className="lga-embed__header">
        <h1>Road closures in {lga.data.name}</h1>
        <a href={`${origin}/map`} target="_blank" rel="noopener">Open the full map</a>
      </header>
      <UnsealedRoadsBanner lgaCode={lga.data.code} lgaName={lga.data.name} />
      <div className="lga-embed__body">
        <div className="lga-embed__map">
          <MapView
            key={route.fitted?.key ?? 'lga'}
            styleUrl={mapStyle}
            initialBbox={route.fitted?.bbox ?? bbox}
            sources={sources}
            attributions={hazards?.attributions}
            layers={layers}
            preview={CLOSURE_PREVIEW}
            startWhen={!closures.isLoading}
            clickLayers={route.picking ? [] : [...CLOSURE_CLICK_LAYERS, ...(hazards?.click ?? [])]}
            crosshair={!!route.picking}
            label={`Map of road closures in ${lga.data.name}`}
            focus={focus}
            onFeatureClick={(p) => (p.hazardId ? setHazardId(String(p.hazardId)) : setSelectedId(String(p.id)))}
            onMapClick={(point) => route.pick(point) || setSelectedId(null)}
          />
        </div>
        <aside className="lga-embed__side">
          {directions && <DirectionsPanel {...route.panelProps} />}
          {selected && <ClosureDetailPanel closure={selected} note={hazards?.refs[selected.id]} onClose={() => setSelectedId(null)} />}
          <Suspense fallback={null}><StateHazards part="details" {...stateHazards} /></Suspense>
          {closures.isError && <p role="alert" className="closure-list__error">Failed to load closures: {(closures.error as Error).message}</p>}
          <ClosureList closures={visible} center={null} selectedId={selectedId} loading={closures.isLoading} onSelect={select} notes={hazards?.refs} />
          <Suspense fallback={null}><StateHazards part="list" {...stateHazards} /></Suspense>
        </aside>
      </div>
    </div>
  );
}
