// Who hears about a domain event and what it says, shared by the in-app consumer (notify.ts) and
// the Web Push consumer (push.ts): each user at most once, the actor never, settings respected.
import type { DomainEvent } from '../adapters/platform/events';
import { newsworthyClosure } from './closure-event';
import { db } from '../adapters/db/db';
import { closureSubscribers, lgaSubscribers } from '../adapters/notifications/subscriptions';
import {
  accessRequestAnsweredNotification,
  accessRequestCreatedNotification,
  closureNotification,
  type NotificationContent,
} from '../core/notifications/messages';
import { recipientsOf, type Channel } from '../core/notifications/rules';
import { billingNoticeContent, type BillingNotice } from '../core/billing/status';
import { allowedRecipients } from './recipients';
import { reopenedReportersPlan, reportOutcomePlan, type Delivery } from './report-plan';
import { verifiedUidsForEmails } from '../adapters/identity/principal';
import { announcementPlan } from './announcement-plan';
import { stateHazardPlan } from './state-hazard-plan';
import { zoneWatchersOf } from './watch-zone-plan';
import { inWatchZone, movedOutOfWatchZone } from '../core/alerts/watch-zones';
import { closureTypeOf } from '../core/closures/types';

/** Subscribers and reporters may read different words about one event, so content is per user. */
export interface Plan {
  deliveries: Delivery[];
}

async function lgaName(code: string): Promise<string | undefined> {
  const { data } = await db().entities.lga.get({ code }).go({ attributes: ['name'] });
  return data?.name;
}

/**
 * With `deferSettings`, subscribers' settings are not checked here: each delivery carries its
 * category and the opt-outs its subscription carries, and the in-app deliverer (or each SQS
 * fan-out worker) decides while it writes. Only subscriptions written before they carried
 * opt-outs cost a profile read there.
 */
async function closurePlan(event: DomainEvent, channel: Channel, deferSettings: boolean): Promise<Plan | undefined> {
  const found = await newsworthyClosure(event);
  if (!found) return undefined;
  const { type, closure, lgaCode } = found;
  const closureId = closure.id;
  const [bySubscription, byLga, name] = await Promise.all([closureSubscribers(closureId), lgaSubscribers(lgaCode), lgaName(lgaCode)]);
  const recipients = recipientsOf(bySubscription, byLga, event.actor);
  const allowed = deferSettings ? recipients : await allowedRecipients(recipients, channel);
  const content = closureNotification(type, {
    id: closure.id,
    type: closure.type,
    reason: closure.reason,
    formattedAddress: closure.formattedAddress,
    lgaName: name,
    scheduled: closure.view === 'SCHEDULED',
  });
  // A reporter who also follows the closure reads the reporter's words (listed first, first wins).
  const reporters = type === 'closure.reopened' ? await reopenedReportersPlan(event, closure, channel) : [];
  // Someone watching the area reads which of their areas it is in, by that zone's own switch.
  const watchers = (await zoneWatchersOf(closure, event)).filter((w) => w.channels[channel]);
  const kind = closureTypeOf(closure.type).text;
  return {
    deliveries: [
      ...reporters,
      ...watchers.filter((w) => !w.movedOut).map((w) => ({ uid: w.uid, content: inWatchZone(content, w.zoneName) })),
      // Deferred: the deliverer decides from the opt-outs the subscription carries (or reads the profile).
      ...allowed.map(({ uid, category, optOuts }) => (deferSettings ? { uid, content, category, ...(optOuts ? { optOuts } : {}) } : { uid, content })),
      // An area the closure has left: told so once, unless they follow the closure or council (read above).
      ...watchers.filter((w) => w.movedOut).map((w) => ({ uid: w.uid, content: movedOutOfWatchZone(content, w.zoneName, kind) })),
    ],
  };
}

/** Account managers of the LGA, as uids (managers are keyed by email). */
async function accountManagers(lgaCode: string): Promise<string[]> {
  const { data: managers } = await db().entities.manager.query.byLga({ lgaCode }).go({ pages: 'all' });
  const emails = managers.filter((m) => (m.roles ?? []).includes('account_manager')).map((m) => m.email);
  return verifiedUidsForEmails(emails);
}

// Access-request notices are work for staff and answers for the requester: not switchable.
async function accessRequestPlan(event: DomainEvent): Promise<Plan | undefined> {
  const detail = event.detail as { lgaCode?: string; requestId?: string; uid?: string; decision?: string };
  if (!detail.lgaCode || !detail.requestId || !detail.uid) return undefined;
  const name = await lgaName(detail.lgaCode);
  if (event.type === 'accessRequest.created') {
    const { data: requester } = await db().entities.user.get({ uid: detail.uid }).go({ attributes: ['email', 'displayName'] });
    const uids = (await accountManagers(detail.lgaCode)).filter((uid) => uid !== event.actor);
    const content = accessRequestCreatedNotification({
      lgaCode: detail.lgaCode,
      lgaName: name,
      requester: requester?.displayName ?? requester?.email ?? 'Someone',
      requestId: detail.requestId,
    });
    return { deliveries: uids.map((uid) => ({ uid, content })) };
  }
  if (event.type === 'accessRequest.answered' && detail.decision) {
    const content = accessRequestAnsweredNotification({ lgaCode: detail.lgaCode, lgaName: name, decision: detail.decision, requestId: detail.requestId });
    return { deliveries: [{ uid: detail.uid, content }] };
  }
  return undefined;
}

// Billing notices (trial ending, payment failed, cancelled) are for the council's account managers.
async function billingPlan(event: DomainEvent): Promise<Plan | undefined> {
  const detail = event.detail as { lgaCode?: string; notice?: BillingNotice; trialEnd?: number | null };
  if (!detail.lgaCode || !detail.notice) return undefined;
  const content = billingNoticeContent(detail.notice, { code: detail.lgaCode, name: await lgaName(detail.lgaCode) }, detail.trialEnd ?? undefined);
  return { deliveries: (await accountManagers(detail.lgaCode)).map((uid) => ({ uid, content })) };
}

const REPORT_OUTCOME_EVENTS = new Set(['reportCluster.approved', 'reportCluster.rejected', 'report.statusChanged']);

export async function planFor(event: DomainEvent, channel: Channel, options: { deferSettings?: boolean } = {}): Promise<Plan | undefined> {
  const plan = event.type.startsWith('closure.')
    ? await closurePlan(event, channel, options.deferSettings ?? false)
    : event.type.startsWith('accessRequest.')
      ? await accessRequestPlan(event)
      : event.type === 'customer.billingNotice'
        ? await billingPlan(event)
      : REPORT_OUTCOME_EVENTS.has(event.type)
        ? { deliveries: await reportOutcomePlan(event, channel) }
        : event.type === 'announcement.changed'
          ? { deliveries: await announcementPlan(event, channel) }
          : event.type.startsWith('stateHazard.')
            ? { deliveries: await stateHazardPlan(event, channel, options.deferSettings ?? false) }
            : undefined;
  if (!plan) return undefined;
  const seen = new Set<string>();
  return { deliveries: plan.deliveries.filter((d) => !seen.has(d.uid) && seen.add(d.uid)) };
}
