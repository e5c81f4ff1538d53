// Report and cluster state transitions (spec §4). Pure: each returns the record to write with
// its activity entry appended; the adapter writes it with a version check.
import { conflict } from '../errors';
import { REPORT_MESSAGES, type Actor, type ClusterRecord, type ReportRecord, type ReportStatus } from './model';

function next(r: ReportRecord, actor: Actor, now: number, what: string, changes: Partial<ReportRecord>, why?: string): ReportRecord {
  return {
    ...r,
    ...changes,
    activity: [...r.activity, { what, who: actor, when: now, ...(why ? { why } : {}) }],
    version: r.version + 1,
    updatedAt: now,
  };
}

/** Spec §4: any state to retracted, by the author; it leaves its cluster. */
export function retract(r: ReportRecord, actor: Actor, now: number): ReportRecord {
  if (r.status === 'retracted') throw conflict(REPORT_MESSAGES.alreadyRetracted);
  return next(r, actor, now, 'retracted', { status: 'retracted', retractedAt: now, clusterId: r.status === 'pending' ? undefined : r.clusterId });
}

/** pending → approved, linked to the closure made for it (or its cluster). */
export function approve(r: ReportRecord, actor: Actor, now: number, closureId: string, via?: string): ReportRecord {
  if (r.status !== 'pending') throw conflict(REPORT_MESSAGES.notPending);
  return next(r, actor, now, via ? `approved (${via})` : 'approved', { status: 'approved', approvedAt: now, closureId });
}

/** pending → denied with the moderator's reason; it leaves its cluster. */
export function deny(r: ReportRecord, actor: Actor, now: number, reason: string): ReportRecord {
  if (r.status !== 'pending') throw conflict(REPORT_MESSAGES.notPending);
  return next(r, actor, now, 'denied', { status: 'denied', deniedAt: now, reason, clusterId: undefined }, reason);
}

/** A cluster rejection sets its pending members to rejected with the reason. */
export function reject(r: ReportRecord, actor: Actor, now: number, reason: string): ReportRecord {
  if (r.status !== 'pending') throw conflict(REPORT_MESSAGES.notPending);
  return next(r, actor, now, 'rejected', { status: 'rejected', rejectedAt: now, reason }, reason);
}

export function assertClusterPending(c: ClusterRecord): void {
  if (c.status !== 'pending') throw conflict(REPORT_MESSAGES.clusterNotPending);
}

export const approvedCluster = (c: ClusterRecord, now: number, closureId: string): ClusterRecord => ({
  ...c,
  status: 'approved',
  approvedAt: now,
  closureId,
  version: c.version + 1,
  updatedAt: now,
});

export const rejectedCluster = (c: ClusterRecord, now: number, reason: string): ClusterRecord => ({
  ...c,
  status: 'rejected',
  rejectedAt: now,
  reason,
  version: c.version + 1,
  updatedAt: now,
});

/** Statuses a moderator's LGA list shows (retracted reports are hidden, spec §4). */
export const LISTED_STATUSES: ReportStatus[] = ['pending', 'approved', 'denied', 'rejected'];
