// Closing the loop: reporters hear when their cluster or report is approved or
// rejected and when the closure made from it reopens, through the real mutations on the local
// stack; reportOutcomes switched off in-app means nothing; a replayed event adds nothing.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useStackTable, type Auth } from '../../support/api';
import type { DomainEvent } from '../../../lambdas/adapters/platform/events';
import { APPROVE_CLUSTER, APPROVE_REPORT, DENY_REPORT, REJECT_CLUSTER, north, placedAt, submit } from '../reports/support';
import { freshUser, notificationsOf, ok, Q, waitForNotifications, type Notification, type TestUser } from './support';

const APPROVED = 'Your report was approved';
const REJECTED = 'Your report was not approved';
const REOPENED = 'The road you reported has reopened';
const REOPEN = `mutation($id: ID!) { reopenClosure(id: $id) { id } }`;

let staff: Auth;
let first: TestUser;
let second: TestUser;
/** Reports into every cluster too, with reportOutcomes in-app off. */
let quiet: TestUser;

/**
 * Places in Forbes midway between the reports tests' grid spots (≥ 1 km from any of them, so no
 * cluster of theirs is joined), starting at a random one so reruns on a stack differ.
 */
let next = Math.floor(Math.random() * 200);
function spot(): { lat: number; lng: number } {
  const n = next++ % 300;
  return { lat: -33.27 - (n % 15) * 0.02, lng: 147.56 + Math.floor(n / 15) * 0.02 };
}

const titled = (title: string) => (items: Notification[]) => items.filter((n) => n.title === title);

/** Waits until the user holds at least one notification with that title; returns those. */
async function outcomes(user: TestUser, title: string, resourceId: string): Promise<Notification[]> {
  const pick = (items: Notification[]) => titled(title)(items).filter((n) => n.resourceId === resourceId);
  return pick(await waitForNotifications(user, (items) => pick(items).length >= 1, 5000));
}

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  // Replays below run the consumer in this worker: keep its live publish in process.
  const { setLocalNotificationPublisher } = await import('../../../lambdas/adapters/notifications/publish');
  setLocalNotificationPublisher(() => undefined);
  [first, second, quiet] = await Promise.all([freshUser('reporter'), freshUser('reporter'), freshUser('quiet')]);
  const on = { inApp: true, push: true };
  await ok(Q.updateNotificationSettings, { input: { closureUpdates: on, lgaUpdates: on, reportOutcomes: { inApp: false, push: true } } }, quiet.auth);
});

async function clusterOfThree(type: string) {
  const at = spot();
  const a = await submit(first.auth, { type, position: at, description: 'Water over the road' });
  const b = await submit(second.auth, { type, position: north(at, 40) });
  const c = await submit(quiet.auth, { type, position: north(at, 20) });
  expect(new Set([b.clusterId, c.clusterId])).toEqual(new Set([a.clusterId]));
  return { clusterId: a.clusterId as string, at, reports: { first: a.id as string, second: b.id as string, quiet: c.id as string } };
}

describe('a cluster approved into a closure, then reopened', () => {
  it('tells each reporter once with a link to the closure, and again once when it reopens', async () => {
    const { clusterId, at } = await clusterOfThree('flood');
    const approved = await ok<{ approveCluster: { closureId: string } }>(APPROVE_CLUSTER, { id: clusterId, regions: placedAt(at) }, staff);
    const closureId = approved.approveCluster.closureId;
    expect(closureId).toBeTruthy();

    for (const user of [first, second]) {
      const notes = await outcomes(user, APPROVED, closureId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ uid: user.uid, redirectTo: `/map?closure=${closureId}`, read: null });
      expect(notes[0]!.body).toMatch(/Flooding/);
    }

    await ok(REOPEN, { id: closureId }, staff);
    for (const user of [first, second]) {
      const notes = await outcomes(user, REOPENED, closureId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ redirectTo: `/map?closure=${closureId}` });
      // Still exactly one approval: the reopen event did not repeat it.
      expect(titled(APPROVED)(await notificationsOf(user)).filter((n) => n.resourceId === closureId)).toHaveLength(1);
    }
    // Written in the same batch as the others' notifications: nothing can still be on its way.
    expect((await notificationsOf(quiet)).filter((n) => n.resourceId === closureId)).toEqual([]);
  });
});

describe('a cluster rejected', () => {
  it('tells each reporter once with the reason and a link to their own report', async () => {
    const { clusterId, reports } = await clusterOfThree('hazard');
    const reason = `Not on a public road ${randomUUID().slice(0, 6)}`;
    await ok(REJECT_CLUSTER, { id: clusterId, reason }, staff);

    for (const [user, reportId] of [[first, reports.first], [second, reports.second]] as const) {
      const notes = await outcomes(user, REJECTED, reportId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ uid: user.uid, redirectTo: `/reports/${reportId}` });
      expect(notes[0]!.body).toContain(reason);
    }
    const quietNotes = await notificationsOf(quiet);
    expect(quietNotes.filter((n) => n.resourceId === reports.quiet || n.body?.includes(reason))).toEqual([]);
  });
});

describe('a single report decided', () => {
  it('approved: its reporter hears once with a link to the new closure, and once when it reopens', async () => {
    const report = await submit(first.auth, { type: 'crash', position: spot() });
    const approved = await ok<{ approveReport: { closureId: string } }>(APPROVE_REPORT, { id: report.id, regions: placedAt(report.position) }, staff);
    const closureId = approved.approveReport.closureId;
    const notes = await outcomes(first, APPROVED, closureId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ redirectTo: `/map?closure=${closureId}` });
    expect(titled(APPROVED)(await notificationsOf(second)).filter((n) => n.resourceId === closureId)).toEqual([]);

    // A closure made from a lone report has no cluster: its reporter still hears it reopened.
    await ok(REOPEN, { id: closureId }, staff);
    expect(await outcomes(first, REOPENED, closureId)).toHaveLength(1);
  });

  it('denied: its reporter hears once with the reason; with reportOutcomes off, nobody does', async () => {
    const reason = `Duplicate of an existing closure ${randomUUID().slice(0, 6)}`;
    const report = await submit(second.auth, { type: 'storm', position: spot() });
    const muted = await submit(quiet.auth, { type: 'storm', position: spot() });
    await ok(DENY_REPORT, { id: muted.id, reason }, staff);
    await ok(DENY_REPORT, { id: report.id, reason }, staff);
    const notes = await outcomes(second, REJECTED, report.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ redirectTo: `/reports/${report.id}` });
    expect(notes[0]!.body).toContain(reason);
    // The quiet reporter's denial went out first, so it would be there by now.
    expect((await notificationsOf(quiet)).filter((n) => n.resourceId === muted.id)).toEqual([]);
  });

  it('retracted by its own author: no notification', async () => {
    const report = await submit(first.auth, { type: 'event', position: spot() });
    await ok(`mutation($id: ID!) { retractReport(id: $id) { id } }`, { id: report.id }, first.auth);
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const written = await notifyFor({
      id: randomUUID(),
      type: 'report.statusChanged',
      occurredAt: Math.floor(Date.now() / 1000),
      actor: first.uid,
      detail: { reportId: report.id, lgaCode: '12900', status: 'retracted', reporterUid: first.uid, reporterUids: [first.uid], closureId: null, reason: null },
    });
    expect(written).toEqual([]);
  });
});

describe('replays', () => {
  it('a replayed rejection event writes nothing new', async () => {
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const reportId = randomUUID();
    const event: DomainEvent = {
      id: randomUUID(),
      type: 'reportCluster.rejected',
      occurredAt: Math.floor(Date.now() / 1000),
      actor: 'a-moderator',
      detail: { clusterId: randomUUID(), lgaCode: '12900', reason: 'Replayed', reportIds: [reportId], reporterUids: [first.uid], reports: [{ reportId, uid: first.uid }] },
    };
    expect(await notifyFor(event)).toHaveLength(1);
    expect(await notifyFor(event)).toHaveLength(0);
    expect(titled(REJECTED)(await notificationsOf(first)).filter((n) => n.resourceId === reportId)).toHaveLength(1);
  });
});
