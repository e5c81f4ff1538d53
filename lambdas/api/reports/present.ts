// Reports and clusters as the GraphQL contract shapes them (docs/api.md): type as {value, text},
// statuses lower-case, photos presigned only when the query selects media.
import type { AppSyncResolverEvent } from 'aws-lambda';
import { closureTypeOf } from '../../core/closures/types';
import type { ClusterRecord, ReportActivity, ReportRecord } from '../../core/reports/model';
import { distanceM } from '../../core/reports/cluster';
import { getMediaItems, presentMedia, type PresentedMedia } from '../../adapters/media/store';
import { getReports } from '../../adapters/reports/store';
import { proposedRegion } from '../../adapters/reports/moderation';

type Event = AppSyncResolverEvent<Record<string, unknown>>;

/** Whether the selection (at any depth) includes the named field. */
export const selects = (event: Event, name: string) => (event.info.selectionSetList ?? []).some((path) => path.split('/').includes(name));

async function mediaById(ids: readonly string[]): Promise<Map<string, PresentedMedia>> {
  const items = await getMediaItems([...new Set(ids)]);
  return new Map(await Promise.all(items.map(async (m) => [m.id, await presentMedia(m)] as const)));
}

const pick = (ids: readonly string[], media: Map<string, PresentedMedia>) => ids.map((id) => media.get(id)).filter((m): m is PresentedMedia => Boolean(m));

/** Moderators' emails are shown to staff only; a resident sees who by name. */
function presentActivity(a: ReportActivity, showEmails: boolean, viewerUid?: string) {
  const own = a.who.uid === viewerUid;
  return {
    what: a.what,
    when: a.when,
    why: a.why ?? null,
    who: { uid: a.who.uid, email: showEmails || own ? (a.who.email ?? null) : null, displayName: a.who.displayName ?? null },
  };
}

/** The proposed closure line of a pending report or cluster, as AWSJSON (snapping costs: only when selected). */
function proposalOf(event: Event, pending: boolean, at: { lat: number; lng: number }): string | null {
  if (!pending || !selects(event, 'proposedRegion')) return null;
  const line = proposedRegion(at);
  return line ? JSON.stringify(line) : null;
}

export interface ViewOptions {
  withMedia?: boolean;
  showEmails?: boolean;
  viewerUid?: string;
}

export function presentReport(r: ReportRecord, media: Map<string, PresentedMedia> = new Map(), options: ViewOptions = {}) {
  return {
    id: r.id,
    status: r.status,
    lgaCode: r.lgaCode,
    type: closureTypeOf(r.type),
    description: r.description ?? null,
    position: r.position,
    formattedAddress: r.formattedAddress ?? null,
    nearestLocation: r.nearestLocation ?? null,
    clusterId: r.clusterId ?? null,
    closureId: r.closureId ?? null,
    reason: r.reason ?? null,
    councilUsesApp: r.councilUsesApp,
    mine: options.viewerUid !== undefined && r.uid === options.viewerUid,
    mediaIds: r.media,
    media: pick(r.media, media),
    activity: r.activity.map((a) => presentActivity(a, options.showEmails ?? false, options.viewerUid)),
    approvedAt: r.approvedAt ?? null,
    rejectedAt: r.rejectedAt ?? null,
    deniedAt: r.deniedAt ?? null,
    retractedAt: r.retractedAt ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export async function presentReports(event: Event, reports: ReportRecord[], options: Omit<ViewOptions, 'withMedia'> = {}) {
  const media = selects(event, 'media') ? await mediaById(reports.flatMap((r) => r.media)) : new Map();
  return reports.map((r) => ({ ...presentReport(r, media, options), proposedRegion: proposalOf(event, r.status === 'pending' && !r.closureId, r.position) }));
}

export async function presentClusters(event: Event, clusters: ClusterRecord[], options: Omit<ViewOptions, 'withMedia'> = {}) {
  const withReports = selects(event, 'reports');
  const members = withReports ? await getReports(clusters.flatMap((c) => c.reportIds)) : [];
  const byId = new Map(members.map((r) => [r.id, r]));
  const wantsMedia = selects(event, 'media');
  const media = wantsMedia ? await mediaById([...clusters.flatMap((c) => c.media), ...members.flatMap((r) => r.media)]) : new Map();
  return clusters.map((c) => ({
    id: c.id,
    lgaCode: c.lgaCode,
    status: c.status,
    type: closureTypeOf(c.type),
    center: c.center,
    radius: c.radius,
    reportIds: c.reportIds,
    reportCount: c.reportIds.length,
    closureId: c.closureId ?? null,
    reason: c.reason ?? null,
    formattedAddress: c.formattedAddress ?? null,
    mediaIds: c.media,
    media: pick(c.media, media),
    reports: c.reportIds.map((id) => byId.get(id)).filter((r): r is ReportRecord => Boolean(r)).map((r) => presentReport(r, media, options)),
    approvedAt: c.approvedAt ?? null,
    rejectedAt: c.rejectedAt ?? null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    proposedRegion: proposalOf(event, c.status === 'pending', c.center),
  }));
}

/** What the public may see of a pending cluster near them: where and what, never who. */
export const presentNearbyCluster = (c: ClusterRecord, from: { lat: number; lng: number }) => ({
  id: c.id,
  type: closureTypeOf(c.type),
  center: c.center,
  radius: c.radius,
  reportCount: c.reportIds.length,
  formattedAddress: c.formattedAddress ?? null,
  distance: Math.round(distanceM(from, c.center)),
});
