// The public map's viewport query (docs/data.md#the-public-map-index): the precision follows the
// view's size. A town view reads the fine index (gsi3, precision-5 cells MAP#{cell}, plus
// MAP#L{geohash4} of long closures), a council or regional view the coarse one (gsi2, precision-4
// cells GEO#{cell}); both hold only closures that are on the map (sparse). Closures found only
// through a pointer item are loaded when their box meets the view, and the visible ones whose
// regions meet the bounds are kept. A viewport too big for cells falls back to the LGAs that have
// closures (the view counters name them) and their gsi1 lists. Never a scan.
import { effectiveView } from '../../core/closure-views';
import { validationError } from '../../core/errors';
import { bboxesMeet, bboxOf, cellsCovering, type Bbox, type Bounds } from '../../core/closures/geometry';
import { fineCellsCovering, MAX_COARSE_VIEW_CELLS, viewPrecision } from '../../core/closures/map-index';
import { fitsResponse } from '../../core/closures/response-size';
import type { ClosureRecord } from '../../core/closures/types';
import { tableName } from '../db/client';
import { closureFromItem, MAP_PROJECTION } from '../db/closure-item';
import { db } from '../db/db';
import { lgasWithClosures, toRecord } from './store';
import { closuresInCells, inBatches, queryPages } from '../db/geo-cells';
import { lgaPartition } from './query';

/** About 2 × 2 degrees around Forbes; beyond that the per-LGA fallback is cheaper. */
export const MAX_VIEWPORT_CELLS = MAX_COARSE_VIEW_CELLS;
/** The fallback reads each candidate LGA's lists; past this many, ask the user to zoom in. */
export const MAX_FALLBACK_LGAS = 30;
export const ZOOM_IN_MESSAGE = 'Zoom in to see closures';

export interface BoundsResult {
  closures: ClosureRecord[];
  /** Items DynamoDB read (query items before filtering plus batch-got closures): for the bench. */
  itemsRead: number;
  cells: string[];
  strategy: 'fine' | 'cells' | 'lgas';
}

export function isOnPublicMap(c: ClosureRecord, now: number, includeScheduled: boolean): boolean {
  if (!c.active) return false;
  const view = effectiveView(c, now);
  if (view === 'ACTIVE' || view === 'RECENTLY_OPENED') return true;
  return view === 'SCHEDULED' && includeScheduled;
}

function meetsBounds(c: ClosureRecord, bounds: Bounds): boolean {
  const box: Bbox = [bounds.west, bounds.south, bounds.east, bounds.north];
  return c.regions.some((r) => bboxesMeet(bboxOf([r.geometry]), box));
}

async function closuresByLgas(bounds: Bounds): Promise<{ closures: ClosureRecord[]; read: number }> {
  // SCHEDULED is read even without includeScheduled: a started one the schedule has not moved yet shows.
  const views = ['ACTIVE', 'RECENTLY_OPENED', 'SCHEDULED'];
  const codes = [...new Set((await Promise.all(views.map(lgasWithClosures))).flat())];
  let read = codes.length;
  const { data: lgas } = codes.length ? await db().entities.lga.get(codes.map((code) => ({ code }))).go() : { data: [] };
  read += lgas.length;
  const box: Bbox = [bounds.west, bounds.south, bounds.east, bounds.north];
  const candidates = lgas.filter((l) => l && l.bbox?.length === 4 && bboxesMeet(l.bbox as Bbox, box)).map((l) => l!.code);
  if (candidates.length > MAX_FALLBACK_LGAS) throw validationError(ZOOM_IN_MESSAGE);
  const lists = await inBatches(
    candidates.flatMap((code) => views.map((view) => ({ code, view }))),
    ({ code, view }) =>
      queryPages({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :view)',
        ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk', ...MAP_PROJECTION.names },
        ExpressionAttributeValues: { ':pk': lgaPartition(code), ':view': `${view}#` },
        ProjectionExpression: MAP_PROJECTION.expression,
      }),
  );
  const closures: ClosureRecord[] = [];
  for (const { items, read: r } of lists) {
    read += r;
    for (const item of items) if (item.__edb_e__ === 'closure') closures.push(toRecord(closureFromItem(item)));
  }
  return { closures, read };
}

export async function queryClosuresInBounds(
  bounds: Bounds,
  options: { includeScheduled?: boolean; now?: number } = {},
): Promise<BoundsResult> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const includeScheduled = options.includeScheduled ?? false;
  const precision = viewPrecision(bounds);
  const cells = precision === 'fine' ? fineCellsCovering(bounds) : precision === 'coarse' ? cellsCovering(bounds) : [];
  const { closures, read } =
    precision === 'lgas' ? await closuresByLgas(bounds) : await closuresInCells(cells, undefined, { index: precision, bounds });
  const visible = closures
    .filter((c) => isOnPublicMap(c, now, includeScheduled) && meetsBounds(c, bounds))
    .sort((a, b) => b.updatedAt - a.updatedAt);
  // Never more than one Lambda response can carry: a view that full asks to zoom in.
  if (!fitsResponse(visible)) throw validationError(ZOOM_IN_MESSAGE);
  return { closures: visible, itemsRead: read, cells, strategy: precision === 'coarse' ? 'cells' : precision };
}
