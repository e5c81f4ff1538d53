// The public map's index rules: which closures are in it (sparse: only while they can be shown),
// which cells a closure is indexed in at each precision, and which precision a view reads.
//   coarse (gsi2, GEO#{geohash4}): the closure at its position's precision-4 cell, a pointer item
//     in each further precision-4 cell it touches (council and regional views, directions);
//   fine (gsi3, MAP#{cell}): cells of 27 geohash bits (a precision-5 cell split in 2 × 2, about
//     2 × 2.4 km in NSW; named by the geohash5 and a quarter digit 0-3): the closure at its
//     position's cell, a pointer item in each further fine cell (town views). A closure touching
//     more than MAX_FINE_CELLS fine cells is "long": it is indexed in the fine index by its precision-4 cells
//     instead (MAP#L{geohash4}, the coarse pointers carry that key too), so its transaction stays
//     small and a town view still finds it by also reading the few L partitions around it.
import ngeohash from 'ngeohash';
import type { StoredView } from '../closure-views';
import { cellCountEstimate, cellsCovering, segmentBoxes, type Bounds, type IndexedGeometry } from './geometry';
import type { LineStringGeometry, Region } from './types';

/** Fine cells are found through the precision-6 geohashes inside them. */
const FINE_VIA_PRECISION = 6;
const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';
/** Degrees of a fine cell (27 bits: 14 of longitude, 13 of latitude). */
export const FINE_CELL_DEGREES = { lng: 360 / 2 ** 14, lat: 180 / 2 ** 13 } as const;
/** A closure touching more fine cells than this is indexed as long (by precision-4 cells). */
export const MAX_FINE_CELLS = 24;
/** Views covered by at most this many fine cells read the fine index. */
export const MAX_FINE_VIEW_CELLS = 16;

/** The fine cell a precision-6 (or longer) geohash lies in: its first 5 characters and the top 2 bits of the 6th. */
export function fineCellOf(geohash: string): string {
  return `${geohash.slice(0, 5)}${BASE32.indexOf(geohash[5]) >> 3}`;
}

/** An upper bound of how many fine cells cover a box. */
export function fineCellCountEstimate(bounds: Bounds): number {
  const across = Math.floor((bounds.east - bounds.west) / FINE_CELL_DEGREES.lng) + 2;
  const down = Math.floor((bounds.north - bounds.south) / FINE_CELL_DEGREES.lat) + 2;
  return across * down;
}

function fineCover(bounds: Bounds): Set<string> {
  return new Set(cellsCovering(bounds, FINE_VIA_PRECISION).map(fineCellOf));
}
/** Views covered by at most this many precision-4 cells read the coarse index; wider ones the per-LGA lists. */
export const MAX_COARSE_VIEW_CELLS = 64;
/** The fine index's partition of long closures around a precision-4 cell. */
export const longCell = (geohash4: string) => `L${geohash4}`;

const MAP_VIEWS: readonly StoredView[] = ['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED'];

/**
 * Whether a closure is in the map index (both precisions): only while the public map may show
 * it (live, scheduled or recently opened). Archived and deleted closures have no map keys and
 * no pointer items, so no viewport reads them.
 */
export function isOnMapIndex(c: { view?: string; active?: boolean; archivedAt?: number; deletedAt?: number }): boolean {
  return c.active !== false && c.archivedAt === undefined && c.deletedAt === undefined && MAP_VIEWS.includes(c.view as StoredView);
}

export type ViewPrecision = 'fine' | 'coarse' | 'lgas';

/** The index a view reads: the finest whose cover stays small. */
export function viewPrecision(bounds: Bounds): ViewPrecision {
  if (fineCellCountEstimate(bounds) <= MAX_FINE_VIEW_CELLS) return 'fine';
  if (cellCountEstimate(bounds) <= MAX_COARSE_VIEW_CELLS) return 'coarse';
  return 'lgas';
}

/** The fine index's partitions covering a view: its fine cells and the long closures' precision-4 cells. */
export function fineCellsCovering(bounds: Bounds): string[] {
  return [...fineCover(bounds), ...cellsCovering(bounds).map(longCell)];
}

export interface FineIndex {
  /** The closure item's fine partition: its position's fine cell, or L{geohash4} when long. */
  mapCell: string;
  /** Every fine partition it is in, mapCell first. */
  mapCells: string[];
  long: boolean;
  /** Pointer items of a short closure (a long one's pointers are its coarse cell items). */
  extra: { cell: string; geohash7: string }[];
}

/** Fine cells a line's segments' boxes touch, or undefined as soon as there are too many. */
function fineCellsOf(lines: readonly LineStringGeometry[]): Set<string> | undefined {
  const cells = new Set<string>();
  for (const box of segmentBoxes(lines)) {
    if (fineCellCountEstimate(box) > MAX_FINE_CELLS * 2) return undefined;
    for (const cell of fineCover(box)) cells.add(cell);
    if (cells.size > MAX_FINE_CELLS) return undefined;
  }
  return cells;
}

/** Where a closure goes in the fine index (from its regions; the coarse geometry names its cells). */
export function fineIndexOf(regions: readonly Pick<Region, 'geometry'>[], coarse: Pick<IndexedGeometry, 'geohash' | 'geohash4' | 'cells'>): FineIndex {
  const lines = regions.map((r) => r.geometry);
  const cells = fineCellsOf(lines);
  if (!cells) {
    const mapCells = [longCell(coarse.geohash4), ...coarse.cells.filter((c) => c !== coarse.geohash4).map(longCell)];
    return { mapCell: mapCells[0], mapCells, long: true, extra: [] };
  }
  const home = fineCellOf(coarse.geohash);
  cells.add(home);
  // A vertex inside the cell gives its pointer a meaningful sort key; a cell only crossed gets the first geohash7 inside it.
  const vertexIn = new Map<string, string>();
  for (const line of lines) {
    for (const [lng, lat] of line.coordinates) {
      const hash7 = ngeohash.encode(lat, lng, 7);
      if (!vertexIn.has(fineCellOf(hash7))) vertexIn.set(fineCellOf(hash7), hash7);
    }
  }
  const extra = [...cells]
    .filter((cell) => cell !== home)
    .sort()
    .map((cell) => ({ cell, geohash7: vertexIn.get(cell) ?? firstGeohash7In(cell) }));
  return { mapCell: home, mapCells: [home, ...extra.map((e) => e.cell)], long: false, extra };
}

/** The first precision-7 geohash inside a fine cell (its 6th character starts the quarter). */
function firstGeohash7In(cell: string): string {
  return `${cell.slice(0, 5)}${BASE32[Number(cell[5]) << 3]}0`;
}

/** Whether a pointer item's closure may show in the view (its bbox meets the view's). */
export function pointerMeets(bbox: readonly number[] | undefined, bounds: Bounds): boolean {
  if (!bbox || bbox.length !== 4) return true;
  return bbox[0] <= bounds.east && bounds.west <= bbox[2] && bbox[1] <= bounds.north && bounds.south <= bbox[3];
}
