import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import type { MapClosure } from '../../map/api/closure-fields';
import { closuresToFeatures } from '../../map/closure-display';
import { ClosureDetailPanel } from '../../map/components/ClosureDetailPanel';
import { ClosureList } from '../../map/components/ClosureList';
import { MapView, type MapViewport } from '../../map/components/MapView';
import { FALLBACK_LGA, type Bbox, type LngLat } from '../../map/geo';
import { lgasInView, usePublicClosures } from '../../map/hooks/usePublicClosures';
import { useLgaBoundaries } from '../../map/hooks/useLgaBoundaries';
import { useLiveClosures } from '../../map/hooks/useLiveClosures';
import { useClosureDeepLink } from '../../map/hooks/useClosureDeepLink';
import { CLOSURE_CLICK_LAYERS, CLOSURE_LAYERS, CLOSURE_PREVIEW, LGA_LAYERS, ROUTE_LAYERS, SOURCES } from '../../map/layers';
import type { Route } from '../api/directions';
import { routeBbox, routeFeatures } from '../route-view';
import type { MapPicker } from './DirectionsPanel';
import type { HazardMap } from '../../state-hazards/components/StateHazards';
import type { Endpoint } from './PlaceField';
import '../directions.css';
import { OfflineSnapshotNotice } from '../../offline/components/OfflineSnapshotNotice';
import { useSavedMapOptions, useSavedMapStyle, useVehicleGvm } from '../../profile/hooks/useSavedProfile';

// The route planner loads beside the list, not before it: the closures show first (the public
// map's first-load budget).
const DirectionsPanel = lazy(() => import('./DirectionsPanel').then((m) => ({ default: m.DirectionsPanel })));
// The state's hazards (Live Traffic NSW) come once the map is up: not part of the first load.
const StateHazards = lazy(() => import('../../state-hazards/components/StateHazards'));
// Shown once a closure is opened: not part of the first screen.
const SubscribeButton = lazy(() => import('../../subscriptions/components/SubscribeButton').then((m) => ({ default: m.SubscribeButton })));

// The route sits between the LGA outlines and the closures, so a closure on the way stays visible;
// the state's hazards under the council's closures.
const LAYERS = [...LGA_LAYERS, ...ROUTE_LAYERS, ...CLOSURE_LAYERS];
// The outlines are drawn once the closures and the base map are (they are megabytes of GeoJSON).
const LATE_SOURCES = [SOURCES.lgaBundle];

interface Props {
  label: string;
  homeLgaCode: string;
  /** Told where the map is (the public map's LGA-under-the-centre bar). */
  onViewportChange?(viewport: MapViewport): void;
  /** False until the default council's map has drawn its closures: the outlines come after them. */
  boundariesWanted?: boolean;
}

/**
 * The public map with a route planner: ClosureExplorer's map, list twin and detail panel, plus the
 * route source under the closures and map focus driven by the route and its avoided closures.
 */
export function DirectionsExplorer({ label, homeLgaCode, onViewportChange, boundariesWanted = true }: Props) {
  const toast = useToast();
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const lga = useLgaBoundaries(homeLgaCode, boundariesWanted || homeLgaCode !== FALLBACK_LGA, viewport?.bbox ?? null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ key: string; center: LngLat; zoom?: number } | null>(null);
  const [places, setPlaces] = useState<(Endpoint | null)[]>([]);
  const [picking, setPicking] = useState<MapPicker | null>(null);
  const [route, setRoute] = useState<Route | null>(null);
  const [hazards, setHazards] = useState<HazardMap | null>(null);
  const [hazardId, setHazardId] = useState<string | null>(null);
  // MapView's `focus` can only zoom in, so fitting a route re-creates the map on the route's bounds.
  // TODO(lead): a fitBounds prop on MapView would make this a camera move instead.
  const [fitted, setFitted] = useState<{ key: string; bbox: Bbox | null } | null>(null);
  // The LGAs' map files, asked for on the first render (the home LGA) without waiting for the
  // base map or the boundaries; the LGAs in view once both are there.
  const lgaCodes = useMemo(() => lgasInView(lga.boxes, viewport?.bbox ?? null, homeLgaCode), [lga.boxes, viewport?.bbox, homeLgaCode]);
  const closures = usePublicClosures(lgaCodes, viewport?.bbox ?? null);
  useLiveClosures(useMemo(() => () => toast.show({ kind: 'warning', message: 'Live updates are paused: the connection was lost.' }), [toast]));

  // A signed-in resident's saved vehicle mass: the route keeps off unsealed roads closed to it.
  const vehicleGvm = useVehicleGvm();
  const savedMap = useSavedMapOptions();
  const mapStyle = useSavedMapStyle();
  const directions = useMutation({
    // A saved trip opened here is planned for its own vehicle; otherwise the profile's.
    mutationFn: async ({ locations, vehicleMass }: { locations: LngLat[]; vehicleMass?: number }) => {
      // The directions client comes with the first trip (as the panel does), not in the map's first load.
      const { getDirections } = await import('../api/directions');
      return getDirections(locations, vehicleMass ?? vehicleGvm);
    },
    onSuccess: (result, { locations }) => {
      setRoute(result);
      setFitted({ key: `route:${Date.now()}`, bbox: routeBbox(result, locations) });
    },
    onError: (error: Error) => {
      setRoute(null);
      // Spec §8: the user sees the function's message; the log gets this wording.
      console.error(`Failed to calculate directions: ${error.message}`);
    },
  });

  const visible = useMemo(() => closures.data ?? [], [closures.data]);
  const [focused, setFocused] = useState<MapClosure | null>(null);
  const selected = visible.find((c) => c.id === selectedId) ?? (focused?.id === selectedId ? focused : null);

  const routeSource = useMemo(() => routeFeatures(route, places), [route, places]);
  const sources = useMemo(() => {
    const features = closuresToFeatures(visible, Math.floor(Date.now() / 1000), selectedId);
    return {
      ...(lga.source ? { [SOURCES.lgaBundle]: lga.source } : {}),
      [SOURCES.route]: routeSource,
      [SOURCES.closureLines]: features.lines,
      [SOURCES.closurePoints]: features.points,
      [SOURCES.closureSymbols]: features.points,
      ...hazards?.sources,
    };
  }, [visible, selectedId, lga.source, routeSource, hazards]);
  const layers = useMemo(() => (hazards ? [...LGA_LAYERS, ...ROUTE_LAYERS, ...hazards.layers, ...CLOSURE_LAYERS] : LAYERS), [hazards]);

  const stateHazards = {
    bbox: viewport?.bbox ?? null,
    center: viewport?.center,
    selectedId: hazardId,
    onSelect: setHazardId,
    onMap: setHazards,
    onFocus: (center: LngLat) => setFocus({ key: `hazard:${Date.now()}`, center }),
  };
  const select = (closure: MapClosure) => {
    setSelectedId(closure.id);
    setFocused(closure);
    setFocus({ key: `${closure.id}:${Date.now()}`, center: closure.position });
  };
  // The default council's map does not wait for the boundaries, nor does a link to a closure on it.
  useClosureDeepLink(lga.ready || homeLgaCode === FALLBACK_LGA, select);

  return (
    <div className="closure-explorer">
      <div className="closure-explorer__map">
        {/* The list beside it fills from the LGA files while the boundaries are still loading. The
            default council's box is known without them, so its map starts at once. */}
        {!lga.ready && homeLgaCode !== FALLBACK_LGA ? <PageLoader /> : <MapView
          key={fitted?.key ?? 'home'}
          styleUrl={mapStyle}
          initialBbox={fitted?.bbox ?? lga.homeBbox}
          initialZoom={fitted ? undefined : savedMap?.zoom}
          sources={sources}
          attributions={hazards?.attributions}
          layers={layers}
          lateSources={LATE_SOURCES}
          preview={CLOSURE_PREVIEW}
          startWhen={!closures.isLoading}
          clickLayers={picking ? [] : [...CLOSURE_CLICK_LAYERS, ...(hazards?.click ?? [])]}
          label={label}
          crosshair={!!picking}
          focus={focus}
          onViewportChange={(next) => {
            setViewport(next);
            onViewportChange?.(next);
          }}
          onFeatureClick={(p) => (p.hazardId ? setHazardId(String(p.hazardId)) : setSelectedId(String(p.id)))}
          onMapClick={(point) => (picking ? picking(point) : setSelectedId(null))}
        />}
      </div>
      <aside className="closure-explorer__side">
        <Suspense fallback={null}>
        <DirectionsPanel
          onPlaces={setPlaces}
          onPicking={(pick) => setPicking(() => pick)}
          route={route}
          loading={directions.isPending}
          error={directions.error ? directions.error.message : null}
          onSubmit={(locations, vehicleMass) => directions.mutate({ locations, vehicleMass })}
          onClear={() => {
            setRoute(null);
            directions.reset();
          }}
          loaded={visible}
          onFocusClosure={select}
        />
        </Suspense>
        {selected && (
          <ClosureDetailPanel closure={selected} note={hazards?.refs[selected.id]} onClose={() => setSelectedId(null)} actions={<Suspense fallback={null}><SubscribeButton closureId={selected.id} /></Suspense>} />
        )}
        {viewport && <Suspense fallback={null}><StateHazards part="details" {...stateHazards} /></Suspense>}
        <OfflineSnapshotNotice />
        {closures.isError && <p role="alert" className="closure-list__error">Failed to load closures: {(closures.error as Error).message}</p>}
        <ClosureList closures={visible} center={viewport?.center ?? null} selectedId={selectedId} loading={closures.isLoading} onSelect={select} notes={hazards?.refs} />
        {viewport && <Suspense fallback={null}><StateHazards part="list" {...stateHazards} /></Suspense>}
      </aside>
    </div>
  );
}
