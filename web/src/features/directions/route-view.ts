import type * as GeoJSON from 'geojson';
import { bboxOfGeometry, type LngLat } from '../map/geo';
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

const TILE = 512;
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** Centre and zoom that fit the route in a map of the given pixel size (Web Mercator), with padding. */
export function fitRoute(geometry: GeoJSON.LineString, width: number, height: number, padding = 48): { center: LngLat; zoom: number } | null {
  const bbox = bboxOfGeometry(geometry);
  if (!bbox) return null;
  const [west, south, east, north] = bbox;
  const w = Math.max(64, width - padding * 2);
  const h = Math.max(64, height - padding * 2);
  const zoomX = Math.log2((w * 360) / (TILE * Math.max(east - west, 1e-6)));
  const zoomY = Math.log2((h * 2 * Math.PI) / (TILE * Math.max(mercatorY(north) - mercatorY(south), 1e-9)));
  const center = { lng: (west + east) / 2, lat: (Math.atan(Math.sinh((mercatorY(north) + mercatorY(south)) / 2)) * 180) / Math.PI };
  return { center, zoom: Math.min(16, Math.max(3, Math.min(zoomX, zoomY))) };
}
