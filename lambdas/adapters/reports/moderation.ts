// Moderation: approving a cluster (or a lone report) creates its closure and approves the
// members in ONE transaction with the closure (the closure's own writes plus ours, through
// saveClosureChange's extra writes), so a retry after any failure finds either nothing done or
// the cluster already approved. Rejecting, denying and editing clusters are version-checked.
import { randomUUID } from 'node:crypto';
import { conflict, validationError } from '../../core/errors';
import { ClosureInput, type ClosureInputValue } from '../../core/closures/input';
import { closureReference } from '../../core/closures/media';
import * as closureTransitions from '../../core/closures/state';
import { getRoadEngine } from '../../core/roads/engine';
import { geohashesOf } from '../../core/reports/cluster';
import { MAX_CLUSTER_MEDIA, REPORT_MESSAGES, type Actor, type ClusterRecord, type ClusterUpdateValue, type ReportRecord } from '../../core/reports/model';
import { regionAround, type RoadSnapper } from '../../core/reports/region';
import * as transitions from '../../core/reports/state';
import type { ClosureRecord, LatLng } from '../../core/closures/types';
import { saveClosureChange } from '../closures/store';
import { changeContext } from '../closures/commands';
import { publishEvent } from '../platform/events';
import {
  PENDING_CLUSTERS_COUNTER,
  clusterWrite,
  commitChange,
  counterAdd,
  getReports,
  reportWrite,
  type TransactionEntities,
} from './store';
import { leaveClusterWrites, publishStatusChange } from './commands';

const nowSeconds = () => Math.floor(Date.now() / 1000);

function roadEngine(): RoadSnapper | undefined {
  try {
    return getRoadEngine();
  } catch {
    return undefined;
  }
}

/** What a moderator is told when approving with no line placed where no road is near. */
export const PLACE_ON_ROAD_FIRST = 'No road is near this report: place the closure on the road (snapped or drawn by hand) before approving';

/** The road stretch approving would close when the moderator places no line; null when no road is near. */
export function proposedRegion(center: LatLng) {
  const around = regionAround(center, roadEngine());
  return around.snapped ? around.geometry : null;
}

/** A line the moderator placed on the map (snapped, or drawn by hand where no road was near). */
export type PlacedRegions = ClosureInputValue['regions'];

/**
 * The closure input for a report's or cluster's place; validated like any staff-made closure.
 * Its line is the moderator's, else the proposed stretch of the nearest road: never a line off
 * the road nobody looked at.
 */
function closureInputAt(lgaCode: string, type: string, center: LatLng, publicReason: string | undefined, placed?: PlacedRegions | null) {
  let regions: unknown[];
  if (placed?.length) regions = placed.map(({ geometry, drawnByHand }) => ({ geometry, drawnByHand }));
  else {
    const geometry = proposedRegion(center);
    if (!geometry) throw validationError(PLACE_ON_ROAD_FIRST);
    regions = [{ geometry }];
  }
  const parsed = ClosureInput.safeParse({
    lgaCode,
    type,
    reason: publicReason,
    regions,
  });
  if (!parsed.success) throw validationError(parsed.error.issues[0]?.message ?? 'Invalid closure');
  return parsed.data;
}

type Extra = (e: TransactionEntities) => ReturnType<typeof counterAdd>[];

/** Creates the closure with the given writes in its transaction; publishes closure.created. */
async function createClosureWith(
  actor: Actor,
  input: ReturnType<typeof closureInputAt>,
  extra: Partial<ClosureRecord>,
  writes: (closureId: string) => Extra,
): Promise<ClosureRecord> {
  const closureId = randomUUID();
  const media = (extra.media ?? []).slice(0, MAX_CLUSTER_MEDIA);
  const change = closureTransitions.createClosure(closureId, input, changeContext(actor), { ...extra, media });
  const more = writes(closureId);
  const saved = await saveClosureChange(change, (e) => [
    ...more(e as unknown as TransactionEntities),
    ...media.map((mediaId) => e.mediaReference.put({ mediaId, ...closureReference(closureId) }).commit()),
  ] as never);
  await publishEvent(change.event, { closureId: saved.id, lgaCode: saved.lgaCode }, actor.uid);
  return saved;
}

/**
 * `publicReason` is the moderator's: the members' descriptions are a resident's words and never
 * become the closure's public reason on their own.
 */
export async function approveCluster(
  cluster: ClusterRecord,
  actor: Actor,
  publicReason: string | undefined,
  now = nowSeconds(),
  placed?: PlacedRegions | null,
): Promise<{ cluster: ClusterRecord; closure: ClosureRecord; reports: ReportRecord[] }> {
  transitions.assertClusterPending(cluster);
  const members = (await getReports(cluster.reportIds)).filter((r) => r.status === 'pending');
  const input = closureInputAt(cluster.lgaCode, cluster.type, cluster.center, publicReason, placed);
  let approved: { cluster: ClusterRecord; reports: ReportRecord[] } | undefined;
  const closure = await createClosureWith(
    actor,
    input,
    { clusterId: cluster.id, source: { type: 'cluster', clusterId: cluster.id, reportIds: members.map((r) => r.id) }, media: cluster.media },
    (closureId) => {
      const after = transitions.approvedCluster(cluster, now, closureId);
      const reports = members.map((r) => transitions.approve(r, actor, now, closureId, 'cluster approved'));
      approved = { cluster: after, reports };
      return (e) => [
        clusterWrite(e, after, cluster),
        counterAdd(e, PENDING_CLUSTERS_COUNTER, cluster.lgaCode, -1),
        ...reports.map((r, i) => reportWrite(e, r, members[i])),
      ];
    },
  );
  const result = { ...approved!, closure };
  await publishEvent(
    'reportCluster.approved',
    {
      clusterId: cluster.id,
      lgaCode: cluster.lgaCode,
      closureId: closure.id,
      type: cluster.type,
      reportIds: result.reports.map((r) => r.id),
      reporterUids: [...new Set(result.reports.map((r) => r.uid))],
      reports: result.reports.map((r) => ({ reportId: r.id, uid: r.uid })),
    },
    actor.uid,
  );
  return result;
}

export async function rejectCluster(cluster: ClusterRecord, actor: Actor, reason: string, now = nowSeconds()): Promise<{ cluster: ClusterRecord; reports: ReportRecord[] }> {
  transitions.assertClusterPending(cluster);
  const members = (await getReports(cluster.reportIds)).filter((r) => r.status === 'pending');
  const after = transitions.rejectedCluster(cluster, now, reason);
  const reports = members.map((r) => transitions.reject(r, actor, now, reason));
  await commitChange((e) => [
    clusterWrite(e, after, cluster),
    counterAdd(e, PENDING_CLUSTERS_COUNTER, cluster.lgaCode, -1),
    ...reports.map((r, i) => reportWrite(e, r, members[i])),
  ]);
  await publishEvent(
    'reportCluster.rejected',
    {
      clusterId: cluster.id,
      lgaCode: cluster.lgaCode,
      reason,
      type: cluster.type,
      reportIds: reports.map((r) => r.id),
      reporterUids: [...new Set(reports.map((r) => r.uid))],
      reports: reports.map((r) => ({ reportId: r.id, uid: r.uid })),
    },
    actor.uid,
  );
  return { cluster: after, reports };
}

/** A lone report approved: its own closure (none is linked yet, reason the moderator's), and it leaves its cluster. */
export async function approveReport(
  report: ReportRecord,
  actor: Actor,
  publicReason: string | undefined,
  now = nowSeconds(),
  placed?: PlacedRegions | null,
): Promise<ReportRecord> {
  if (report.status !== 'pending') throw conflict(REPORT_MESSAGES.notPending);
  if (report.closureId) {
    const after = transitions.approve(report, actor, now, report.closureId);
    await commitChange((e) => [reportWrite(e, after, report)]);
    await publishStatusChange(after, actor);
    return after;
  }
  const input = closureInputAt(report.lgaCode, report.type, report.position, publicReason, placed);
  const leave = await leaveClusterWrites(report, now);
  let after: ReportRecord | undefined;
  await createClosureWith(actor, input, { source: { type: 'report', reportId: report.id }, media: report.media }, (closureId) => {
    after = { ...transitions.approve(report, actor, now, closureId), clusterId: undefined };
    return (e) => [reportWrite(e, after!, report), ...(leave(e) as ReturnType<Extra>)];
  });
  await publishStatusChange(after!, actor);
  return after!;
}

/** Moderator edits of a pending cluster: radius, centre and which member photos it keeps. */
export async function updateCluster(cluster: ClusterRecord, input: ClusterUpdateValue, actor: Actor, now = nowSeconds()): Promise<ClusterRecord> {
  transitions.assertClusterPending(cluster);
  const memberMedia = new Set(Object.values(cluster.submissions).flatMap((m) => m.media));
  if (input.mediaIds?.some((id) => !memberMedia.has(id))) throw validationError("Photos must come from the cluster's reports");
  const center = input.center ?? cluster.center;
  const after: ClusterRecord = {
    ...cluster,
    center,
    ...geohashesOf(center),
    radius: input.radius ?? cluster.radius,
    media: input.mediaIds ?? cluster.media,
    version: cluster.version + 1,
    updatedAt: now,
  };
  await commitChange((e) => [clusterWrite(e, after, cluster)]);
  await publishEvent('reportCluster.updated', { clusterId: cluster.id, lgaCode: cluster.lgaCode, by: actor.uid }, actor.uid);
  return after;
}

