// The map's shared index: gsi2 partitions GEO#{geohash4} hold closures, the extra-cell items of
// closures that span several cells, and report clusters; gsi3 partitions MAP#{geohash5} (and
// MAP#L{geohash4} for long closures) are the fine map index of town views. One paginated reader
// serves the viewport query, directions and report clustering.
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Bounds } from '../../core/closures/geometry';
import { pointerMeets } from '../../core/closures/map-index';
import type { ClosureRecord } from '../../core/closures/types';
import { dynamoClient, tableName } from './client';
import { closureFromItem, MAP_PROJECTION } from './closure-item';
import { getClosures, toRecord } from '../closures/store';

export type Item = Record<string, unknown>;

/** Cells (or lists) read at once: enough to overlap latency, few enough to stay polite. */
const CONCURRENCY = 8;

export async function inBatches<T, R>(values: readonly T[], run: (value: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CONCURRENCY) out.push(...(await Promise.all(values.slice(i, i + CONCURRENCY).map(run))));
  return out;
}

/** Every page of a query; `read` counts the items DynamoDB read (before any filter). */
export async function queryPages(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<{ items: Item[]; read: number }> {
  const items: Item[] = [];
  let read = 0;
  let startKey: Item | undefined;
  do {
    const result = await dynamoClient().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(result.Items ?? []));
    read += result.ScannedCount ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return { items, read };
}

export interface CellFilter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** The coarse (gsi2, GEO#) or the fine (gsi3, MAP#) map index. */
export type MapIndexName = 'coarse' | 'fine';
const INDEXES = { coarse: { name: 'gsi2', pk: 'gsi2pk', prefix: 'GEO#' }, fine: { name: 'gsi3', pk: 'gsi3pk', prefix: 'MAP#' } } as const;

/**
 * One cell's partition, optionally filtered on the server (it still counts what it read), and
 * optionally projected to the attributes named (the items read stay the same).
 */
export function queryGeoCell(
  cell: string,
  filter?: CellFilter,
  index: MapIndexName = 'coarse',
  projection?: { expression: string; names: Record<string, string> },
): Promise<{ items: Item[]; read: number }> {
  const { name, pk, prefix } = INDEXES[index];
  return queryPages({
    TableName: tableName(),
    IndexName: name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': pk, ...filter?.names, ...projection?.names },
    ExpressionAttributeValues: { ':pk': `${prefix}${cell}`, ...filter?.values },
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ...(projection ? { ProjectionExpression: projection.expression } : {}),
  });
}

const POINTERS = new Set(['closureCell', 'closureMapCell']);

/**
 * The closures indexed in the cells: closure items directly, closures found through a pointer
 * item fetched once each (with `bounds`, only those whose box meets it). `read` is items read
 * plus closures fetched.
 */
export async function closuresInCells(
  cells: readonly string[],
  filter?: CellFilter,
  options: { index?: MapIndexName; bounds?: Bounds } = {},
): Promise<{ closures: ClosureRecord[]; read: number }> {
  const found = new Map<string, ClosureRecord>();
  const viaCell = new Set<string>();
  let read = 0;
  for (const { items, read: r } of await inBatches(cells, (cell) => queryGeoCell(cell, filter, options.index, MAP_PROJECTION))) {
    read += r;
    for (const item of items) {
      if (item.__edb_e__ === 'closure') {
        const closure = toRecord(closureFromItem(item));
        found.set(closure.id, closure);
      } else if (POINTERS.has(item.__edb_e__ as string) && typeof item.closureId === 'string') {
        if (!options.bounds || pointerMeets(item.bbox as number[] | undefined, options.bounds)) viaCell.add(item.closureId);
      }
    }
  }
  const missing = [...viaCell].filter((id) => !found.has(id));
  const loaded = await getClosures(missing);
  for (const closure of loaded) found.set(closure.id, closure);
  return { closures: [...found.values()], read: read + loaded.length };
}
