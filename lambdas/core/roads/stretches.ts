// Closed stretches of road, exact to the metre: a closure closes the part of an edge it covers
// (from–to offsets along the edge), not the whole edge. Routes never travel a whole edge with a
// closed stretch on it, but a trip may start, end or pass a waypoint on the open part of such an
// edge and drive away from the closed stretch.
import type { RouteClosure } from './avoid';
import type { RoadGraph } from './graph';
import { LINE_SAMPLE_STEP_M } from './spatial';

/** A closed interval of one edge, in metres from the start of the edge's geometry. */
export interface EdgeStretch {
  edge: number;
  from: number;
  to: number;
}

/** A closure's stretch on one edge. */
export interface ClosedStretch extends EdgeStretch {
  closureId: string;
}

/** Matched samples further apart than this along an edge are separate stretches. */
const STRETCH_GAP_M = 10;
/** A stretch starting or ending this close to an edge's end closes it up to that end (the junction). */
const END_SNAP_M = LINE_SAMPLE_STEP_M;
/** Overlaps shorter than this (a route ending exactly where a closure starts) are no overlap. */
export const TOUCH_M = 0.5;

/**
 * A route runs along a closed stretch when it shares at least 60 m of it, or at least half of a
 * shorter closure. The same rule decides crossings for routes from other routers (overlap.ts), so
 * a route that only meets a closed road at an intersection, or ends on the open part of a partly
 * closed edge, is never reported as crossing it.
 */
export const MIN_SHARED_M = 60;
export function runsAlong(shared: number, closureLength: number): boolean {
  return shared > 0 && shared >= Math.min(MIN_SHARED_M, closureLength * 0.5);
}

/**
 * The stretches of one edge covered by matched samples (ascending offsets): each run of samples
 * widened by half a sample step either side, and reaching the edge's end when it starts or ends
 * within a step of it.
 */
export function stretchesOfOffsets(graph: RoadGraph, edge: number, offsets: readonly number[]): EdgeStretch[] {
  const length = graph.edgeLength[edge];
  const half = LINE_SAMPLE_STEP_M / 2;
  const out: EdgeStretch[] = [];
  let first = offsets[0];
  let last = offsets[0];
  const flush = () => {
    let from = Math.max(0, first - half);
    let to = Math.min(length, last + half);
    if (from <= END_SNAP_M) from = 0;
    if (to >= length - END_SNAP_M) to = length;
    out.push({ edge, from, to });
  };
  for (let i = 1; i < offsets.length; i++) {
    if (offsets[i] - last > STRETCH_GAP_M) {
      flush();
      first = offsets[i];
    }
    last = offsets[i];
  }
  if (offsets.length > 0) flush();
  return out;
}

function overlap(aFrom: number, aTo: number, bFrom: number, bTo: number): number {
  return Math.max(0, Math.min(aTo, bTo) - Math.max(aFrom, bFrom));
}

/** The closed stretches of one route request, by edge. */
export class ClosedRoads {
  private readonly byEdge = new Map<number, ClosedStretch[]>();
  private readonly lengths = new Map<string, number>();

  get size(): number {
    return this.byEdge.size;
  }

  edges(): IterableIterator<number> {
    return this.byEdge.keys();
  }

  add(closureId: string, stretches: readonly EdgeStretch[]): void {
    for (const s of stretches) {
      const list = this.byEdge.get(s.edge);
      const stretch = { ...s, closureId };
      if (list) list.push(stretch);
      else this.byEdge.set(s.edge, [stretch]);
      this.lengths.set(closureId, (this.lengths.get(closureId) ?? 0) + (s.to - s.from));
    }
  }

  has(edge: number): boolean {
    return this.byEdge.has(edge);
  }

  /** Whether travelling [from, to] of an edge runs into a closed stretch. */
  blocks(edge: number, from: number, to: number): boolean {
    for (const s of this.byEdge.get(edge) ?? []) if (overlap(from, to, s.from, s.to) > TOUCH_M) return true;
    return false;
  }

  /** Ids of the closures with a closed stretch around this spot of an edge (not at its ends). */
  closuresAt(edge: number, at: number): string[] {
    return (this.byEdge.get(edge) ?? []).filter((s) => s.from + TOUCH_M < at && at < s.to - TOUCH_M).map((s) => s.closureId);
  }

  /** The same closed roads without some closures. */
  without(ids: ReadonlySet<string>): ClosedRoads {
    const out = new ClosedRoads();
    for (const list of this.byEdge.values()) for (const s of list) if (!ids.has(s.closureId)) out.add(s.closureId, [s]);
    return out;
  }

  /** Ids of the closures the travelled stretches run along (see runsAlong), in first-met order. */
  closuresAlong(travelled: readonly EdgeStretch[]): string[] {
    const shared = new Map<string, number>();
    for (const t of travelled) {
      // Most edges of a route are open: no list, and no empty one made for each.
      const closed = this.byEdge.get(t.edge);
      if (!closed) continue;
      for (const s of closed) {
        const metres = overlap(t.from, t.to, s.from, s.to);
        if (metres > TOUCH_M) shared.set(s.closureId, (shared.get(s.closureId) ?? 0) + metres);
      }
    }
    return [...shared].filter(([id, metres]) => runsAlong(metres, this.lengths.get(id) ?? 0)).map(([id]) => id);
  }
}

/**
 * The closed roads of the closures last asked about, kept while the very same closure objects
 * (same geometry object, same tolerance) come again: a trip's several route calls pass the same
 * ones, and building the closed roads of 50 closures anew cost more than a short trip's search.
 * Closures are taken as immutable; an edited closure is a new object.
 */
export class LastClosedRoads {
  private closures: RouteClosure[] = [];
  private geometries: RouteClosure['geometry'][] = [];
  private tolerances: (number | undefined)[] = [];
  private closed = new ClosedRoads();

  of(closures: readonly RouteClosure[], stretchesOf: (closure: RouteClosure) => readonly EdgeStretch[]): ClosedRoads {
    if (!this.holds(closures)) {
      const closed = new ClosedRoads();
      for (const closure of closures) closed.add(closure.id, stretchesOf(closure));
      this.closures = [...closures];
      this.geometries = closures.map((c) => c.geometry);
      this.tolerances = closures.map((c) => c.tolerance);
      this.closed = closed;
    }
    return this.closed;
  }

  private holds(closures: readonly RouteClosure[]): boolean {
    if (closures.length !== this.closures.length) return false;
    for (let i = 0; i < closures.length; i++) {
      const c = closures[i];
      if (c !== this.closures[i] || c.geometry !== this.geometries[i] || c.tolerance !== this.tolerances[i]) return false;
    }
    return true;
  }
}
