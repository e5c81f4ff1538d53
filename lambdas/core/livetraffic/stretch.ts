// The stretch of road a state hazard affects, when the state sent only a point. The road engine
// looks for the road the feed names (`mainStreet`) at the point; with a cross street (or "between
// X and Y") it follows that road to the crossing; without one it marks the road at the point. When
// the named road is not in our road network there, the hazard stays a point, and says so.
import type { LineString } from 'geojson';
import type { RoadEngine } from '../roads/engine';
import { haversine, projectOntoSegment, type Position } from '../roads/geo';
import { edgeCoordinates, roadNameOfEdge, roadRefOfEdge, type RoadGraph } from '../roads/graph';
import { edgesNear, projectionsNear, type EdgeProjection } from '../roads/spatial';
import type { GeometrySource, ParsedHazard } from './hazard';

/** The named road must pass this close to the state's point. */
const MAIN_ROAD_RADIUS_M = 150;
/** A cross street is looked for this far from the point. */
const CROSS_SEARCH_RADIUS_M = 3000;
/** Two roads cross where they come this close. */
const CROSSING_TOLERANCE_M = 25;
/** With no cross street, the road is marked this far each side of the point. */
const AT_POINT_HALF_M = 250;

export interface Stretch {
  geometry: LineString | null;
  source: GeometrySource;
  note: string;
}

/** "Forbes Street (Mitchell Highway" gives ["forbes street", "mitchell highway"]. */
export function roadNameKeys(name: string | undefined): string[] {
  if (!name) return [];
  return name
    .split(/[()]/)
    .map((part) => part.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter((part) => part.length > 1);
}

function edgeMatches(graph: RoadGraph, edge: number, keys: readonly string[]): boolean {
  const name = roadNameOfEdge(graph, edge)?.toLowerCase();
  const ref = roadRefOfEdge(graph, edge)?.toLowerCase();
  return keys.some((k) => k === name || k === ref);
}

/** The part of an edge between two distances along it (metres from its start). */
export function edgeSlice(graph: RoadGraph, edge: number, from: number, to: number): Position[] {
  const shape = edgeCoordinates(graph, edge);
  const out: Position[] = [];
  let walked = 0;
  for (let i = 1; i < shape.length; i++) {
    const [ax, ay] = shape[i - 1];
    const [bx, by] = shape[i];
    const length = haversine(ax, ay, bx, by);
    const at = (d: number): Position => {
      const t = length > 0 ? (d - walked) / length : 0;
      return [ax + (bx - ax) * t, ay + (by - ay) * t];
    };
    if (walked + length >= from && walked <= to) {
      if (out.length === 0) out.push(at(Math.max(from, walked)));
      out.push(at(Math.min(to, walked + length)));
    }
    walked += length;
  }
  return out.length >= 2 ? out : [];
}

/** Where a road named by `crossKeys` meets one of the main road's edges, near the point. */
function crossing(graph: RoadGraph, mainEdges: number[], crossKeys: string[], near: Position): Position | null {
  if (crossKeys.length === 0) return null;
  const crossEdges = [...edgesNear(graph, near[0], near[1], CROSS_SEARCH_RADIUS_M)].filter((e) => edgeMatches(graph, e, crossKeys));
  let best: { at: Position; distance: number } | null = null;
  for (const crossEdge of crossEdges)
    for (const [x, y] of edgeCoordinates(graph, crossEdge))
      for (const mainEdge of mainEdges) {
        const shape = edgeCoordinates(graph, mainEdge);
        for (let i = 1; i < shape.length; i++) {
          const p = projectOntoSegment(x, y, shape[i - 1][0], shape[i - 1][1], shape[i][0], shape[i][1]);
          if (p.distance <= CROSSING_TOLERANCE_M && (!best || p.distance < best.distance)) best = { at: [p.lng, p.lat], distance: p.distance };
        }
      }
  return best?.at ?? null;
}

function snapped(engine: RoadEngine, a: Position, b: Position): LineString | null {
  if (haversine(a[0], a[1], b[0], b[1]) < 5) return null;
  try {
    return engine.snap([
      { lng: a[0], lat: a[1] },
      { lng: b[0], lat: b[1] },
    ]).geometry;
  } catch {
    return null;
  }
}

/** The stretch of a hazard with no polyline, found with the road engine, or the point alone. */
export function stretchOf(engine: RoadEngine, hazard: Pick<ParsedHazard, 'position' | 'roads'>): Stretch {
  const graph = engine.graph;
  const road = hazard.roads[0];
  const mainKeys = roadNameKeys(road?.mainStreet);
  const { lng, lat } = hazard.position;
  const onMain: EdgeProjection | undefined = projectionsNear(graph, lng, lat, MAIN_ROAD_RADIUS_M).find((p) => edgeMatches(graph, p.edge, mainKeys));
  if (!onMain) {
    const named = road?.mainStreet ? `${road.mainStreet} is not in our road map here` : 'the state named no road';
    return { geometry: null, source: 'point', note: `Shown as the state's point only: ${named}.` };
  }
  const mainName = roadNameOfEdge(graph, onMain.edge) ?? roadRefOfEdge(graph, onMain.edge) ?? road?.mainStreet ?? 'the road';
  const mainEdges = [...edgesNear(graph, lng, lat, CROSS_SEARCH_RADIUS_M)].filter((e) => edgeMatches(graph, e, mainKeys));
  const here: Position = [onMain.lng, onMain.lat];
  const first = crossing(graph, mainEdges, roadNameKeys(road?.crossStreet), here);
  const second = road?.qualifier?.toLowerCase() === 'between' ? crossing(graph, mainEdges, roadNameKeys(road?.secondLocation), here) : null;
  const line = first && second ? snapped(engine, first, second) : first ? snapped(engine, here, first) : null;
  if (line) {
    const ends = second ? `between ${road?.crossStreet} and ${road?.secondLocation}` : `from the state's point to ${road?.crossStreet}`;
    return { geometry: line, source: 'road-engine', note: `Drawn by our road map on ${mainName}, ${ends}.` };
  }
  const length = graph.edgeLength[onMain.edge];
  const slice = edgeSlice(graph, onMain.edge, Math.max(0, onMain.offset - AT_POINT_HALF_M), Math.min(length, onMain.offset + AT_POINT_HALF_M));
  if (slice.length < 2) return { geometry: null, source: 'point', note: `Shown as the state's point only, on ${mainName}.` };
  return {
    geometry: { type: 'LineString', coordinates: slice },
    source: 'road-engine',
    note: `Drawn by our road map on ${mainName} at the state's point; the state gave no extent, so the length shown is ours.`,
  };
}
