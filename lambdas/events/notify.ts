// The in-app notification consumer (DESIGN §8). In AWS an SNS subscription of the events topic;
// locally the runtime's in-process event sink invokes it. Each event notifies each user at most
// once, writes 25 per BatchWrite and is idempotent: ids derive from (event id, uid), so a
// replayed event writes nothing new and publishes nothing.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/events';
import { getClosure } from '../adapters/closures';
import { db } from '../adapters/db/db';
import { publishNotification } from '../adapters/notifications-publish';
import { withTtl, writeNewNotifications, type NotificationRecord } from '../adapters/notifications';
import { closureSubscribers, lgaSubscribers } from '../adapters/subscriptions';
import {
  accessRequestAnsweredNotification,
  accessRequestCreatedNotification,
  closureNotification,
  isClosureEvent,
  type NotificationContent,
} from '../core/notifications/messages';
import { chunk, notificationId, recipientsOf, settingsOf, wants, type Recipient } from '../core/notifications/rules';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-notify' });

async function lgaName(code: string): Promise<string | undefined> {
  const { data } = await db().entities.lga.get({ code }).go({ attributes: ['name'] });
  return data?.name;
}

/** Drops recipients who turned in-app notifications of that kind off (defaults are on). */
async function allowedInApp(recipients: Recipient[]): Promise<string[]> {
  const allowed: string[] = [];
  for (const group of chunk(recipients, 100)) {
    const { data } = await db()
      .entities.user.get(group.map((r) => ({ uid: r.uid })))
      .go({ attributes: ['uid', 'notificationSettings'] });
    const settings = new Map(data.filter(Boolean).map((u) => [u!.uid, u!.notificationSettings]));
    for (const r of group) if (wants(settingsOf(settings.get(r.uid)), r.category, 'inApp')) allowed.push(r.uid);
  }
  return allowed;
}

async function closureRecipients(event: DomainEvent): Promise<{ uids: string[]; content: NotificationContent } | undefined> {
  if (!isClosureEvent(event.type)) return undefined;
  const { closureId, lgaCode } = event.detail as { closureId?: string; lgaCode?: string };
  if (!closureId || !lgaCode) return undefined;
  const closure = await getClosure(closureId);
  if (!closure) return undefined;
  // Housekeeping's archive step is not news to anyone.
  if (event.type === 'closure.changed' && closure.view === 'ARCHIVED') return undefined;
  const [bySubscription, byLga, name] = await Promise.all([closureSubscribers(closureId), lgaSubscribers(lgaCode), lgaName(lgaCode)]);
  const uids = await allowedInApp(recipientsOf(bySubscription, byLga, event.actor));
  const content = closureNotification(event.type, {
    id: closure.id,
    type: closure.type,
    reason: closure.reason,
    formattedAddress: closure.formattedAddress,
    lgaName: name,
    scheduled: closure.view === 'SCHEDULED',
  });
  return { uids, content };
}

/** Account managers of the LGA, as uids (managers are keyed by email). */
async function accountManagers(lgaCode: string): Promise<string[]> {
  const { data: managers } = await db().entities.manager.query.byLga({ lgaCode }).go({ pages: 'all' });
  const emails = managers.filter((m) => (m.roles ?? []).includes('account_manager')).map((m) => m.email);
  const users = await Promise.all(emails.map((email) => db().entities.user.query.byEmail({ email }).go({ attributes: ['uid'] })));
  return users.flatMap((u) => u.data.map((x) => x.uid));
}

async function accessRequestRecipients(event: DomainEvent): Promise<{ uids: string[]; content: NotificationContent } | undefined> {
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
    return { uids, content };
  }
  if (event.type === 'accessRequest.answered' && detail.decision) {
    const content = accessRequestAnsweredNotification({ lgaCode: detail.lgaCode, lgaName: name, decision: detail.decision, requestId: detail.requestId });
    return { uids: [detail.uid], content };
  }
  return undefined;
}

/** Writes (and publishes live) the event's notifications; returns the ones newly written. */
export async function notifyFor(event: DomainEvent): Promise<NotificationRecord[]> {
  const target = event.type.startsWith('closure.') ? await closureRecipients(event) : event.type.startsWith('accessRequest.') ? await accessRequestRecipients(event) : undefined;
  if (!target || target.uids.length === 0) return [];
  const uids = [...new Set(target.uids)];
  const records = uids.map((uid) =>
    withTtl({ uid, id: notificationId(event.id, uid, event.occurredAt), timestamp: event.occurredAt, eventId: event.id, ...target.content }),
  );
  const written = await writeNewNotifications(records);
  // Stored first, then live: a failed live push still leaves the notification in the list.
  const published = await Promise.allSettled(written.map((n) => publishNotification(n)));
  const failed = published.filter((p) => p.status === 'rejected');
  if (failed.length) logger.warn('live notification publish failed', { eventId: event.id, failed: failed.length, error: (failed[0] as PromiseRejectedResult).reason });
  logger.info('notified', { eventId: event.id, type: event.type, written: written.length, recipients: uids.length });
  return written;
}

export const handler = async (event: SNSEvent): Promise<{ written: number }> => {
  let written = 0;
  for (const record of event.Records ?? []) {
    const domainEvent = JSON.parse(record.Sns.Message) as DomainEvent;
    written += (await notifyFor(domainEvent)).length;
  }
  return { written };
};
