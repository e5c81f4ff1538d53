import type * as GeoJSON from 'geojson';
import { bboxOfGeometry, type Bbox } from '../map/geo';
import type { Route } from './api/directions';
import type { Endpoint } from './components/PlaceField';

export const EMPTY_ROUTE: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The route line plus its two ends, for SOURCES.route. */
export function routeFeatures(route: Route | null, from: Endpoint | null, to: Endpoint | null): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  if (route) features.push({ type: 'Feature', properties: { kind: 'route' }, geometry: route.geometry });
  for (const [end, endpoint] of [['from', from], ['to', to]] as const) {
    if (endpoint) features.push({ type: 'Feature', properties: { end }, geometry: { type: 'Point', coordinates: [endpoint.coordinate.lng, endpoint.coordinate.lat] } });
  }
  return features.length ? { type: 'FeatureCollection', features } : EMPTY_ROUTE;
}

/**
 * The view that shows the whole trip: the route and both ends (a place's point may lie off the
 * road the route starts on), with a margin so the ends clear the map's controls and attribution.
 */
export function routeBbox(route: Route, from: Endpoint | null, to: Endpoint | null): Bbox | null {
  const ends = [from, to].filter((e): e is Endpoint => !!e).map((e) => [e.coordinate.lng, e.coordinate.lat]);
  const bbox = bboxOfGeometry({ coordinates: [...route.geometry.coordinates, ...ends] });
  if (!bbox) return null;
  const [west, south, east, north] = bbox;
  const dx = Math.max((east - west) * 0.1, 0.005);
  const dy = Math.max((north - south) * 0.1, 0.005);
  return [west - dx, south - dy, east + dx, north + dy];
}
