// The route planner of the embedded map (when the council turned "show directions" on): the app's
// directions feature, anonymous, kept in component state only (nothing stored in the browser).
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { MapClosure } from '../../map/api/closure-fields';
import type { Bbox, LngLat } from '../../map/geo';
import { getDirections, type Route } from '../../directions/api/directions';
import type { PickTarget } from '../../directions/components/DirectionsPanel';
import type { Endpoint } from '../../directions/components/PlaceField';
import { routeBbox, routeFeatures } from '../../directions/route-view';

const pointLabel = (p: LngLat) => `Map point (${p.lat.toFixed(4)}, ${p.lng.toFixed(4)})`;

export function useEmbedRoute(loaded: MapClosure[], onFocusClosure: (closure: MapClosure) => void) {
  const [from, setFrom] = useState<Endpoint | null>(null);
  const [to, setTo] = useState<Endpoint | null>(null);
  const [picking, setPicking] = useState<PickTarget | null>(null);
  const [route, setRoute] = useState<Route | null>(null);
  // A found route re-creates the map on the route's bounds (MapView's focus only zooms in).
  const [fitted, setFitted] = useState<{ key: string; bbox: Bbox | null } | null>(null);

  const directions = useMutation({
    mutationFn: (locations: LngLat[]) => getDirections(locations),
    onSuccess: (result) => {
      setRoute(result);
      setFitted({ key: `route:${Date.now()}`, bbox: routeBbox(result, from, to) });
    },
    onError: () => setRoute(null),
  });

  const routeSource = useMemo(() => routeFeatures(route, from, to), [route, from, to]);
  const endpoint = (set: (value: Endpoint | null) => void) => (value: Endpoint | null) => {
    set(value);
    setPicking(null);
  };

  return {
    picking,
    routeSource,
    fitted,
    /** A map click while picking sets that end; returns false when the click is the map's own. */
    pick(point: LngLat): boolean {
      if (!picking) return false;
      (picking === 'from' ? setFrom : setTo)({ label: pointLabel(point), coordinate: point });
      setPicking(null);
      return true;
    },
    panelProps: {
      from,
      to,
      onFrom: endpoint(setFrom),
      onTo: endpoint(setTo),
      picking,
      onPicking: setPicking,
      route,
      loading: directions.isPending,
      error: directions.error ? directions.error.message : null,
      onSubmit: () => from && to && directions.mutate([from.coordinate, to.coordinate]),
      onClear: () => {
        setRoute(null);
        directions.reset();
      },
      loaded,
      onFocusClosure,
    },
  };
}
