// The state's closed roads as the trip planner takes closures: a hazard that closes the road and
// has a stretch (the state's line or the road engine's) is avoided like a council's closure. One
// given as a point only cannot be: nobody knows which way the closed road runs from it.
import type { ClosureRecord } from '../closures/types';
import { cellsOf } from '../closures/geometry';
import type { StateHazard } from './hazard';

/** Ids of state hazards in directions' answers, so they are never taken for a council's closure. */
export const STATE_CLOSURE_PREFIX = 'livetraffic-';

function linesOf(hazard: StateHazard): [number, number][][] {
  if (!hazard.geometry) return [];
  return (hazard.geometry.type === 'LineString' ? [hazard.geometry.coordinates] : hazard.geometry.coordinates) as [number, number][][];
}

/** The precision-4 cells the hazard's stretch lies in (the closure map index's cells). */
export function cellsOfHazard(hazard: StateHazard): Set<string> {
  try {
    return cellsOf(linesOf(hazard).map((coordinates) => ({ type: 'LineString', coordinates })));
  } catch {
    // A stretch too long for the cell index is still avoided by trips read per council.
    return new Set();
  }
}

/**
 * The closure record the trip planner reads (blocksTraffic, routeClosureOf use only these fields):
 * active, closed, with its stretch as regions. Null for a hazard that does not close a road or has no stretch.
 */
export function routeClosureOfHazard(hazard: StateHazard): ClosureRecord | null {
  const lines = linesOf(hazard);
  if (!hazard.closesRoad || lines.length === 0) return null;
  return {
    id: `${STATE_CLOSURE_PREFIX}${hazard.id}`,
    lgaCode: hazard.lgaCode,
    view: 'ACTIVE',
    active: true,
    condition: 'closed',
    regions: lines.map((coordinates, i) => ({ id: String(i), geometry: { type: 'LineString', coordinates }, createdAt: 0, updatedAt: 0 })),
  } as unknown as ClosureRecord;
}
