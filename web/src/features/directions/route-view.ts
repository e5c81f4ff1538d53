import type * as GeoJSON from 'geojson';
import { bboxOfGeometry, type Bbox, type LngLat } from '../map/geo';
import type { Route } from './api/directions';
import type { Endpoint } from './components/PlaceField';

export const EMPTY_ROUTE: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The route line plus the trip's places (From, the stops, To) that have one, for SOURCES.route. */
export function routeFeatures(route: Route | null, places: readonly (Endpoint | null)[]): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  if (route) features.push({ type: 'Feature', properties: { kind: 'route' }, geometry: route.geometry });
  places.forEach((place, index) => {
    const end = index === 0 ? 'from' : index === places.length - 1 ? 'to' : 'stop';
    if (place) features.push({ type: 'Feature', properties: { end }, geometry: { type: 'Point', coordinates: [place.coordinate.lng, place.coordinate.lat] } });
  });
  return features.length ? { type: 'FeatureCollection', features } : EMPTY_ROUTE;
}

/**
 * The view that shows the whole trip: the route and its places (a place's point may lie off the
 * road the route passes), with a margin so the ends clear the map's controls and attribution.
 */
export function routeBbox(route: Route, places: readonly LngLat[]): Bbox | null {
  const points = places.map((p) => [p.lng, p.lat]);
  const bbox = bboxOfGeometry({ coordinates: [...route.geometry.coordinates, ...points] });
  if (!bbox) return null;
  const [west, south, east, north] = bbox;
  const dx = Math.max((east - west) * 0.1, 0.005);
  const dy = Math.max((north - south) * 0.1, 0.005);
  return [west - dx, south - dy, east + dx, north + dy];
}
