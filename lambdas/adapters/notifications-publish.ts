// Live delivery of a stored notification to onNotification(uid) subscribers. AppSync only fires
// subscriptions on mutations, so the consumer calls the IAM-only `publishNotification` mutation
// (SigV4) in AWS; locally the runtime hands this module its in-process publish hook instead.
import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { NotificationRecord } from './notifications';

type LocalPublish = (mutationField: string, result: unknown) => void;
let localPublish: LocalPublish | undefined;

/** Used by local/ only: the local AppSync's publish(mutationField, result). */
export function setLocalNotificationPublisher(publish: LocalPublish | undefined): void {
  localPublish = publish;
}

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

let signer: SignatureV4 | undefined;

export async function publishNotification(n: NotificationRecord): Promise<void> {
  const presented = presentNotification(n);
  if (localPublish) {
    localPublish('publishNotification', presented);
    return;
  }
  const { uid, ...input } = presented;
  await callIamMutation('publishNotification', PUBLISH, { uid, input });
}

/**
 * Publishes a change to subscribers through an IAM-only mutation: in AWS a SigV4-signed call of
 * `field` (GRAPHQL_URL), locally the runtime's publish hook with the field's result.
 */
export async function publishThroughMutation(field: string, document: string, variables: Record<string, unknown>, result: unknown): Promise<void> {
  if (localPublish) {
    localPublish(field, result);
    return;
  }
  await callIamMutation(field, document, variables);
}

async function callIamMutation(field: string, document: string, variables: Record<string, unknown>): Promise<void> {
  const endpoint = process.env.GRAPHQL_URL;
  if (!endpoint) throw new Error('GRAPHQL_URL is not set');
  const url = new URL(endpoint);
  const request = {
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    path: url.pathname,
    headers: { host: url.hostname, 'content-type': 'application/json' },
    query: {},
    body: JSON.stringify({ query: document, variables }),
  };
  signer ??= new SignatureV4({ credentials: defaultProvider(), region: process.env.AWS_REGION ?? 'ap-southeast-2', service: 'appsync', sha256: Sha256 });
  const signed = await signer.sign(request);
  const response = await fetch(endpoint, { method: 'POST', headers: signed.headers as Record<string, string>, body: signed.body as string });
  const body = (await response.json()) as { errors?: { message: string }[] };
  if (!response.ok || body.errors?.length) throw new Error(`${field} failed: ${response.status} ${body.errors?.[0]?.message ?? ''}`);
}
