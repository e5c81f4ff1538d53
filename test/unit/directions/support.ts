// Shared pieces of the directions unit tests: the Forbes road fixture, closures on it, and an
// in-memory closure store indexed by the same precision-4 cells as the table.
import { fileURLToPath } from 'node:url';
import { indexGeometry } from '../../../lambdas/core/closures/geometry';
import type { ClosureRecord } from '../../../lambdas/core/closures/types';
import type { Bbox } from '../../../lambdas/core/directions/closures';
import type { ClosureSource } from '../../../lambdas/core/directions/trip';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { RoadEngine } from '../../../lambdas/core/roads/engine';
import type { Position } from '../../../lambdas/core/roads/geo';
import { readRoadLinesFromGeoJSON } from '../../../lambdas/core/roads/input';

const fixture = fileURLToPath(new URL('../../fixtures/roads/forbes-roads.geojson', import.meta.url));

let engine: RoadEngine | undefined;
/** The Forbes major-roads fixture: Forbes, Parkes and the Newell Highway between them. */
export function forbesEngine(): RoadEngine {
  engine ??= new RoadEngine(buildRoadGraph(readRoadLinesFromGeoJSON(fixture), { source: 'forbes-roads.geojson' }));
  return engine;
}

export const FORBES = { lat: -33.3877, lng: 148.0083 };
export const PARKES = { lat: -33.1375, lng: 148.1755 };
/** About 3 km of the Newell Highway north of Forbes, on the road (as snapToRoads draws it). */
export const NEWELL_NORTH: Position[] = [
  [148.064777, -33.319499],
  [148.067036, -33.317045],
  [148.075275, -33.311737],
  [148.080425, -33.306286],
  [148.082313, -33.303273],
  [148.083687, -33.296817],
];
/** A road near Condobolin, far from any Forbes–Parkes route. */
export const FAR_AWAY: Position[] = [
  [147.25, -33.08],
  [147.26, -33.085],
];

export const NOW = 1_800_000_000;

export function closureRecord(id: string, lines: Position[][], overrides: Partial<ClosureRecord> = {}): ClosureRecord {
  const regions = lines.map((coordinates, i) => ({ id: `r${i}`, geometry: { type: 'LineString' as const, coordinates }, createdAt: NOW, updatedAt: NOW }));
  const g = indexGeometry(regions);
  return {
    id,
    lgaCode: '12900',
    view: 'ACTIVE',
    active: true,
    condition: 'closed',
    type: 'flood',
    position: g.position,
    geohash: g.geohash,
    geohash4: g.geohash4,
    geohash7: g.geohash7,
    cells: g.cells,
    regions,
    media: [],
    subscriberCount: 0,
    version: 1,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** Answers like the table does: a closure is found from any cell it is indexed in. */
export class MemoryClosures implements ClosureSource {
  cellsRead: string[] = [];
  boundsRead: Bbox[] = [];

  constructor(public closures: ClosureRecord[]) {}

  async inCells(cells: string[]): Promise<ClosureRecord[]> {
    this.cellsRead.push(...cells);
    return this.closures.filter((c) => c.cells.some((cell) => cells.includes(cell)));
  }

  async inBounds(bbox: Bbox): Promise<ClosureRecord[]> {
    this.boundsRead.push(bbox);
    return this.closures;
  }
}
