import { haversine, type LatLng, type Position } from './geo';
import type { RoadGraph } from './graph';
import { findLeg, legCoordinates, legEdges, type PathLeg } from './paths';
import type { RoadSearch } from './search';
import { projectionsNear } from './spatial';

/** Candidate roads for a point: those within this many metres of the nearest one, at most MAX. */
const CANDIDATE_SLACK_M = 25;
const MAX_CANDIDATES = 3;
/** Metres of path a metre of distance between a point and its road is worth. */
const OFF_ROAD_WEIGHT = 2;

export type SnapFailure = 'tooFarFromRoad' | 'noPath';

export interface SnappedPath {
  coordinates: Position[];
  distance: number;
  edgeIds: number[];
}

/**
 * Map-matches points to a road-following path. Each point may sit on one of a few nearby roads
 * (on a dual carriageway the other carriageway is often only metres away); the chosen roads
 * minimise path length plus twice the points' distances from them (Viterbi over candidates).
 * A road path much longer than the gap between two points means they are on roads that do not
 * meet nearby, so such legs are not considered.
 */
export function snapPath(graph: RoadGraph, search: RoadSearch, points: readonly LatLng[], radius: number): SnappedPath | SnapFailure {
  const candidates = points.map((p) => {
    const near = projectionsNear(graph, p.lng, p.lat, radius);
    return near.filter((c) => c.distance <= near[0].distance + CANDIDATE_SLACK_M).slice(0, MAX_CANDIDATES);
  });
  if (candidates.some((c) => c.length === 0)) return 'tooFarFromRoad';

  let cost = candidates[0].map((c) => c.distance * OFF_ROAD_WEIGHT);
  const chosen: { previous: number; leg: PathLeg }[][] = [];
  for (let i = 1; i < points.length; i++) {
    const gap = haversine(points[i - 1].lng, points[i - 1].lat, points[i].lng, points[i].lat);
    const maxCost = gap * 3 + 2000;
    const next: number[] = [];
    const links: { previous: number; leg: PathLeg }[] = [];
    candidates[i].forEach((to, j) => {
      next[j] = Infinity;
      candidates[i - 1].forEach((from, k) => {
        if (!Number.isFinite(cost[k])) return;
        const leg = findLeg(graph, search, from, to, { metric: 'length', maxCost });
        if (!leg) return;
        const total = cost[k] + leg.distance + to.distance * OFF_ROAD_WEIGHT;
        if (total < next[j]) {
          next[j] = total;
          links[j] = { previous: k, leg };
        }
      });
    });
    if (!next.some(Number.isFinite)) return 'noPath';
    cost = next;
    chosen.push(links);
  }

  let j = cost.indexOf(Math.min(...cost));
  const legs: PathLeg[] = [];
  for (let i = chosen.length - 1; i >= 0; i--) {
    legs.push(chosen[i][j].leg);
    j = chosen[i][j].previous;
  }
  legs.reverse();
  const coordinates: Position[] = [];
  const edgeIds: number[] = [];
  let distance = 0;
  for (const leg of legs) {
    legCoordinates(graph, leg.pieces, coordinates);
    legEdges(leg.pieces, edgeIds);
    distance += leg.distance;
  }
  return { coordinates, distance, edgeIds };
}
