// Submitting and retracting reports. A submission is ONE transaction: the per-user hourly rate
// counter (conditional), the report, its cluster (new, or joined with a version check), the
// pending-cluster counter, the claim of the spot when it starts a cluster, and the photos'
// references. Losing a race to another report re-reads the clusters and tries again.
import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { conflict, rateLimited, validationError } from '../../core/errors';
import { isValidSubscription, type CustomerStatus } from '../../core/access';
import { lgaBoundaries } from '../foundation/lga-boundaries';
import { cellsAround, chooseCluster, geohashesOf, newCluster, withMember, withoutMember } from '../../core/reports/cluster';
import { REPORT_MESSAGES, REPORTS_PER_HOUR, type Actor, type ClusterRecord, type ReportInputValue, type ReportRecord } from '../../core/reports/model';
import * as transitions from '../../core/reports/state';
import { locate } from '../closures/commands';
import { db } from '../db/db';
import { publishEvent } from '../platform/events';
import { getMediaItems, keepMediaObjects } from '../media/store';
import {
  PENDING_CLUSTERS_COUNTER,
  REPORT_ATTEMPTS_COUNTER,
  TransactionCancelled,
  clusterDelete,
  claimWrite,
  clusterWrite,
  clustersInCells,
  commitChange,
  counterAdd,
  getCluster,
  getClusterClaim,
  rateCounterName,
  reportWrite,
  writeTransaction,
  type TransactionEntities,
} from './store';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures' });
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Enough for a crowd at one spot: every round of a race lets at least one report in. */
const ATTEMPTS = 16;
const HOUR = 3600;
const CLAIM_LIFETIME = 30 * 24 * HOUR;
/** Full-jitter backoff, so the losers of a round do not all come back together. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1000, 40 * 2 ** attempt)));

/**
 * The pending cluster a report joins: the nearest one the geo index knows, else the one that
 * claimed the report's spot (read from the table, so one created a moment ago counts too).
 * Without either, the report starts a cluster and must win the spot's claim.
 */
async function clusterToJoin(report: ReportRecord): Promise<{ joined?: ClusterRecord; staleClaim?: string }> {
  const joined = chooseCluster(await clustersInCells(cellsAround(report.position)), report);
  if (joined) return { joined };
  const claim = await getClusterClaim(report.lgaCode, report.type, geohashesOf(report.position).geohash7);
  if (!claim) return {};
  const claimed = await getCluster(claim.clusterId, true);
  const open = claimed && chooseCluster([claimed], report);
  return open ? { joined: open } : { staleClaim: claim.clusterId };
}

export const reportReference = (reportId: string) => ({ collection: 'reports', documentId: reportId, field: 'media' });

async function councilUsesApp(lgaCode: string): Promise<boolean> {
  const { data } = await db().entities.customer.get({ lgaCode }).go();
  return isValidSubscription((data?.subscriptionStatus ?? 'none') as CustomerStatus);
}

/** Counted before the limit is applied: every attempt that got this far is an attempt. */
async function countAttempt(lgaCode: string): Promise<void> {
  await Promise.all(
    [lgaCode, 'TOTAL'].map((scope) => db().entities.counter.update({ name: REPORT_ATTEMPTS_COUNTER, scope }).add({ count: 1 }).go()),
  );
}

export interface Submitted {
  report: ReportRecord;
  cluster: ClusterRecord;
}

export async function submitReport(actor: Actor, input: ReportInputValue, now = nowSeconds()): Promise<Submitted> {
  const found = (await lgaBoundaries()).locator.locate(input.position.lng, input.position.lat);
  if (!found) throw validationError(REPORT_MESSAGES.outsideAustralia);
  if (input.lgaCode && input.lgaCode !== found.code) throw validationError(REPORT_MESSAGES.lgaMismatch);
  const mediaIds = input.mediaIds ?? [];
  const media = await getMediaItems(mediaIds);
  if (media.length !== mediaIds.length || media.some((m) => m.uid !== actor.uid)) throw validationError(REPORT_MESSAGES.mediaNotYours);

  await countAttempt(found.code);
  const [usesApp, place] = await Promise.all([councilUsesApp(found.code), Promise.resolve(locate(input.position))]);
  const id = randomUUID();
  const report: ReportRecord = {
    id,
    uid: actor.uid,
    lgaCode: found.code,
    status: 'pending',
    type: input.type,
    description: input.description || undefined,
    position: input.position,
    geohash: geohashesOf(input.position).geohash,
    nearestLocation: place.nearestLocation,
    formattedAddress: place.formattedAddress,
    media: mediaIds,
    activity: [{ what: 'submitted', who: actor, when: now }],
    source: { type: 'user', payload: { uid: actor.uid } },
    councilUsesApp: usesApp,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };

  const bucket = Math.floor(now / HOUR);
  for (let attempt = 1; ; attempt++) {
    const { joined, staleClaim } = await clusterToJoin(report);
    const cluster = joined ? withMember(joined, report, now) : newCluster(randomUUID(), report, now);
    const saved = { ...report, clusterId: cluster.id };
    try {
      await writeTransaction((e) => [
        // First, so a cancellation's first code tells the limit apart from a lost race.
        e.counter
          .update({ name: rateCounterName(actor.uid), scope: `H${bucket}` })
          .add({ count: 1 })
          .set({ expiresAt: (bucket + 2) * HOUR })
          .where(({ count }, { lt, notExists }) => `${notExists(count)} OR ${lt(count, REPORTS_PER_HOUR)}`)
          .commit(),
        reportWrite(e, saved),
        clusterWrite(e, cluster, joined),
        ...(joined
          ? []
          : [
              counterAdd(e, PENDING_CLUSTERS_COUNTER, cluster.lgaCode, 1),
              claimWrite(e, { lgaCode: report.lgaCode, type: report.type, cell: report.geohash.slice(0, 7), clusterId: cluster.id }, staleClaim, now + CLAIM_LIFETIME),
            ]),
        ...mediaIds.map((mediaId) => e.mediaReference.put({ mediaId, ...reportReference(id) }).commit()),
        // Attached: the uploads stop expiring.
        ...mediaIds.map((mediaId) => e.media.patch({ id: mediaId }).remove(['expiresAt']).commit()),
      ]);
      await keepMediaObjects(media);
      await publishEvent(
        'report.submitted',
        { reportId: id, lgaCode: saved.lgaCode, clusterId: cluster.id, reporterUid: actor.uid, type: saved.type, councilUsesApp: usesApp },
        actor.uid,
      );
      return { report: saved, cluster };
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (error.codes[0] === 'ConditionalCheckFailed') throw rateLimited(REPORT_MESSAGES.rateLimited);
      logger.info('cluster changed while reporting; retrying', { attempt, codes: error.codes });
      if (attempt >= ATTEMPTS) throw conflict(REPORT_MESSAGES.changed);
      await pause(attempt);
    }
  }
}

/** The writes that take a pending report out of its cluster (the cluster goes with its last member). */
export async function leaveClusterWrites(report: ReportRecord, now: number) {
  if (report.status !== 'pending' || !report.clusterId) return () => [];
  const cluster = await getCluster(report.clusterId);
  if (!cluster || cluster.status !== 'pending' || !cluster.submissions[report.id]) return () => [];
  const after = withoutMember(cluster, report.id, now);
  return (e: TransactionEntities) =>
    after ? [clusterWrite(e, after, cluster)] : [clusterDelete(e, cluster), counterAdd(e, PENDING_CLUSTERS_COUNTER, cluster.lgaCode, -1)];
}

export async function publishStatusChange(report: ReportRecord, actor: Actor): Promise<void> {
  await publishEvent(
    'report.statusChanged',
    {
      reportId: report.id,
      lgaCode: report.lgaCode,
      status: report.status,
      reporterUid: report.uid,
      reporterUids: [report.uid],
      closureId: report.closureId ?? null,
      reason: report.reason ?? null,
      type: report.type,
    },
    actor.uid,
  );
}

/** Spec §4: any state to retracted by the author; a pending one leaves its cluster. */
export async function retractReport(report: ReportRecord, actor: Actor, now = nowSeconds()): Promise<ReportRecord> {
  const after = transitions.retract(report, actor, now);
  const leave = await leaveClusterWrites(report, now);
  await commitChange((e) => [reportWrite(e, after, report), ...leave(e)]);
  await publishStatusChange(after, actor);
  return after;
}

/** pending → denied with a reason (moderators); it leaves its cluster. */
export async function denyReport(report: ReportRecord, actor: Actor, reason: string, now = nowSeconds()): Promise<ReportRecord> {
  const after = transitions.deny(report, actor, now, reason);
  const leave = await leaveClusterWrites(report, now);
  await commitChange((e) => [reportWrite(e, after, report), ...leave(e)]);
  await publishStatusChange(after, actor);
  return after;
}
