export type Bbox = [west: number, south: number, east: number, north: number];
export interface LngLat {
  lng: number;
  lat: number;
}

/** The demo LGA, used when the user has none (the demo council, Forbes, is 12900). */
export const FALLBACK_LGA = '12900';
export const FORBES_BBOX: Bbox = [147.29682, -33.72052, 148.43167, -33.03734];

const EARTH_RADIUS_M = 6378137;

/** Great-circle distance in metres. */
export function distanceMetres(a: LngLat, b: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Spec §9: under 1 km in metres, otherwise kilometres with two decimals. */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(2)} km`;
}

export function bboxOfGeometry(geometry: unknown): Bbox | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      west = Math.min(west, value[0]);
      east = Math.max(east, value[0]);
      south = Math.min(south, value[1]);
      north = Math.max(north, value[1]);
      return;
    }
    for (const item of value) visit(item);
  };
  visit((geometry as { coordinates?: unknown } | null)?.coordinates);
  return Number.isFinite(west) ? [west, south, east, north] : null;
}

/** Whether two boxes share any point (touching counts). */
export const bboxesMeet = (a: Bbox, b: Bbox): boolean => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

export function containsPoint(bbox: Bbox, point: LngLat): boolean {
  return point.lng >= bbox[0] && point.lng <= bbox[2] && point.lat >= bbox[1] && point.lat <= bbox[3];
}

/** Rounds a viewport outward to ~100 m so tiny pans reuse one cached query. */
export function roundBbox(bbox: Bbox): Bbox {
  const step = 1000;
  return [Math.floor(bbox[0] * step) / step, Math.floor(bbox[1] * step) / step, Math.ceil(bbox[2] * step) / step, Math.ceil(bbox[3] * step) / step];
}
