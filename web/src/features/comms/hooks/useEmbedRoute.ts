// The route planner of the embedded map (when the council turned "show directions" on): the app's
// directions feature, anonymous, kept in component state only (nothing stored in the browser).
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { MapClosure } from '../../map/api/closure-fields';
import type { Bbox, LngLat } from '../../map/geo';
import { getDirections, type Route } from '../../directions/api/directions';
import type { MapPicker } from '../../directions/components/DirectionsPanel';
import type { Endpoint } from '../../directions/components/PlaceField';
import { routeBbox, routeFeatures } from '../../directions/route-view';

export function useEmbedRoute(loaded: MapClosure[], onFocusClosure: (closure: MapClosure) => void) {
  const [places, setPlaces] = useState<(Endpoint | null)[]>([]);
  const [picking, setPicking] = useState<MapPicker | null>(null);
  const [route, setRoute] = useState<Route | null>(null);
  // A found route re-creates the map on the route's bounds (MapView's focus only zooms in).
  const [fitted, setFitted] = useState<{ key: string; bbox: Bbox | null } | null>(null);

  const directions = useMutation({
    mutationFn: (locations: LngLat[]) => getDirections(locations),
    onSuccess: (result, locations) => {
      setRoute(result);
      setFitted({ key: `route:${Date.now()}`, bbox: routeBbox(result, locations) });
    },
    onError: () => setRoute(null),
  });

  const routeSource = useMemo(() => routeFeatures(route, places), [route, places]);

  return {
    picking,
    routeSource,
    fitted,
    /** A map click while picking sets that place; returns false when the click is the map's own. */
    pick(point: LngLat): boolean {
      if (!picking) return false;
      picking(point);
      return true;
    },
    panelProps: {
      onPlaces: setPlaces,
      onPicking: (pick: MapPicker | null) => setPicking(() => pick),
      route,
      loading: directions.isPending,
      error: directions.error ? directions.error.message : null,
      onSubmit: (locations: LngLat[]) => directions.mutate(locations),
      onClear: () => {
        setRoute(null);
        directions.reset();
      },
      loaded,
      onFocusClosure,
    },
  };
}
