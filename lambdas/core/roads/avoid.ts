import type { Feature, LineString, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import type { LatLng } from './geo';
import type { RoadGraph } from './graph';
import { edgesInPolygon, edgesNear, matchAlongLine } from './spatial';
import { stretchesOfOffsets, type EdgeStretch } from './stretches';

export interface RouteClosure {
  id: string;
  /** The closed stretch, following the road (as snap() draws it). */
  geometry: LineString | MultiLineString;
  /** How far the line may sit from the road it closes (metres); a line drawn by hand sits further off than a snapped one. */
  tolerance?: number;
}

export type AvoidPolygon = Polygon | MultiPolygon | Feature<Polygon | MultiPolygon>;

/** Metres around an avoid location within which every road is avoided. */
export const AVOID_LOCATION_RADIUS_M = 50;
/** How far a closure line may sit from the road it closes. */
export const CLOSURE_MATCH_TOLERANCE_M = 5;
const CACHE_LIMIT = 5000;

function lineParts(geometry: LineString | MultiLineString): number[][][] {
  return geometry.type === 'MultiLineString' ? geometry.coordinates : [geometry.coordinates];
}

function signature(parts: number[][][]): string {
  let count = 0;
  let sum = 0;
  for (const part of parts) {
    for (const [x, y] of part) {
      count++;
      sum += x * (count % 7 + 1) + y * (count % 11 + 1);
    }
  }
  return `${count}:${sum}`;
}

/**
 * Maps closures to the stretches of road they close (edge and from–to metres along it). Active
 * closures are the same from one route request to the next, so the mapping is cached per closure
 * id and geometry.
 */
export class ClosureEdgeCache {
  private readonly cache = new Map<string, EdgeStretch[]>();

  constructor(private readonly graph: RoadGraph) {}

  stretchesOf(closure: RouteClosure): EdgeStretch[] {
    const parts = lineParts(closure.geometry);
    const tolerance = closure.tolerance ?? CLOSURE_MATCH_TOLERANCE_M;
    const key = `${closure.id}|${tolerance}|${signature(parts)}`;
    let stretches = this.cache.get(key);
    if (!stretches) {
      stretches = [];
      for (const part of parts) {
        for (const [edge, offsets] of matchAlongLine(this.graph, part, tolerance)) {
          stretches.push(...stretchesOfOffsets(this.graph, edge, offsets));
        }
      }
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(key, stretches);
    }
    return stretches;
  }

  edgesOf(closure: RouteClosure): number[] {
    return [...new Set(this.stretchesOf(closure).map((s) => s.edge))];
  }
}

/** Edges the caller asked to keep off: listed edges, edges inside polygons, edges near points. */
export function avoidedEdges(
  graph: RoadGraph,
  options: { avoidEdges?: Iterable<number>; avoidPolygons?: readonly AvoidPolygon[]; avoidLocations?: readonly LatLng[] },
): Set<number> {
  const out = new Set<number>();
  for (const edge of options.avoidEdges ?? []) if (edge >= 0 && edge < graph.edgeCount) out.add(edge);
  for (const shape of options.avoidPolygons ?? []) {
    const geometry = shape.type === 'Feature' ? shape.geometry : shape;
    const polygons = geometry.type === 'MultiPolygon' ? geometry.coordinates : [geometry.coordinates];
    for (const rings of polygons) edgesInPolygon(graph, rings, out);
  }
  for (const point of options.avoidLocations ?? []) edgesNear(graph, point.lng, point.lat, AVOID_LOCATION_RADIUS_M, out);
  return out;
}
