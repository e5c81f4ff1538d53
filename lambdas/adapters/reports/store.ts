// Report and cluster persistence (docs/data.md#entities): reads by id, by author, by LGA and
// status, cluster candidates from the shared GEO# cells, and the one-transaction write every change
// goes through.
import { inBatches, queryGeoCell } from '../db/geo-cells';
import { conflict } from '../../core/errors';
import type { ClusterRecord, ClusterStatus, ReportRecord, ReportStatus } from '../../core/reports/model';
import { REPORT_MESSAGES } from '../../core/reports/model';
import { db } from '../db/db';

export const PENDING_CLUSTERS_COUNTER = 'reportClusters#pending';
export const REPORT_ATTEMPTS_COUNTER = 'reportAttempts';
export const rateCounterName = (uid: string) => `reportRate#${uid}`;

type Item = Record<string, unknown>;

export function toReport(item: Item): ReportRecord {
  const r = item as unknown as ReportRecord;
  return {
    ...r,
    media: r.media ?? [],
    activity: (r.activity as ReportRecord['activity'] | undefined) ?? [],
    version: r.version ?? 1,
    councilUsesApp: r.councilUsesApp ?? false,
    source: r.source ?? { type: 'user', payload: { uid: r.uid } },
  };
}

export function toCluster(item: Item): ClusterRecord {
  const c = item as unknown as ClusterRecord;
  return {
    ...c,
    media: c.media ?? [],
    reportIds: c.reportIds ?? [],
    submissions: (c.submissions as ClusterRecord['submissions'] | undefined) ?? {},
    reporterUids: c.reporterUids ?? [],
    version: c.version ?? 1,
  };
}

/** Undefined attributes are left out so a put removes them. */
export function clean<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}

export async function getReport(id: string): Promise<ReportRecord | undefined> {
  const { data } = await db().entities.report.get({ id }).go();
  return data ? toReport(data as Item) : undefined;
}

export async function getReports(ids: readonly string[]): Promise<ReportRecord[]> {
  if (ids.length === 0) return [];
  const { data } = await db()
    .entities.report.get(ids.map((id) => ({ id })))
    .go({ preserveBatchOrder: true });
  return data.filter(Boolean).map((d) => toReport(d as Item));
}

export async function getCluster(id: string, consistent = false): Promise<ClusterRecord | undefined> {
  const { data } = await db().entities.reportCluster.get({ id }).go({ consistent });
  return data ? toCluster(data as Item) : undefined;
}

export async function reportsByAuthor(uid: string, limit = 100): Promise<ReportRecord[]> {
  const { data } = await db().entities.report.query.byAuthor({ uid }).go({ order: 'desc', limit });
  return data.map((d) => toReport(d as Item));
}

export async function reportsByLga(lgaCode: string, status: ReportStatus, limit = 100): Promise<ReportRecord[]> {
  const { data } = await db().entities.report.query.byLgaStatus({ lgaCode, status }).go({ order: 'desc', limit });
  return data.map((d) => toReport(d as Item));
}

export async function clustersByLga(lgaCode: string, status: ClusterStatus, limit = 100): Promise<ClusterRecord[]> {
  const { data } = await db().entities.reportCluster.query.byLgaStatus({ lgaCode, status }).go({ order: 'desc', limit });
  return data.map((d) => toCluster(d as Item));
}

export async function pendingClusterCount(lgaCode: string): Promise<number> {
  const { data } = await db().entities.counter.get({ name: PENDING_CLUSTERS_COUNTER, scope: lgaCode }).go();
  return Math.max(0, data?.count ?? 0);
}

/** The GEO# partitions are shared with closures: keep report clusters, on the server. */
const CLUSTERS_ONLY = { expression: '#e = :e', names: { '#e': '__edb_e__' }, values: { ':e': 'reportCluster' } };

/** Clusters indexed in the given precision-4 cells. */
export async function clustersInCells(cells: readonly string[]): Promise<ClusterRecord[]> {
  const found = new Map<string, ClusterRecord>();
  const perCell = await inBatches(cells, (cell) => queryGeoCell(cell, CLUSTERS_ONLY));
  for (const { items } of perCell) {
    for (const item of items) {
      const parsed = db().entities.reportCluster.parse({ Item: item });
      if (parsed?.data) found.set(parsed.data.id, toCluster(parsed.data as Item));
    }
  }
  return [...found.values()];
}

export type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];
type Commit = ReturnType<ReturnType<TransactionEntities['report']['delete']>['commit']>;

/** Reasons a transaction was cancelled, per write, in order. */
export class TransactionCancelled extends Error {
  constructor(readonly codes: (string | undefined)[]) {
    super('transaction cancelled');
  }
}

export async function writeTransaction(build: (entities: TransactionEntities) => Commit[]): Promise<void> {
  const result = await db().transaction.write((entities) => build(entities) as never).go();
  if (result.canceled) {
    throw new TransactionCancelled((result.data as { code?: string }[]).map((r) => r?.code));
  }
}

/** Version-checked put of a report that existed; create of a new one. */
export function reportWrite(e: TransactionEntities, after: ReportRecord, before?: ReportRecord): Commit {
  const item = clean(after) as never;
  return before
    ? e.report
        .put(item)
        .where(({ version }, { eq }) => eq(version, before.version))
        .commit()
    : e.report.create(item).commit();
}

export function clusterWrite(e: TransactionEntities, after: ClusterRecord, before?: ClusterRecord): Commit {
  const item = clean(after) as never;
  return before
    ? e.reportCluster
        .put(item)
        .where(({ version }, { eq }) => eq(version, before.version))
        .commit()
    : e.reportCluster.create(item).commit();
}

export interface ClusterClaim {
  lgaCode: string;
  type: string;
  cell: string;
  clusterId: string;
}

/** Who started the pending cluster of this type at this spot, read from the table (not an index). */
export async function getClusterClaim(lgaCode: string, type: string, cell: string): Promise<ClusterClaim | undefined> {
  const { data } = await db().entities.reportClusterClaim.get({ lgaCode, type, cell }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * Claims the spot for a new cluster: only when nobody holds it, or when it still names the
 * cluster the caller found closed or gone. A concurrent claim makes the transaction fail.
 */
export function claimWrite(e: TransactionEntities, claim: ClusterClaim, staleClusterId: string | undefined, expiresAt: number): Commit {
  return e.reportClusterClaim
    .put({ ...claim, expiresAt })
    .where(({ clusterId }, { eq, notExists }) => (staleClusterId ? eq(clusterId, staleClusterId) : notExists(clusterId)))
    .commit();
}

export function clusterDelete(e: TransactionEntities, before: ClusterRecord): Commit {
  return e.reportCluster
    .delete({ id: before.id })
    .where(({ version }, { eq }) => eq(version, before.version))
    .commit();
}

export function counterAdd(e: TransactionEntities, name: string, scope: string, by: number): Commit {
  return e.counter.update({ name, scope }).add({ count: by }).commit();
}

/** Runs a change; a lost race (version check) becomes a Conflict the caller may retry. */
export async function commitChange(build: (entities: TransactionEntities) => Commit[]): Promise<void> {
  try {
    await writeTransaction(build);
  } catch (error) {
    if (error instanceof TransactionCancelled) throw conflict(REPORT_MESSAGES.changed);
    throw error;
  }
}
