// The closures a trip may meet, read the way the public map reads them (DESIGN §5): each
// precision-4 cell's gsi2 partition (GEO#{cell}: closures and the cell items of closures that
// reach into the cell), or, for trips too long for cells, the ACTIVE and SCHEDULED lists of the
// LGAs that have closures (their view counters name them). Never a scan.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Bbox } from '../core/directions/closures';
import type { ClosureSource } from '../core/directions/trip';
import type { ClosureRecord } from '../core/closures/types';
import { dynamoClient, tableName } from './db/client';
import { db } from './db/db';
import { getClosures, lgasWithClosures, toRecord } from './closures';
import { allClosuresInView } from './closures-query';

const CONCURRENCY = 8;
/** Views whose closures may close a road now: a scheduled one whose start has passed counts until the schedule moves it. */
const LIVE_VIEWS = ['ACTIVE', 'SCHEDULED'] as const;

async function inBatches<T, R>(values: readonly T[], run: (value: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CONCURRENCY) out.push(...(await Promise.all(values.slice(i, i + CONCURRENCY).map(run))));
  return out;
}

async function cellItems(cell: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: '#pk = :pk',
        // The partition also holds report clusters and closed-for-good closures: skip them on the server.
        FilterExpression: '#entity = :cell OR (#entity = :closure AND #view IN (:active, :scheduled))',
        ExpressionAttributeNames: { '#pk': 'gsi2pk', '#entity': '__edb_e__', '#view': 'view' },
        ExpressionAttributeValues: { ':pk': `GEO#${cell}`, ':cell': 'closureCell', ':closure': 'closure', ':active': 'ACTIVE', ':scheduled': 'SCHEDULED' },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export async function closuresInCells(cells: readonly string[]): Promise<ClosureRecord[]> {
  const found = new Map<string, ClosureRecord>();
  const viaCell = new Set<string>();
  for (const items of await inBatches(cells, cellItems)) {
    for (const item of items) {
      if (item.__edb_e__ === 'closure') {
        const parsed = db().entities.closure.parse({ Item: item })?.data;
        if (parsed) found.set(parsed.id, toRecord(parsed));
      } else if (typeof item.closureId === 'string') viaCell.add(item.closureId);
    }
  }
  const missing = [...viaCell].filter((id) => !found.has(id));
  for (const closure of await getClosures(missing)) found.set(closure.id, closure);
  return [...found.values()];
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
