// Clustering (pure): which pending cluster a new report joins, and a cluster's centre, radius,
// geohash cells, photos and reporters recomputed from its members after every change.
import ngeohash from 'ngeohash';
import { haversine } from '../roads/geo';
import type { LatLng } from '../closures/types';
import {
  CLUSTER_MARGIN_M,
  DEFAULT_CLUSTER_RADIUS_M,
  MAX_CLUSTER_MEDIA,
  MAX_CLUSTER_MEMBERS,
  type ClusterMember,
  type ClusterRecord,
  type ReportRecord,
} from './model';

export const distanceM = (a: LatLng, b: LatLng) => haversine(a.lng, a.lat, b.lng, b.lat);

/**
 * The precision-4 cells a cluster reaching the point can be indexed in: the point's cell and its
 * eight neighbours. A cell is at least ~20 km across in Australia, far more than any radius.
 */
export function cellsAround(point: LatLng): string[] {
  const own = ngeohash.encode(point.lat, point.lng, 4);
  return [own, ...ngeohash.neighbors(own)];
}

/** The nearest pending cluster of the same type and LGA whose radius reaches the point. */
export function chooseCluster(candidates: readonly ClusterRecord[], report: Pick<ReportRecord, 'lgaCode' | 'type' | 'position'>): ClusterRecord | undefined {
  let best: ClusterRecord | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c.status !== 'pending' || c.type !== report.type || c.lgaCode !== report.lgaCode) continue;
    if (c.reportIds.length >= MAX_CLUSTER_MEMBERS) continue;
    const d = distanceM(c.center, report.position);
    if (d <= Math.max(c.radius, DEFAULT_CLUSTER_RADIUS_M) && d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

export function geohashesOf(center: LatLng) {
  const geohash = ngeohash.encode(center.lat, center.lng, 9);
  return { geohash, geohash4: geohash.slice(0, 4), geohash7: geohash.slice(0, 7) };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Centre = mean of the members, radius = max(default, farthest member + margin) unless a
 * moderator set a larger one; photos and reporters are the members' (first come first kept).
 */
export function recompute(
  base: Omit<ClusterRecord, 'center' | 'radius' | 'geohash' | 'geohash4' | 'geohash7' | 'media' | 'reportIds' | 'reporterUids'> & {
    radius?: number;
    fixedCenter?: LatLng;
    fixedMedia?: string[];
  },
): ClusterRecord {
  const members = Object.entries(base.submissions).sort(([, a], [, b]) => a.createdAt - b.createdAt);
  const center = base.fixedCenter ?? meanOf(members.map(([, m]) => m));
  const farthest = Math.max(0, ...members.map(([, m]) => distanceM(center, m)));
  const derived = Math.max(DEFAULT_CLUSTER_RADIUS_M, Math.ceil(farthest + CLUSTER_MARGIN_M));
  const { fixedCenter: _c, fixedMedia, radius, ...rest } = base;
  void _c;
  const media = fixedMedia ?? [...new Set(members.flatMap(([, m]) => m.media))].slice(0, MAX_CLUSTER_MEDIA);
  return {
    ...rest,
    center,
    radius: Math.max(derived, radius ?? 0),
    ...geohashesOf(center),
    media,
    reportIds: members.map(([id]) => id),
    reporterUids: [...new Set(members.map(([, m]) => m.uid))],
  };
}

function meanOf(points: readonly LatLng[]): LatLng {
  if (points.length === 0) return { lat: 0, lng: 0 };
  const lat = points.reduce((s, p) => s + p.lat, 0) / points.length;
  const lng = points.reduce((s, p) => s + p.lng, 0) / points.length;
  return { lat: round6(lat), lng: round6(lng) };
}

export const memberOf = (r: Pick<ReportRecord, 'position' | 'uid' | 'media' | 'createdAt'>): ClusterMember => ({
  lat: r.position.lat,
  lng: r.position.lng,
  uid: r.uid,
  media: r.media,
  createdAt: r.createdAt,
});

/** A new cluster around its first report. */
export function newCluster(id: string, report: ReportRecord, now: number): ClusterRecord {
  return recompute({
    id,
    lgaCode: report.lgaCode,
    status: 'pending',
    type: report.type,
    formattedAddress: report.formattedAddress,
    nearestLocation: report.nearestLocation,
    submissions: { [report.id]: memberOf(report) },
    version: 1,
    createdAt: now,
    updatedAt: now,
  });
}

/** The cluster with the report added (the moderator's own radius, if larger, is kept). */
export function withMember(cluster: ClusterRecord, report: ReportRecord, now: number): ClusterRecord {
  return recompute({
    ...cluster,
    submissions: { ...cluster.submissions, [report.id]: memberOf(report) },
    radius: cluster.radius,
    version: cluster.version + 1,
    updatedAt: now,
  });
}

/** The cluster without the report; undefined when it was the last member (the cluster goes). */
export function withoutMember(cluster: ClusterRecord, reportId: string, now: number): ClusterRecord | undefined {
  const { [reportId]: _gone, ...rest } = cluster.submissions;
  void _gone;
  if (Object.keys(rest).length === 0) return undefined;
  return recompute({ ...cluster, submissions: rest, radius: undefined, version: cluster.version + 1, updatedAt: now });
}
