// Live delivery of a stored notification to onNotification(uid) subscribers. AppSync only fires
// subscriptions on mutations, so the consumer calls the IAM-only `publishNotification` mutation
// (SigV4) in AWS; locally the runtime hands this module its in-process publish hook instead.
import { publishThroughMutation, setLocalPublisher } from '../platform/appsync-iam';
import type { NotificationRecord } from './store';

/** Used by local/ only: the local AppSync's publish(mutationField, result). */
export const setLocalNotificationPublisher = setLocalPublisher;

/** The Notification as the contract shapes it, with the uid the subscription filters on. */
export function presentNotification(n: NotificationRecord) {
  return {
    id: n.id,
    uid: n.uid,
    title: n.title,
    body: n.body ?? null,
    timestamp: n.timestamp,
    seen: n.seen ?? null,
    read: n.read ?? null,
    redirectTo: n.redirectTo ?? null,
    resourceId: n.resourceId ?? null,
    icon: n.icon ?? null,
    image: n.image ?? null,
    // AWSJSON travels as a JSON string.
    data: n.data === undefined || n.data === null ? null : JSON.stringify(n.data),
  };
}

export const NOTIFICATION_FIELDS = 'id uid title body timestamp seen read redirectTo resourceId icon image data';

const PUBLISH = `mutation Publish($uid: ID!, $input: PublishNotificationInput!) {
  publishNotification(uid: $uid, input: $input) { ${NOTIFICATION_FIELDS} }
}`;

export async function publishNotification(n: NotificationRecord): Promise<void> {
  const presented = presentNotification(n);
  const { uid, ...input } = presented;
  await publishThroughMutation('publishNotification', presented, PUBLISH, { uid, input });
}
