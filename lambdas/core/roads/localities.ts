import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Flatbush from 'flatbush';
import { haversine } from './geo';
import { projectRoot } from './load';

/**
 * Locality names for reverse geocoding (ABS Suburbs and Localities). Only each locality's
 * bounding box and a representative point are known, so a point belongs to the smallest box
 * containing it, else to the nearest point.
 */
export interface LocalityIndex {
  names: string[];
  states: string[];
  pointLng: Float64Array;
  pointLat: Float64Array;
  boxArea: Float64Array;
  boxes: Flatbush;
}

export interface Locality {
  name: string;
  state: string;
  /** How it was found: the point is inside the locality's bounding box, or merely near it. */
  match: 'bbox' | 'nearest';
}

interface LocalityFeature {
  properties?: { name?: unknown; state?: unknown; bbox?: unknown } | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
}

const loaded = new Map<string, LocalityIndex>();

export function defaultLocalitiesPath(): string {
  return process.env.LOCALITIES_PATH ?? join(projectRoot(), 'data', 'places', 'nsw-localities.geojson');
}

export function buildLocalityIndex(features: readonly LocalityFeature[]): LocalityIndex {
  const names: string[] = [];
  const states: string[] = [];
  const lng: number[] = [];
  const lat: number[] = [];
  const boxes: number[][] = [];
  for (const feature of features) {
    const props = feature.properties ?? {};
    const coords = feature.geometry?.type === 'Point' ? (feature.geometry.coordinates as number[]) : null;
    if (typeof props.name !== 'string' || !coords || !Number.isFinite(coords[0]) || !Number.isFinite(coords[1])) continue;
    const bbox =
      Array.isArray(props.bbox) && props.bbox.length === 4 && props.bbox.every(Number.isFinite)
        ? (props.bbox as number[])
        : [coords[0], coords[1], coords[0], coords[1]];
    names.push(props.name);
    states.push(typeof props.state === 'string' ? props.state : 'NSW');
    lng.push(coords[0]);
    lat.push(coords[1]);
    boxes.push(bbox);
  }
  const index = new Flatbush(Math.max(1, boxes.length));
  const boxArea = new Float64Array(boxes.length);
  boxes.forEach(([w, s, e, n], i) => {
    index.add(w, s, e, n);
    boxArea[i] = (e - w) * (n - s);
  });
  if (boxes.length === 0) index.add(1000, 1000, 1000, 1000);
  index.finish();
  return { names, states, pointLng: Float64Array.from(lng), pointLat: Float64Array.from(lat), boxArea, boxes: index };
}

export function loadLocalities(file: string = defaultLocalitiesPath()): LocalityIndex {
  const path = resolve(file);
  let index = loaded.get(path);
  if (!index) {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { features?: LocalityFeature[] };
    index = buildLocalityIndex(parsed.features ?? []);
    loaded.set(path, index);
  }
  return index;
}

/** The locality of a point, or null when no locality point is within `maxNearest` metres. */
export function localityAt(index: LocalityIndex, lng: number, lat: number, maxNearest = 20_000): Locality | null {
  let best = -1;
  for (const i of index.boxes.search(lng, lat, lng, lat)) {
    if (i < index.names.length && (best < 0 || index.boxArea[i] < index.boxArea[best])) best = i;
  }
  if (best >= 0) return { name: index.names[best], state: index.states[best], match: 'bbox' };
  let nearestDistance = maxNearest;
  for (let i = 0; i < index.names.length; i++) {
    const d = haversine(lng, lat, index.pointLng[i], index.pointLat[i]);
    if (d <= nearestDistance) {
      nearestDistance = d;
      best = i;
    }
  }
  return best >= 0 ? { name: index.names[best], state: index.states[best], match: 'nearest' } : null;
}
