// Which LGA a point is in, from the ABS boundaries, so seeded closures belong to the council
// that would really own them (the per-LGA lists and counters the viewport fallback reads).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Flatbush from 'flatbush';
import { projectRoot } from '../../lambdas/core/roads/load';

type Ring = number[][];

export interface LgaInfo {
  code: string;
  name: string;
  state: string;
  centroid: { lat: number; lng: number };
  bbox: [number, number, number, number];
}

interface LgaFeature {
  properties: Record<string, string | number | null>;
  bbox?: number[];
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] } | null;
}

const STATES: Record<string, string> = {
  'New South Wales': 'NSW',
  Victoria: 'VIC',
  Queensland: 'QLD',
  'South Australia': 'SA',
  'Australian Capital Territory': 'ACT',
};

/** Even-odd over every ring of the feature: holes and multi-part councils come out right. */
function contains(rings: Ring[], lng: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function ringBbox(rings: Ring[]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [lng, lat] of ring) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  }
  return box;
}

export class LgaLookup {
  readonly lgas: LgaInfo[] = [];
  private readonly rings: Ring[][] = [];
  private readonly index: Flatbush;

  /** LGAs of NSW and its neighbours (the road graph reaches a little over the borders). */
  constructor(file = join(projectRoot(), 'data', 'lga', 'australia-lga.geojson')) {
    const features = (JSON.parse(readFileSync(file, 'utf8')) as { features: LgaFeature[] }).features;
    for (const f of features) {
      const state = STATES[String(f.properties.ste_name)];
      if (!state || !f.geometry) continue;
      const rings = f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat();
      const bbox = ringBbox(rings);
      if (bbox[2] < 140 || bbox[0] > 154 || bbox[3] < -38 || bbox[1] > -28) continue;
      this.lgas.push({
        code: String(f.properties.lga_code),
        name: String(f.properties.lga_name),
        state,
        centroid: { lat: Number(f.properties.centroid_lat), lng: Number(f.properties.centroid_lon) },
        bbox,
      });
      this.rings.push(rings);
    }
    this.index = new Flatbush(this.lgas.length);
    for (const { bbox } of this.lgas) this.index.add(...bbox);
    this.index.finish();
  }

  /** The LGA containing the point; a point in a gap of the simplified boundaries gets the nearest centroid. */
  codeAt(lng: number, lat: number): string {
    for (const i of this.index.search(lng, lat, lng, lat)) if (contains(this.rings[i], lng, lat)) return this.lgas[i].code;
    const [nearest] = this.index.neighbors(lng, lat, 1);
    return this.lgas[nearest].code;
  }
}
