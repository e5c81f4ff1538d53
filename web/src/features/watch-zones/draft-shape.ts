// What the watch-zone tool draws while a person draws: the corners so far (a polygon from three),
// or a circle as a ring of points. Pure, so it is tested without a map.
import type * as GeoJSON from 'geojson';
import type { LngLat } from '../map/geo';

const M_PER_DEG_LAT = 110_574;

/** A circle of `radiusM` metres around `center`, as `points` corners. */
export function circleRing(center: LngLat, radiusM: number, points = 64): LngLat[] {
  const mPerDegLng = 111_320 * Math.cos((center.lat * Math.PI) / 180);
  return Array.from({ length: points }, (_, i) => {
    const angle = (i / points) * 2 * Math.PI;
    return { lng: center.lng + (Math.cos(angle) * radiusM) / mPerDegLng, lat: center.lat + (Math.sin(angle) * radiusM) / M_PER_DEG_LAT };
  });
}

const position = (p: LngLat): GeoJSON.Position => [p.lng, p.lat];

/** The outline (closed from three corners) and, when drawing, a point per corner. */
export function draftFeatures(corners: readonly LngLat[], withCorners = true): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  if (corners.length >= 3) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...corners.map(position), position(corners[0])]] } });
  } else if (corners.length === 2) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: corners.map(position) } });
  }
  if (withCorners) for (const c of corners) features.push({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: position(c) } });
  return { type: 'FeatureCollection', features };
}
