// Which LGA a point lies in: the ABS boundaries (data/lga/australia-lga.geojson) loaded once per
// process, their bounding boxes in a Flatbush index, then an exact point-in-polygon test on the
// few candidates. A report's LGA comes from here, never from what the client says.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Flatbush from 'flatbush';

type Ring = [number, number][];
type PolygonRings = Ring[];

export interface LgaArea {
  code: string;
  name: string;
  /** Outer ring first, then holes, per polygon. */
  polygons: PolygonRings[];
  bbox: [number, number, number, number];
}

export interface LgaLocator {
  locate(lng: number, lat: number): { code: string; name: string } | undefined;
  size: number;
}

function projectRoot(): string {
  try {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (let i = 0; i < 6; i++) {
      if (existsSync(join(dir, 'data', 'lga'))) return dir;
      dir = dirname(dir);
    }
  } catch {
    // Bundled as CommonJS: import.meta.url is not available.
  }
  return process.cwd();
}

export const defaultLgaBoundariesPath = () => process.env.LGA_BOUNDARIES_PATH ?? join(projectRoot(), 'data', 'lga', 'australia-lga.geojson');

/** Even-odd ray casting; a point exactly on an edge may go either way, which is fine for LGAs. */
function inRing(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inPolygons(polygons: PolygonRings[], x: number, y: number): boolean {
  return polygons.some(([outer, ...holes]) => outer !== undefined && inRing(outer, x, y) && !holes.some((h) => inRing(h, x, y)));
}

interface Feature {
  /** The ABS file names them lga_code/lga_name; a published bundle code/name. */
  properties?: { lga_code?: string; lga_name?: string; code?: string; name?: string };
  geometry?: { type: string; coordinates: unknown } | null;
}

export function bboxOfPolygons(polygons: PolygonRings[]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons)
    for (const [x, y] of polygon[0] ?? []) {
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  return box;
}

export function areasFromGeoJSON(collection: { features?: Feature[] }): LgaArea[] {
  const areas: LgaArea[] = [];
  for (const f of collection.features ?? []) {
    const code = f.properties?.lga_code ?? f.properties?.code;
    if (!code || !f.geometry) continue;
    const polygons =
      f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates as PolygonRings]
        : f.geometry.type === 'MultiPolygon'
          ? (f.geometry.coordinates as PolygonRings[])
          : [];
    if (polygons.length === 0) continue;
    areas.push({ code, name: f.properties?.lga_name ?? f.properties?.name ?? code, polygons, bbox: bboxOfPolygons(polygons) });
  }
  return areas;
}

export function createLgaLocator(areas: LgaArea[]): LgaLocator {
  const index = new Flatbush(Math.max(areas.length, 1));
  for (const a of areas) index.add(...a.bbox);
  if (areas.length === 0) index.add(0, 0, 0, 0);
  index.finish();
  return {
    size: areas.length,
    locate(lng, lat) {
      if (!Number.isFinite(lng) || !Number.isFinite(lat)) return undefined;
      for (const i of index.search(lng, lat, lng, lat)) {
        const area = areas[i];
        if (area && inPolygons(area.polygons, lng, lat)) return { code: area.code, name: area.name };
      }
      return undefined;
    },
  };
}

let sharedAreas: LgaArea[] | undefined;
let shared: LgaLocator | undefined;
let byCode: Map<string, LgaArea> | undefined;

const allAreas = () => (sharedAreas ??= areasFromGeoJSON(JSON.parse(readFileSync(defaultLgaBoundariesPath(), 'utf8'))));

/** The boundaries the function was deployed with (lambdas/adapters/foundation/lga-boundaries.ts prefers a published import). */
export function bundledLgaAreas(): LgaArea[] {
  return allAreas();
}

/** The process-wide locator over every Australian LGA (about 10 MB of GeoJSON, parsed once). */
export function getLgaLocator(): LgaLocator {
  shared ??= createLgaLocator(allAreas());
  return shared;
}

/** One LGA's boundary by its code, from the same file. */
export function getLgaArea(code: string): LgaArea | undefined {
  byCode ??= new Map(allAreas().map((a) => [a.code, a]));
  return byCode.get(code);
}
