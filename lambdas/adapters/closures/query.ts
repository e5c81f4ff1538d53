// Staff lists of an LGA's closures (gsi1: LGA#{code}#CLOSURES / {view}#{updatedAt}), newest
// first, paged with an opaque token. Stored views are key ranges; the clock-dependent views read
// the ACTIVE range with a key bound (STALE) or a filter (reopening scheduled/overdue), never a scan.
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { effectiveView, isStoredView, STALE_AFTER_SECONDS, STORED_VIEWS, type ClosureView } from '../../core/closure-views';
import { invalidNextToken } from '../../core/closures/input';
import type { ClosureRecord } from '../../core/closures/types';
import { dynamoClient, tableName } from '../db/client';
import { db } from '../db/db';
import { readViewCounters, toRecord } from './store';

export const lgaPartition = (lgaCode: string) => `LGA#${lgaCode}#CLOSURES`;
/** Unix seconds have 10 digits until 2286, so the string order of `{view}#{updatedAt}` is time order. */
const HIGHEST = '~';

type KeyCondition = Pick<QueryCommandInput, 'KeyConditionExpression' | 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;

export function viewCondition(lgaCode: string, view: ClosureView, now: number): KeyCondition {
  const names = { '#pk': 'gsi1pk', '#sk': 'gsi1sk' };
  const range = (from: string, to: string): KeyCondition => ({
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ':pk': lgaPartition(lgaCode), ':from': from, ':to': to },
  });
  if (isStoredView(view)) return range(`${view}#`, `${view}#${HIGHEST}`);
  if (view === 'STALE') return range('ACTIVE#', `ACTIVE#${now - STALE_AFTER_SECONDS}`);
  const active = range('ACTIVE#', `ACTIVE#${HIGHEST}`);
  return {
    ...active,
    FilterExpression: view === 'REOPENING_SCHEDULED' ? '#er > :now' : '#er <= :now',
    ExpressionAttributeNames: { ...names, '#er': 'estimatedReopening' },
    ExpressionAttributeValues: { ...active.ExpressionAttributeValues, ':now': now },
  };
}

function encodeToken(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

/** A token only ever continues the list it came from: its partition must be this LGA's. */
function decodeToken(token: string, lgaCode: string): Record<string, string> {
  try {
    const key = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    const fields = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
    const valid =
      key !== null &&
      typeof key === 'object' &&
      Object.keys(key).length === fields.length &&
      fields.every((f) => typeof key[f] === 'string') &&
      key.gsi1pk === lgaPartition(lgaCode);
    if (!valid) throw invalidNextToken();
    return key as Record<string, string>;
  } catch {
    throw invalidNextToken();
  }
}

export interface ClosurePage {
  items: ClosureRecord[];
  nextToken: string | null;
  itemsRead: number;
}

/** Round trips per page before handing back a partial page with a token (filtered views). */
const MAX_ROUND_TRIPS = 10;

export async function listClosuresByView(
  lgaCode: string,
  view: ClosureView,
  options: { limit: number; nextToken?: string | null; now: number },
): Promise<ClosurePage> {
  const condition = viewCondition(lgaCode, view, options.now);
  let startKey: Record<string, unknown> | undefined = options.nextToken ? decodeToken(options.nextToken, lgaCode) : undefined;
  const items: ClosureRecord[] = [];
  let itemsRead = 0;
  for (let trip = 0; trip < MAX_ROUND_TRIPS; trip++) {
    // Limit counts items read before the filter, so asking for what is missing never overshoots
    // and the last evaluated key is always a correct place to continue.
    const result = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        ...condition,
        ScanIndexForward: false,
        Limit: options.limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    itemsRead += result.ScannedCount ?? 0;
    items.push(...(db().entities.closure.parse({ Items: result.Items ?? [] })?.data ?? []).map(toRecord));
    startKey = result.LastEvaluatedKey;
    if (!startKey || items.length >= options.limit) break;
  }
  return { items, nextToken: encodeToken(startKey), itemsRead };
}

/** Count of a clock-dependent view: a COUNT query over the LGA's ACTIVE range. */
export async function countTimedView(lgaCode: string, view: ClosureView, now: number): Promise<number> {
  const condition = viewCondition(lgaCode, view, now);
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamoClient().send(
      new QueryCommand({ TableName: tableName(), IndexName: 'gsi1', ...condition, Select: 'COUNT', ExclusiveStartKey: startKey }),
    );
    count += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** Stored views from the counters; the others from COUNT queries. */
export async function countClosures(lgaCode: string, view: ClosureView, now: number): Promise<number> {
  if (isStoredView(view)) return (await readViewCounters(lgaCode, [view]))[view];
  return countTimedView(lgaCode, view, now);
}

/** Every closure of the LGA in a view (for small ranges: scheduled closures, overdue ones). */
export async function allClosuresInView(lgaCode: string, view: ClosureView, now: number): Promise<ClosureRecord[]> {
  const out: ClosureRecord[] = [];
  let token: string | null | undefined;
  do {
    const page = await listClosuresByView(lgaCode, view, { limit: 100, nextToken: token, now });
    out.push(...page.items);
    token = page.nextToken;
  } while (token);
  return out;
}

/** Active closures of an LGA: the ACTIVE list plus scheduled ones whose start has passed. */
export async function activeClosuresOf(lgaCode: string, now: number): Promise<ClosureRecord[]> {
  const [active, scheduled] = await Promise.all([allClosuresInView(lgaCode, 'ACTIVE', now), allClosuresInView(lgaCode, 'SCHEDULED', now)]);
  return [...active, ...scheduled.filter((c) => effectiveView(c, now) === 'ACTIVE')].sort((a, b) => b.updatedAt - a.updatedAt);
}

export const RECENT_WINDOW_SECONDS = 12 * 3600;
export const DASHBOARD_LIMIT = 5;

/** Spec §7: changes in the last 12 hours, newest first, at most 5: one small query per stored view. */
export async function recentChanges(lgaCode: string, now: number): Promise<ClosureRecord[]> {
  const since = now - RECENT_WINDOW_SECONDS;
  const perView = await Promise.all(
    STORED_VIEWS.map(async (view) => {
      const result = await dynamoClient().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
          ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
          ExpressionAttributeValues: { ':pk': lgaPartition(lgaCode), ':from': `${view}#${since}`, ':to': `${view}#${HIGHEST}` },
          ScanIndexForward: false,
          Limit: DASHBOARD_LIMIT,
        }),
      );
      return (db().entities.closure.parse({ Items: result.Items ?? [] })?.data ?? []).map(toRecord);
    }),
  );
  return perView
    .flat()
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, DASHBOARD_LIMIT);
}
