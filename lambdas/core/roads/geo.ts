// Small spherical-earth helpers. Road pieces are short, so a local equirectangular frame
// around the query point is accurate to well under a metre and much cheaper than geodesics.
export interface LatLng {
  lat: number;
  lng: number;
}

export type Position = [number, number];

export const EARTH_RADIUS_M = 6371008.8;
export const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;
const RAD = Math.PI / 180;

export function haversine(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Degrees of latitude and longitude that span `metres` around latitude `lat`. */
export function degreeSpan(lat: number, metres: number): { dLat: number; dLng: number } {
  const dLat = metres / METRES_PER_DEGREE;
  return { dLat, dLng: dLat / Math.max(0.01, Math.cos(lat * RAD)) };
}

export interface SegmentProjection {
  /** Parameter along the segment, clamped to [0, 1]. */
  t: number;
  lng: number;
  lat: number;
  /** Metres from the query point to the projected point. */
  distance: number;
}

/** Projects (px, py) onto segment a-b in a local frame scaled for latitude `py`. */
export function projectOntoSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): SegmentProjection {
  const kx = Math.cos(py * RAD);
  const dx = (bx - ax) * kx;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? (((px - ax) * kx) * dx + (py - ay) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const lng = ax + (bx - ax) * t;
  const lat = ay + (by - ay) * t;
  const ex = (px - lng) * kx;
  const ey = py - lat;
  return { t, lng, lat, distance: Math.sqrt(ex * ex + ey * ey) * METRES_PER_DEGREE };
}

/** Initial compass bearing in degrees (0 = north, clockwise). */
export function bearing(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const y = Math.sin((lng2 - lng1) * RAD) * Math.cos(lat2 * RAD);
  const x =
    Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) - Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lng2 - lng1) * RAD);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** Signed smallest turn from bearing a to bearing b, in (-180, 180]; positive turns right. */
export function turnAngle(a: number, b: number): number {
  const d = (((b - a) % 360) + 540) % 360 - 180;
  return d === -180 ? 180 : d;
}

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
export function compassName(bearingDeg: number): string {
  return COMPASS[Math.round(bearingDeg / 45) % 8];
}

export function isLatLng(value: unknown): value is LatLng {
  if (!value || typeof value !== 'object') return false;
  const { lat, lng } = value as Record<string, unknown>;
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng);
}
