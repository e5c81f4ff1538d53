// Closing the loop: reporters hear when their report is approved into a closure,
// rejected (with the reason) or when the closure made from it reopens. All under the
// reportOutcomes setting; the actor (the moderator, or a reporter retracting) never hears.
import type { DomainEvent } from '../adapters/platform/events';
import type { ClosureRecord } from '../core/closures/types';
import type { NotificationContent } from '../core/notifications/messages';
import {
  reportApprovedNotification,
  reportRejectedNotification,
  reportedRoadReopenedNotification,
} from '../core/notifications/report-messages';
import type { Channel, NotificationCategory } from '../core/notifications/rules';
import { getCluster, getReport } from '../adapters/reports/store';
import { allowedRecipients } from './recipients';

export interface Delivery {
  uid: string;
  content: NotificationContent;
  /** Set when the user's settings for this category are still to be checked, by the deliverer (notify.ts) beside its writes. */
  category?: NotificationCategory;
  /** With a category: the user's opt-outs as their subscription carries them (absent: read their profile). */
  optOuts?: string[];
}

interface ReportRef {
  reportId: string;
  uid: string;
}

async function toReporters(refs: readonly ReportRef[], content: (ref: ReportRef) => NotificationContent, actor: string | undefined, channel: Channel): Promise<Delivery[]> {
  const candidates = refs.filter((r) => r.uid && r.uid !== actor).map((r) => ({ ...r, category: 'reportOutcomes' as const }));
  const allowed = await allowedRecipients(candidates, channel);
  return allowed.map((r) => ({ uid: r.uid, content: content(r) }));
}

/** Older events carry only reportIds/reporterUids; pairs are exact when `reports` is present. */
function refsOf(detail: { reports?: ReportRef[]; reportIds?: string[]; reporterUids?: string[] }): ReportRef[] {
  if (Array.isArray(detail.reports)) return detail.reports;
  const ids = detail.reportIds ?? [];
  return (detail.reporterUids ?? []).map((uid, i) => ({ uid, reportId: ids[i] ?? ids[0] ?? '' })).filter((r) => r.reportId);
}

export async function reportOutcomePlan(event: DomainEvent, channel: Channel): Promise<Delivery[]> {
  const detail = event.detail as {
    reports?: ReportRef[];
    reportIds?: string[];
    reporterUids?: string[];
    reportId?: string;
    reporterUid?: string;
    status?: string;
    closureId?: string | null;
    reason?: string | null;
    type?: string;
  };
  switch (event.type) {
    case 'reportCluster.approved': {
      const closureId = detail.closureId;
      if (!closureId) return [];
      return toReporters(refsOf(detail), () => reportApprovedNotification({ closureId, type: detail.type }), event.actor, channel);
    }
    case 'reportCluster.rejected':
      return toReporters(refsOf(detail), (r) => reportRejectedNotification({ reportId: r.reportId, type: detail.type, reason: detail.reason }), event.actor, channel);
    case 'report.statusChanged': {
      if (!detail.reportId || !detail.reporterUid) return [];
      const ref = { reportId: detail.reportId, uid: detail.reporterUid };
      const closureId = detail.closureId;
      if (detail.status === 'approved' && closureId) {
        return toReporters([ref], () => reportApprovedNotification({ closureId, type: detail.type }), event.actor, channel);
      }
      if (detail.status === 'denied' || detail.status === 'rejected') {
        return toReporters([ref], (r) => reportRejectedNotification({ reportId: r.reportId, type: detail.type, reason: detail.reason }), event.actor, channel);
      }
      return [];
    }
    default:
      return [];
  }
}

/** The reporters behind a closure: its cluster's, or the lone report's it was made from. */
async function reportersOf(closure: ClosureRecord): Promise<ReportRef[]> {
  const source = closure.source as { type?: string; reportId?: string } | undefined;
  if (closure.clusterId) {
    const cluster = await getCluster(closure.clusterId);
    if (!cluster) return [];
    const reportIds = cluster.reportIds;
    return cluster.reporterUids.map((uid) => ({ uid, reportId: reportIds[0] ?? '' }));
  }
  if (source?.type === 'report' && source.reportId) {
    const report = await getReport(source.reportId);
    return report ? [{ uid: report.uid, reportId: report.id }] : [];
  }
  return [];
}

export async function reopenedReportersPlan(event: DomainEvent, closure: ClosureRecord, channel: Channel): Promise<Delivery[]> {
  const refs = await reportersOf(closure);
  const content = reportedRoadReopenedNotification({ closureId: closure.id, type: closure.type, formattedAddress: closure.formattedAddress });
  return toReporters(refs, () => content, event.actor, channel);
}
