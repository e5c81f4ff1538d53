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
import { roadClosingHazards } from '../livetraffic/store';
import { cellsOfHazard, routeClosureOfHazard } from '../../core/livetraffic/route-closures';

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

/**
 * The state's closed roads (Live Traffic NSW), read once per trip: a handful at most, in one
 * small index partition. Each comes as a closure record the planner avoids like a council's.
 */
function stateClosures(): () => Promise<{ record: ClosureRecord; cells: Set<string> }[]> {
  let read: Promise<{ record: ClosureRecord; cells: Set<string> }[]> | undefined;
  return () =>
    (read ??= roadClosingHazards().then((hazards) =>
      hazards.flatMap((hazard) => {
        const record = routeClosureOfHazard(hazard);
        return record ? [{ record, cells: cellsOfHazard(hazard) }] : [];
      }),
    ));
}

/** The ClosureSource of the directions resolver: the councils' closures and the state's closed roads. */
export function tableClosureSource(now: number): ClosureSource {
  const state = stateClosures();
  return {
    async inCells(cells) {
      const wanted = new Set(cells);
      const [council, closedByState] = await Promise.all([closuresInCells(cells), state()]);
      return [...council, ...closedByState.filter((s) => [...s.cells].some((cell) => wanted.has(cell))).map((s) => s.record)];
    },
    async inBounds(bbox) {
      const [council, closedByState] = await Promise.all([closuresOfLgasMeeting(bbox, now), state()]);
      const inBox = (record: ClosureRecord) =>
        record.regions.some((r) => (r.geometry.coordinates as number[][]).some(([lng, lat]) => lng >= bbox[0] && lng <= bbox[2] && lat >= bbox[1] && lat <= bbox[3]));
      return [...council, ...closedByState.map((s) => s.record).filter(inBox)];
    },
  };
}
