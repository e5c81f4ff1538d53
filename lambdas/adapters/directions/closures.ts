// The closures a trip may meet, read the way the public map reads them
// (docs/data.md#the-public-map-index): each precision-4 cell's gsi2 partition (GEO#{cell}: closures
// and the cell items of closures that reach into the cell), or, for trips too long for cells, the
// ACTIVE and SCHEDULED lists of the LGAs that have closures (their view counters name them). Never
// a scan.
import type { Bbox } from '../../core/directions/closures';
import type { ClosureSource } from '../../core/directions/trip';
import type { ClosureRecord } from '../../core/closures/types';
import { db } from '../db/db';
import { lgasWithClosures } from '../closures/store';
import { closuresInCells as closuresInGeoCells, inBatches } from '../db/geo-cells';
import { allClosuresInView } from '../closures/query';

/** Views whose closures may close a road now: a scheduled one whose start has passed counts until the schedule moves it. */
const LIVE_VIEWS = ['ACTIVE', 'SCHEDULED'] as const;

/** Directions only need closures that can block traffic; other items are skipped on the server. */
const LIVE_FILTER = {
  expression: '#entity = :cell OR (#entity = :closure AND #view IN (:active, :scheduled))',
  names: { '#entity': '__edb_e__', '#view': 'view' },
  values: { ':cell': 'closureCell', ':closure': 'closure', ':active': 'ACTIVE', ':scheduled': 'SCHEDULED' },
};

export async function closuresInCells(cells: readonly string[]): Promise<ClosureRecord[]> {
  return (await closuresInGeoCells(cells, LIVE_FILTER)).closures;
}

const meets = (a: readonly number[], b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

export async function closuresOfLgasMeeting(bbox: Bbox, now: number): Promise<ClosureRecord[]> {
  const codes = [...new Set((await Promise.all(LIVE_VIEWS.map(lgasWithClosures))).flat())];
  if (codes.length === 0) return [];
  const { data: lgas } = await db().entities.lga.get(codes.map((code) => ({ code }))).go();
  const candidates = lgas.filter((l) => l && Array.isArray(l.bbox) && l.bbox.length === 4 && meets(l.bbox, bbox)).map((l) => l!.code);
  const lists = await inBatches(
    candidates.flatMap((code) => LIVE_VIEWS.map((view) => ({ code, view }))),
    ({ code, view }) => allClosuresInView(code, view, now),
  );
  return lists.flat();
}

/** The ClosureSource of the directions resolver. */
export function tableClosureSource(now: number): ClosureSource {
  return {
    inCells: (cells) => closuresInCells(cells),
    inBounds: (bbox) => closuresOfLgasMeeting(bbox, now),
  };
}
