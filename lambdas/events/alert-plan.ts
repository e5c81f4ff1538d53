// Who is alerted by email about a closure event, and how: closure subscribers before council
// subscribers and people watching the area (one entry per person, the closure's channels win), the
// actor never, and only subscriptions with email on. Shared by the immediate sends and the daily digests.
import type { DomainEvent } from '../adapters/platform/events';
import { newsworthyClosure } from './closure-event';
import { getLga } from '../adapters/foundation/lgas';
import { closureEmailSubscribers, lgaEmailSubscribers } from '../adapters/alerts/subscription-channels';
import type { SubscriptionChannels } from '../core/alerts/channels';
import { zoneWatchersOf } from './watch-zone-plan';
import { timeZoneOfState } from '../core/alerts/digest-time';
import type { ClosureAlertFacts } from '../core/alerts/alert-mail';
import { type ClosureEvent } from '../core/notifications/messages';
import type { ClosureRecord } from '../core/closures/types';

export interface EmailRecipient extends SubscriptionChannels {
  uid: string;
  /** The subscription this reaches them through: its unsubscribe link stops it. */
  via: { kind: 'closure' | 'lga' | 'zone'; id: string };
  /** The watched area (its name) the change moved the closure out of: the mail says so. */
  movedOutOf?: string;
}

export interface EmailPlan {
  event: ClosureEvent;
  facts: ClosureAlertFacts;
  recipients: EmailRecipient[];
}

export function closureFacts(closure: ClosureRecord, lga: { name?: string; state?: string } | undefined): ClosureAlertFacts {
  return {
    id: closure.id,
    type: closure.type,
    reason: closure.reason,
    road: closure.nearestLocation?.name,
    formattedAddress: closure.formattedAddress,
    lgaName: lga?.name,
    scheduled: closure.view === 'SCHEDULED',
    estimatedReopening: closure.estimatedReopening,
    timeZone: timeZoneOfState(lga?.state),
  };
}

export async function emailPlanFor(event: DomainEvent): Promise<EmailPlan | undefined> {
  const found = await newsworthyClosure(event);
  if (!found) return undefined;
  const { type, closure, lgaCode } = found;
  const closureId = closure.id;
  const [byClosure, byLga, lga] = await Promise.all([closureEmailSubscribers(closureId), lgaEmailSubscribers(lgaCode), getLga(lgaCode)]);
  const recipients = new Map<string, EmailRecipient>();
  for (const s of byClosure) recipients.set(s.uid, { ...s, via: { kind: 'closure', id: closureId } });
  for (const s of byLga) if (!recipients.has(s.uid)) recipients.set(s.uid, { ...s, via: { kind: 'lga', id: lgaCode } });
  for (const w of await zoneWatchersOf(closure, event)) {
    const { email, digestHour, sms } = w.channels;
    if (email === 'off' || recipients.has(w.uid)) continue;
    recipients.set(w.uid, { uid: w.uid, email, digestHour, sms, via: { kind: 'zone', id: w.zoneId }, ...(w.movedOut ? { movedOutOf: w.zoneName } : {}) });
  }
  if (event.actor) recipients.delete(event.actor);
  return { event: type, facts: closureFacts(closure, lga), recipients: [...recipients.values()] };
}
