// Vehicle-aware directions: a driver who gives their vehicle's mass keeps off the unsealed roads
// of every LGA whose council has closed them, or restricted them to a lighter gross vehicle mass.
//
// Which councils matter depends on the route: only the unsealed roads a route actually uses are
// looked up (their LGA from the boundaries, then that LGA's unsealed-roads status, once per trip).
// An LGA that keeps the vehicle off has all its unsealed roads (those whose middle lies in it) blocked at once, and the trip is
// re-routed (trip.ts), so one read per LGA suffices. Never a scan.
import type { Position } from '../roads/geo';
import type { RoadEngine } from '../roads/engine';

/** Where the rules come from (the API reads the announcements table and the ABS boundaries). */
export interface UnsealedRules {
  /** The LGA a point on an unsealed road lies in, if any. */
  lgaAt(point: Position): string | undefined;
  /** Does the LGA's current unsealed-roads status keep a vehicle of this mass (tonnes) off them? */
  keepsOff(lgaCode: string, vehicleMass: number): Promise<boolean>;
  /** The LGA's boundary: polygons of rings, outer ring first. */
  boundary(lgaCode: string): Position[][][] | undefined;
}

export const NO_ROUTE_FOR_VEHICLE = 'No route found that keeps off the unsealed roads closed to your vehicle';

/** The unsealed-road decisions of one trip for one vehicle. */
export class TripUnsealed {
  private readonly decided = new Map<string, boolean>();
  private readonly blocked = new Set<number>();
  /** LGAs whose unsealed roads the trip keeps off, in the order found. */
  readonly keptOffIn: string[] = [];

  constructor(
    private readonly engine: RoadEngine,
    private readonly rules: UnsealedRules,
    readonly vehicleMass: number,
  ) {}

  /** Edges to keep off so far. */
  edges(): ReadonlySet<number> {
    return this.blocked;
  }

  /**
   * Looks at the unsealed roads a route uses; returns true when one of them belongs to an LGA
   * that keeps this vehicle off (the route must change).
   */
  async check(edgeIds: readonly number[]): Promise<boolean> {
    const used = this.engine.unsealedAlong(edgeIds).filter(({ edge }) => !this.blocked.has(edge));
    if (used.length === 0) return false;
    const codeOf = new Map<number, string>();
    for (const { edge, at } of used) {
      const code = this.rules.lgaAt(at);
      if (code) codeOf.set(edge, code);
    }
    const fresh = [...new Set(codeOf.values())].filter((code) => !this.decided.has(code));
    const answers = await Promise.all(fresh.map((code) => this.rules.keepsOff(code, this.vehicleMass)));
    fresh.forEach((code, i) => {
      this.decided.set(code, answers[i]);
      if (!answers[i]) return;
      this.keptOffIn.push(code);
      // An unsealed road belongs to the LGA its middle lies in, the same test as for the route's roads.
      const inside = this.engine.unsealedAlong(this.engine.unsealedEdgesIn(this.rules.boundary(code) ?? []));
      for (const { edge, at } of inside) if (this.rules.lgaAt(at) === code) this.blocked.add(edge);
    });
    let changed = false;
    for (const [edge, code] of codeOf) {
      if (!this.decided.get(code)) continue;
      this.blocked.add(edge);
      changed = true;
    }
    return changed;
  }
}
