// "Use my location": which council's boundary (from the installed LGA bundle) holds a point.
import type { LgaFeatureCollection } from '../lga-data/bundle-store';

type Ring = number[][];

/** Ray casting; a point exactly on an edge may count either way, which is fine for a suggestion. */
export function ringContains(ring: Ring, lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A GeoJSON polygon: inside the outer ring and in none of its holes. */
function polygonContains(rings: Ring[], lng: number, lat: number): boolean {
  if (rings.length === 0 || !ringContains(rings[0], lng, lat)) return false;
  return !rings.slice(1).some((hole) => ringContains(hole, lng, lat));
}

export function geometryContains(geometry: unknown, lng: number, lat: number): boolean {
  const g = geometry as { type?: string; coordinates?: unknown } | null;
  if (!g || !Array.isArray(g.coordinates)) return false;
  if (g.type === 'Polygon') return polygonContains(g.coordinates as Ring[], lng, lat);
  if (g.type === 'MultiPolygon') return (g.coordinates as Ring[][]).some((poly) => polygonContains(poly, lng, lat));
  return false;
}

export function findLgaAt(bundle: LgaFeatureCollection, lng: number, lat: number): { code: string; name: string } | null {
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) throw new Error('Invalid coordinates');
  for (const feature of bundle.features) {
    if (!geometryContains(feature.geometry, lng, lat)) continue;
    const code = feature.properties?.code ?? feature.properties?.lga_code;
    if (code != null) return { code: String(code), name: String(feature.properties?.name ?? feature.properties?.lga_name ?? code) };
  }
  return null;
}

export const LOCATION_UNAVAILABLE = 'Your browser cannot share your location';

export function currentPosition(timeoutMs = 15_000): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject(new Error(LOCATION_UNAVAILABLE));
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
      (err) => reject(new Error(err.code === err.PERMISSION_DENIED ? 'Location permission was denied' : 'Your location could not be found')),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 5 * 60_000 },
    );
  });
}
