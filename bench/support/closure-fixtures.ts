// Realistic closures for the viewport benchmark: a stretch of a few hundred metres to a few km
// along a real NSW road, picked in proportion to road length (so they cluster where the roads
// are), then put through the production transitions so every item has the shape the API writes.
import type { ChangeContext, ClosureChange } from '../../lambdas/core/closures/state';
import * as transitions from '../../lambdas/core/closures/state';
import type { ClosureInputValue } from '../../lambdas/core/closures/input';
import { CLOSURE_TYPE_VALUES, type ClosureRecord, type Position } from '../../lambdas/core/closures/types';
import type { RoadEngine } from '../../lambdas/core/roads/engine';
import { haversine } from '../../lambdas/core/roads/geo';
import { edgeCoordinates, type RoadGraph } from '../../lambdas/core/roads/graph';
import type { LgaLookup } from './lga-lookup';

export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Random spots and stretches on the road network, weighted by edge length. */
export class RoadSampler {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    private readonly graph: RoadGraph,
    private readonly next: () => number,
  ) {
    this.cumulative = new Float64Array(graph.edgeCount);
    let sum = 0;
    for (let e = 0; e < graph.edgeCount; e++) this.cumulative[e] = sum += graph.edgeLength[e];
    this.total = sum;
  }

  private edge(): number {
    const target = this.next() * this.total;
    let lo = 0;
    let hi = this.graph.edgeCount - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private vertices(edge: number, forward: boolean): Position[] {
    const out: Position[] = edgeCoordinates(this.graph, edge);
    return forward ? out : out.reverse();
  }

  point(): Position {
    const line = this.vertices(this.edge(), true);
    const i = Math.floor(this.next() * (line.length - 1));
    const t = this.next();
    return [line[i][0] + (line[i + 1][0] - line[i][0]) * t, line[i][1] + (line[i + 1][1] - line[i][1]) * t];
  }

  /**
   * About `metres` of road from a random spot: along the sampled edge, then on through junctions
   * (never straight back) until long enough or at a dead end.
   */
  stretch(metres: number): Position[] {
    const g = this.graph;
    let edge = this.edge();
    let forward = this.next() < 0.5;
    let line = this.vertices(edge, forward);
    const startSegment = Math.floor(this.next() * (line.length - 1));
    const t = this.next();
    const a = line[startSegment];
    const b = line[startSegment + 1];
    const out: Position[] = [[a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]];
    let rest = line.slice(startSegment + 1);
    let left = metres;
    for (let hops = 0; hops < 50; hops++) {
      for (const p of rest) {
        const last = out[out.length - 1];
        const step = haversine(last[0], last[1], p[0], p[1]);
        if (step >= left) {
          const f = step > 0 ? left / step : 0;
          out.push([last[0] + (p[0] - last[0]) * f, last[1] + (p[1] - last[1]) * f]);
          return out.map(([lng, lat]) => [round6(lng), round6(lat)]);
        }
        out.push(p);
        left -= step;
      }
      const node = forward ? g.edgeTo[edge] : g.edgeFrom[edge];
      const choices: number[] = [];
      for (let arc = g.arcStart[node]; arc < g.arcStart[node + 1]; arc++) if (g.arcEdge[arc] >> 1 !== edge) choices.push(g.arcEdge[arc]);
      if (choices.length === 0) break;
      const arcEdge = choices[Math.floor(this.next() * choices.length)];
      edge = arcEdge >> 1;
      forward = (arcEdge & 1) === 0;
      line = this.vertices(edge, forward);
      rest = line.slice(1);
    }
    const rounded = out.map(([lng, lat]): Position => [round6(lng), round6(lat)]);
    return rounded.length >= 2 ? rounded : [rounded[0], rounded[0]];
  }
}

export type SeedView = 'ACTIVE' | 'SCHEDULED' | 'RECENTLY_OPENED' | 'ARCHIVED' | 'DELETED';

/** Mostly live closures, with enough of every other list that the visibility filter matters. */
export const VIEW_MIX: [SeedView, number][] = [
  ['ACTIVE', 0.7],
  ['SCHEDULED', 0.1],
  ['RECENTLY_OPENED', 0.05],
  ['ARCHIVED', 0.1],
  ['DELETED', 0.05],
];

const HOUR = 3600;
const DAY = 24 * HOUR;

export interface ClosureFactory {
  next: () => number;
  sampler: RoadSampler;
  lgas: LgaLookup;
  engine: RoadEngine;
  now: number;
}

function uuid(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function pickView(next: () => number): SeedView {
  let r = next();
  for (const [view, share] of VIEW_MIX) if ((r -= share) < 0) return view;
  return 'ACTIVE';
}

/**
 * One closure as its last transition leaves it: created (scheduled or live), then reopened,
 * archived or deleted as its view needs. The returned change carries the index geometry of
 * the creation (the extra cells, which later transitions keep).
 */
export function makeClosure(f: ClosureFactory): { closure: ClosureRecord; created: ClosureChange } {
  const { next, now } = f;
  // Log-uniform 300 m .. 5 km: most closures are short, a few run for kilometres.
  const coordinates = f.sampler.stretch(300 * Math.exp(next() * Math.log(5000 / 300)));
  const view = pickView(next);
  const scheduledFor = view === 'SCHEDULED' ? now + Math.ceil(HOUR + next() * 14 * DAY) : undefined;
  const mid = coordinates[Math.floor(coordinates.length / 2)];
  const input: ClosureInputValue = {
    lgaCode: f.lgas.codeAt(mid[0], mid[1]),
    type: CLOSURE_TYPE_VALUES[Math.floor(next() * CLOSURE_TYPE_VALUES.length)],
    reason: 'Benchmark closure: road closed, use the signed detour.',
    condition: next() < 0.8 ? 'closed' : 'changed',
    regions: [{ id: null, geometry: { type: 'LineString', coordinates } }],
    scheduledFor,
    estimatedReopening: (scheduledFor ?? now) + Math.ceil(HOUR + next() * 30 * DAY),
  };
  const ctx: ChangeContext = {
    now,
    actor: { uid: 'bench', displayName: 'Viewport benchmark' },
    newId: () => uuid(next),
    // The same two road-engine calls as the production `locate`, so items carry the same fields.
    locate: (position) => ({
      nearestLocation: f.engine.nearest(position) ?? undefined,
      formattedAddress: f.engine.reverseGeocode(position) ?? undefined,
    }),
  };
  const created = transitions.createClosure(uuid(next), input, ctx);
  let closure = created.after;
  if (view === 'RECENTLY_OPENED' || view === 'ARCHIVED') closure = transitions.reopenClosure(closure, ctx).after;
  if (view === 'ARCHIVED') closure = transitions.archiveClosure(closure, ctx).after;
  if (view === 'DELETED') closure = transitions.deleteClosure(closure, ctx).after;
  if (closure.view !== view) throw new Error(`seeded closure ended up ${closure.view}, wanted ${view}`);
  return { closure, created };
}
