// Shared pieces of the notifications integration tests: fresh residents (so tests never share
// subscriptions or notifications), the GraphQL documents and a realtime client.
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { connectRealtime } from '../../support/realtime';
import { ensureCognitoUser } from '../../../local/cognito';
import { DEMO_PASSWORD, gql, signIn, useStackTable, type Auth } from '../../support/api';

export const FORBES = '12900';
export const PARKES = '16200';

export interface TestUser {
  uid: string;
  email: string;
  auth: Auth;
  token: string;
}

/** A signed-in public user with a profile, unique per call. */
export async function freshUser(label = 'resident'): Promise<TestUser> {
  useStackTable();
  const stack = inject('stack');
  const email = `${label}-${randomUUID().slice(0, 8)}@notify.example`;
  const { sub } = await ensureCognitoUser(stack.ports.cognitoInternal, stack.userPoolId, { email, name: label, password: DEMO_PASSWORD, groups: [] });
  const { createProfile } = await import('../../../lambdas/adapters/identity/principal');
  await createProfile(sub, email);
  const { accessToken } = await signIn(email);
  return { uid: sub, email, auth: { token: accessToken }, token: accessToken };
}

export const NOTE_FIELDS = 'id uid title body timestamp seen read redirectTo resourceId icon';
export const SUBS_FIELDS = 'closures { id lgaCode subscriberCount } lgas { code name }';

export const Q = {
  notifications: `query($unreadOnly: Boolean, $limit: Int, $nextToken: String) { notifications(unreadOnly: $unreadOnly, limit: $limit, nextToken: $nextToken) { items { ${NOTE_FIELDS} } nextToken } }`,
  mySubscriptions: `query { mySubscriptions { ${SUBS_FIELDS} } }`,
  lgaSubscriberCount: `query($lgaCode: String!) { lgaSubscriberCount(lgaCode: $lgaCode) }`,
  subscribeToClosure: `mutation($id: ID!) { subscribeToClosure(id: $id) { ${SUBS_FIELDS} } }`,
  unsubscribeFromClosure: `mutation($id: ID!) { unsubscribeFromClosure(id: $id) { ${SUBS_FIELDS} } }`,
  subscribeToLga: `mutation($code: String!) { subscribeToLga(code: $code) { ${SUBS_FIELDS} } }`,
  unsubscribeFromLga: `mutation($code: String!) { unsubscribeFromLga(code: $code) { ${SUBS_FIELDS} } }`,
  markNotificationRead: `mutation($id: ID!) { markNotificationRead(id: $id) { ${NOTE_FIELDS} } }`,
  markAllNotificationsRead: `mutation { markAllNotificationsRead }`,
  markAllNotificationsSeen: `mutation { markAllNotificationsSeen }`,
  notificationSettings: `query { notificationSettings { closureUpdates { inApp push } lgaUpdates { inApp push } reportOutcomes { inApp push } } }`,
  updateNotificationSettings: `mutation($input: NotificationSettingsInput!) { updateNotificationSettings(input: $input) { closureUpdates { inApp push } lgaUpdates { inApp push } reportOutcomes { inApp push } } }`,
  closure: `query($id: ID!) { closure(id: $id) { id subscriberCount updatedAt } }`,
};

export interface Notification {
  id: string;
  uid: string;
  title: string;
  body?: string;
  timestamp: number;
  seen?: number | null;
  read?: number | null;
  redirectTo?: string;
  resourceId?: string;
}

export async function notificationsOf(user: TestUser, vars: Record<string, unknown> = {}): Promise<Notification[]> {
  const res = await gql<{ notifications: { items: Notification[] } }>(Q.notifications, { limit: 100, ...vars }, user.auth);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.notifications.items;
}

/** Polls the user's list until `match` holds or the deadline passes; returns the last list. */
export async function waitForNotifications(user: TestUser, match: (items: Notification[]) => boolean, deadlineMs = 2000): Promise<Notification[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const items = await notificationsOf(user);
    if (match(items) || Date.now() > until) return items;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function ok<T>(query: string, variables: Record<string, unknown>, auth: Auth): Promise<T> {
  const res = await gql<T>(query, variables, auth);
  if (res.errors) throw new Error(`${query.slice(0, 40)} failed: ${JSON.stringify(res.errors)}`);
  return res.data!;
}

/** An AppSync realtime connection with one subscription started. */
export async function realtimeSubscribe(token: string | { apiKey: true }, id: string, query: string, variables: Record<string, unknown>) {
  const stack = inject('stack');
  const host = `127.0.0.1:${stack.ports.web}`;
  const authorization: Record<string, string> = typeof token === 'string' ? { host, Authorization: token } : { host, 'x-api-key': stack.apiKey };
  const { socket, next, inbox, opened } = connectRealtime(authorization);
  await opened;
  socket.send(JSON.stringify({ type: 'connection_init' }));
  await next((m) => m.type === 'connection_ack');
  socket.send(JSON.stringify({ id, type: 'start', payload: { data: JSON.stringify({ query, variables }), extensions: { authorization } } }));
  const first = await next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'));
  return { socket, next, inbox, first };
}

/** A line inside Forbes LGA, unique per call (closures must lie within their LGA, not on a road). */
export function forbesLine(): string {
  const lng = 147.6 + Math.random() * 0.38;
  const lat = -33.5 + Math.random() * 0.19;
  return JSON.stringify({ type: 'LineString', coordinates: [[lng, lat], [lng + 0.002, lat + 0.001]] });
}

export async function createForbesClosure(auth: Auth, extra: Record<string, unknown> = {}) {
  const data = await ok<{ createClosure: { id: string; lgaCode: string; subscriberCount: number } }>(
    `mutation($input: ClosureInput!) { createClosure(input: $input) { id lgaCode subscriberCount updatedAt } }`,
    { input: { lgaCode: FORBES, type: 'flood', reason: 'Water over the road', regions: [{ geometry: forbesLine() }], ...extra } },
    auth,
  );
  return data.createClosure;
}

/** A self-signed certificate for a local HTTPS server standing in for a browser push service. */
export function selfSignedCert() {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
}

/** A browser's PushSubscription keys: a P-256 public key and a 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

