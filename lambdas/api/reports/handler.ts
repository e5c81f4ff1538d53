// Reports domain: residents report incidents, see and retract their own reports;
// moderators (canModerateLga with an active customer) work through clusters of reports and
// turn them into closures. Thin: parse, authorize, call the report adapters, present.
import CheapRuler from 'cheap-ruler';
import { z } from 'zod';
import { canModerateLga, isStaff, type Principal } from '../../core/access';
import { forbidden, notFound } from '../../core/errors';
import { isOnPublicMap, queryClosuresInBounds } from '../../adapters/closures/bounds';
import { cellsAround, distanceM } from '../../core/reports/cluster';
import {
  ClusterStatusArg,
  ClusterUpdateInput,
  NEARBY_RADIUS_M,
  PositionInput,
  ReportInput,
  ReportStatusArg,
  clusterId,
  reason,
  reportId,
  reportType,
  type ClusterRecord,
  type ReportRecord,
  type ReportStatus,
} from '../../core/reports/model';
import { LISTED_STATUSES } from '../../core/reports/state';
import { lgaCode } from '../../core/validation';
import { RegionInput } from '../../core/closures/input';
import { MAX_REGIONS, MESSAGES } from '../../core/closures/geometry';
import type { ClosureRecord, LatLng } from '../../core/closures/types';
import { clustersByLga, clustersInCells, getCluster, getReport, pendingClusterCount, reportsByAuthor, reportsByLga } from '../../adapters/reports/store';
import { denyReport, retractReport, submitReport } from '../../adapters/reports/commands';
import { approveCluster, approveReport, rejectCluster, updateCluster, type PlacedRegions } from '../../adapters/reports/moderation';
import { presentClosures } from '../closures/present';
import { actorOf } from '../closures/access';
import { assertLinesInLga } from '../closures/lga-bounds';
import { db } from '../../adapters/db/db';
import { createResolverHandler, field, type ResolverContext } from '../resolver';
import { requireModerator } from './access';
import { presentClusters, presentNearbyCluster, presentReports } from './present';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const DASHBOARD_LIMIT = 5;
type Ctx = ResolverContext<unknown>;

async function loadReport(id: string): Promise<ReportRecord> {
  const report = await getReport(id);
  if (!report) throw notFound(`Report ${id} not found`);
  return report;
}

async function loadCluster(id: string): Promise<ClusterRecord> {
  const cluster = await getCluster(id);
  if (!cluster) throw notFound(`Report cluster ${id} not found`);
  return cluster;
}

/** Spec §6 report viewers: the author, staff who may moderate its LGA, admins. */
const mayView = (p: Principal, r: ReportRecord) => r.uid === p.uid || p.admin || canModerateLga(p, r.lgaCode);
const viewOf = (p: Principal) => ({ viewerUid: p.uid, showEmails: p.admin || isStaff(p) });

async function oneReport(ctx: Ctx, p: Principal, r: ReportRecord) {
  const [presented] = await presentReports(ctx.event, [r], viewOf(p));
  return presented;
}

async function oneCluster(ctx: Ctx, p: Principal, c: ClusterRecord) {
  const [presented] = await presentClusters(ctx.event, [c], viewOf(p));
  return presented;
}

/** Metres from a point to the nearest of a closure's lines. */
function closureDistance(c: ClosureRecord, point: LatLng): number {
  const ruler = new CheapRuler(point.lat, 'meters');
  const p: [number, number] = [point.lng, point.lat];
  let best = distanceM(c.position, point);
  for (const region of c.regions) {
    const line = region.geometry.coordinates as [number, number][];
    if (line.length < 2) continue;
    best = Math.min(best, ruler.distance(p, ruler.pointOnLine(line, p).point));
  }
  return best;
}

/** The line the moderator placed on the map for the closure (snapped, or drawn by hand). */
const placedRegions = z.array(RegionInput).min(1, MESSAGES.noRegions).max(MAX_REGIONS, MESSAGES.tooManyRegions).nullish();

/** A placed line stays inside the council, like any staff-made closure's. */
async function assertPlacedInLga(lgaCode: string, placed: PlacedRegions | null | undefined): Promise<void> {
  if (!placed?.length) return;
  const { data: lga } = await db().entities.lga.get({ code: lgaCode }).go();
  if (lga) await assertLinesInLga(lga, placed.map((r) => r.geometry));
}

const byId = z.object({ id: reportId }).strict();
const byClusterId = z.object({ id: clusterId }).strict();
/**
 * The closure's public reason, written or confirmed by the moderator. A resident's description is
 * never copied into it: it would reach the map, /text, the open feeds and the post writer as the
 * council's words. Empty or absent: the closure has no reason.
 */
const publicReason = z
  .string()
  .trim()
  .max(2000, 'Reason is too long (maximum 2000 characters)')
  .nullish()
  .transform((value) => value || undefined);

export const handler = createResolverHandler({
  submitReport: field({
    args: z.object({ input: ReportInput }).strict(),
    access: 'user',
    // Any signed-in resident whose account still exists.
    async authorize(ctx) {
      await ctx.principal();
    },
    async resolve(ctx) {
      const p = await ctx.principal();
      const { report } = await submitReport(actorOf(p), ctx.args.input);
      return oneReport(ctx, p, report);
    },
  }),

  nearbyForReport: field({
    args: z.object({ position: PositionInput, type: reportType.optional().nullable() }).strict(),
    access: 'public',
    async resolve(ctx) {
      const { position, type } = ctx.args;
      const now = nowSeconds();
      const ruler = new CheapRuler(position.lat, 'meters');
      const [west, south, east, north] = ruler.bufferPoint([position.lng, position.lat], NEARBY_RADIUS_M);
      const [{ closures }, clusters] = await Promise.all([
        queryClosuresInBounds({ west, south, east, north }, { now }),
        clustersInCells(cellsAround(position)),
      ]);
      const near = closures
        .filter((c) => isOnPublicMap(c, now, false) && closureDistance(c, position) <= NEARBY_RADIUS_M)
        .sort((a, b) => closureDistance(a, position) - closureDistance(b, position));
      const pending = clusters
        .filter((c) => c.status === 'pending' && (!type || c.type === type) && distanceM(c.center, position) <= NEARBY_RADIUS_M)
        .sort((a, b) => distanceM(a.center, position) - distanceM(b.center, position));
      return {
        closures: await presentClosures(near, now, false),
        clusters: pending.map((c) => presentNearbyCluster(c, position)),
      };
    },
  }),

  myReports: field({
    args: z.object({}).strict(),
    access: 'user',
    async resolve(ctx) {
      const p = await ctx.principal();
      return presentReports(ctx.event, await reportsByAuthor(p.uid), viewOf(p));
    },
  }),

  report: field({
    args: byId,
    access: 'user',
    async resolve(ctx) {
      const p = await ctx.principal();
      const report = await loadReport(ctx.args.id);
      if (!mayView(p, report)) throw forbidden();
      return oneReport(ctx, p, report);
    },
  }),

  reportsByLga: field({
    args: z.object({ lgaCode, status: ReportStatusArg.optional().nullable() }).strict(),
    access: 'user',
    async resolve(ctx) {
      const p = requireModerator(await ctx.principal(), ctx.args.lgaCode);
      const statuses: ReportStatus[] = ctx.args.status ? [ctx.args.status.toLowerCase() as ReportStatus] : LISTED_STATUSES;
      const lists = await Promise.all(statuses.map((s) => reportsByLga(ctx.args.lgaCode, s)));
      const reports = lists.flat().sort((a, b) => b.createdAt - a.createdAt);
      return presentReports(ctx.event, reports, viewOf(p));
    },
  }),

  retractReport: field({
    args: byId,
    access: 'user',
    async resolve(ctx) {
      const p = await ctx.principal();
      const report = await loadReport(ctx.args.id);
      // Spec §4: the author only.
      if (report.uid !== p.uid) throw forbidden();
      return oneReport(ctx, p, await retractReport(report, actorOf(p)));
    },
  }),

  approveReport: field({
    args: z.object({ id: reportId, reason: publicReason, regions: placedRegions }).strict(),
    access: 'user',
    async resolve(ctx) {
      const report = await loadReport(ctx.args.id);
      const p = requireModerator(await ctx.principal(), report.lgaCode);
      await assertPlacedInLga(report.lgaCode, ctx.args.regions);
      return oneReport(ctx, p, await approveReport(report, actorOf(p), ctx.args.reason, undefined, ctx.args.regions));
    },
  }),

  denyReport: field({
    args: z.object({ id: reportId, reason }).strict(),
    access: 'user',
    async resolve(ctx) {
      const report = await loadReport(ctx.args.id);
      const p = requireModerator(await ctx.principal(), report.lgaCode);
      return oneReport(ctx, p, await denyReport(report, actorOf(p), ctx.args.reason));
    },
  }),

  reportClusters: field({
    args: z.object({ lgaCode, status: ClusterStatusArg.optional().nullable() }).strict(),
    access: 'user',
    async resolve(ctx) {
      const p = requireModerator(await ctx.principal(), ctx.args.lgaCode);
      const status = (ctx.args.status ?? 'PENDING').toLowerCase() as ClusterRecord['status'];
      return presentClusters(ctx.event, await clustersByLga(ctx.args.lgaCode, status), viewOf(p));
    },
  }),

  pendingClustersCard: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async resolve(ctx) {
      const p = requireModerator(await ctx.principal(), ctx.args.lgaCode);
      const [items, count] = await Promise.all([
        clustersByLga(ctx.args.lgaCode, 'pending', DASHBOARD_LIMIT),
        pendingClusterCount(ctx.args.lgaCode),
      ]);
      return { lgaCode: ctx.args.lgaCode, count, items: await presentClusters(ctx.event, items, viewOf(p)) };
    },
  }),

  reportCluster: field({
    args: byClusterId,
    access: 'user',
    async resolve(ctx) {
      const cluster = await loadCluster(ctx.args.id);
      const p = requireModerator(await ctx.principal(), cluster.lgaCode);
      return oneCluster(ctx, p, cluster);
    },
  }),

  approveCluster: field({
    args: z.object({ id: clusterId, reason: publicReason, regions: placedRegions }).strict(),
    access: 'user',
    async resolve(ctx) {
      const cluster = await loadCluster(ctx.args.id);
      const p = requireModerator(await ctx.principal(), cluster.lgaCode);
      await assertPlacedInLga(cluster.lgaCode, ctx.args.regions);
      return oneCluster(ctx, p, (await approveCluster(cluster, actorOf(p), ctx.args.reason, undefined, ctx.args.regions)).cluster);
    },
  }),

  rejectCluster: field({
    args: z.object({ id: clusterId, reason }).strict(),
    access: 'user',
    async resolve(ctx) {
      const cluster = await loadCluster(ctx.args.id);
      const p = requireModerator(await ctx.principal(), cluster.lgaCode);
      return oneCluster(ctx, p, (await rejectCluster(cluster, actorOf(p), ctx.args.reason)).cluster);
    },
  }),

  updateCluster: field({
    args: z.object({ id: clusterId, input: ClusterUpdateInput }).strict(),
    access: 'user',
    async resolve(ctx) {
      const cluster = await loadCluster(ctx.args.id);
      const p = requireModerator(await ctx.principal(), cluster.lgaCode);
      const { center } = ctx.args.input;
      // A moderator cannot move a cluster (and the closure it becomes) out of its LGA.
      if (center) {
        const { data: lga } = await db().entities.lga.get({ code: cluster.lgaCode }).go();
        if (lga) await assertLinesInLga(lga, [{ type: 'LineString', coordinates: [[center.lng, center.lat]] }]);
      }
      return oneCluster(ctx, p, await updateCluster(cluster, ctx.args.input, actorOf(p)));
    },
  }),
});
