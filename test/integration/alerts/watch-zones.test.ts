// Watch zones on the real local stack: a person saves up to 5 areas (a polygon, or a circle around
// a place), bad shapes are refused in the product's words and change nothing, concurrent saves and
// deletes leave one result, nobody touches another's areas; a closure inside an area alerts its
// owner once by the area's channels (in-app, email), one just outside does not, a reopening inside
// does, and a replayed event sends nothing. A closure moved out of an area tells its owner so once
// in the app, by mail and by text (not again on a replay); one moved within the area is a change;
// one moved that was never inside says nothing.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, type Auth } from '../../support/api';
import { inject } from 'vitest';
import { createForbesClosure, freshUser, FORBES, ok, waitForNotifications, notificationsOf, type TestUser } from '../notifications/support';
import { REOPEN, UPDATE } from '../closures/support';
import { readSmsOutbox } from '../../../local/sms-outbox';
import { db } from '../../../lambdas/adapters/db/db';
import { A, closureEvent, mailTo, useAlertWorker, waitForMail } from './support';
import { MOVED_OUT_OF_ZONE, ZONE_MESSAGES } from '../../../lambdas/core/alerts/watch-zones';

let staff: Auth;

beforeAll(async () => {
  useAlertWorker();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
});

const { notifyFor } = await import('../../../lambdas/events/notify');
const { emailAlertsFor } = await import('../../../lambdas/events/email-alerts');
const { smsAlertsFor } = await import('../../../lambdas/events/sms-alerts');

const Z = {
  list: 'query { watchZones { id name shape polygon { lat lng } center { lat lng } radius place channels { kind target email digestHour sms inApp push } } }',
  save: 'mutation($i: WatchZoneInput!) { saveWatchZone(input: $i) { id name shape radius } }',
  remove: 'mutation($id: ID!) { deleteWatchZone(id: $id) { id } }',
};

type Point = { lng: number; lat: number };
/** A square `km` a side, its south-west corner at `sw`. */
function square(sw: Point, km: number): Point[] {
  const dLat = km / 110.574;
  const dLng = km / (111.32 * Math.cos((sw.lat * Math.PI) / 180));
  return [sw, { lng: sw.lng + dLng, lat: sw.lat }, { lng: sw.lng + dLng, lat: sw.lat + dLat }, { lng: sw.lng, lat: sw.lat + dLat }];
}
/** A random spot in Forbes (where the notifications tests draw closures). */
const somewhereInForbes = (): Point => ({ lng: 147.62 + Math.random() * 0.3, lat: -33.48 + Math.random() * 0.14 });
const lineAt = (from: Point, to: Point) => JSON.stringify({ type: 'LineString', coordinates: [[from.lng, from.lat], [to.lng, to.lat]] });

async function zonesOf(user: TestUser) {
  return (await ok<{ watchZones: { id: string; name: string; shape: string; channels: Record<string, unknown> }[] }>(Z.list, {}, user.auth)).watchZones;
}
const saveSquare = (user: TestUser, id = randomUUID(), at = somewhereInForbes(), km = 2) => gql(Z.save, { i: { id, name: `Area ${id.slice(0, 4)}`, polygon: square(at, km) } }, user.auth);
const errorOf = (res: { errors?: { message: string; errorType?: string }[] }) => res.errors?.[0]?.message;

describe('saving watch zones', () => {
  it('a polygon and a circle are saved and listed with in-app and push on, email and texts off', async () => {
    const user = await freshUser('zone-save');
    const id = randomUUID();
    expect(errorOf(await saveSquare(user, id))).toBeUndefined();
    const circle = await gql(Z.save, { i: { id: randomUUID(), name: 'Around Forbes', center: { lng: 148.01, lat: -33.385 }, radius: 5000, place: 'Forbes, NSW' } }, user.auth);
    expect(errorOf(circle)).toBeUndefined();
    const zones = await zonesOf(user);
    expect(zones.map((z) => z.shape).sort()).toEqual(['circle', 'polygon']);
    expect(zones.find((z) => z.id === id)!.channels).toEqual({ kind: 'zone', target: id, email: 'off', digestHour: 7, sms: false, inApp: true, push: true });
    // Saved again under the same id: replaced, not added.
    await ok(Z.save, { i: { id, name: 'Renamed', center: { lng: 148.01, lat: -33.385 }, radius: 1000 } }, user.auth);
    const again = await zonesOf(user);
    expect(again).toHaveLength(2);
    expect(again.find((z) => z.id === id)).toMatchObject({ name: 'Renamed', shape: 'circle' });
  });

  it('bad shapes are refused in the product words and change nothing', async () => {
    const user = await freshUser('zone-bad');
    const [a, b, c, d] = square(somewhereInForbes(), 3);
    const cases: [Record<string, unknown>, string][] = [
      [{ polygon: square(somewhereInForbes(), 36) }, ZONE_MESSAGES.tooWide],
      [{ polygon: [a, c, b, d] }, ZONE_MESSAGES.crossing],
      [{ polygon: [a, b, { lng: 2 * b.lng - a.lng, lat: a.lat }] }, ZONE_MESSAGES.degenerate],
      [{ polygon: [a, b] }, ZONE_MESSAGES.degenerate],
      [{ center: a, radius: 25_001 }, ZONE_MESSAGES.radius],
      [{ center: a }, ZONE_MESSAGES.radius],
      [{ polygon: [a, b, c], center: a, radius: 1000 }, ZONE_MESSAGES.oneShape],
      [{ center: { lng: 0, lat: 51 }, radius: 1000 }, ZONE_MESSAGES.outside],
    ];
    for (const [shape, message] of cases) {
      const res = await gql(Z.save, { i: { id: randomUUID(), name: 'Bad', ...shape } }, user.auth);
      expect(errorOf(res), JSON.stringify(shape)).toBe(message);
      expect(res.errors?.[0]?.errorType).toBe('ValidationError');
    }
    expect(errorOf(await gql(Z.save, { i: { id: randomUUID(), name: ' ', polygon: [a, b, c] } }, user.auth))).toBe(ZONE_MESSAGES.name);
    expect(await zonesOf(user)).toEqual([]);
  });

  it('a sixth area is refused, and two saves at once with four make five, not six', async () => {
    const user = await freshUser('zone-limit');
    for (let i = 0; i < 4; i++) expect(errorOf(await saveSquare(user))).toBeUndefined();
    const both = await Promise.all([saveSquare(user), saveSquare(user)]);
    expect(both.map(errorOf).sort()).toEqual([ZONE_MESSAGES.tooMany, undefined].sort());
    expect(await zonesOf(user)).toHaveLength(5);
    const sixth = await saveSquare(user);
    expect(errorOf(sixth)).toBe(ZONE_MESSAGES.tooMany);
    expect(await zonesOf(user)).toHaveLength(5);
  });

  it('the same save twice at once makes one area; the same delete twice at once frees one place', async () => {
    const user = await freshUser('zone-double');
    for (let i = 0; i < 3; i++) await saveSquare(user);
    const id = randomUUID();
    const at = somewhereInForbes();
    const saves = await Promise.all([saveSquare(user, id, at), saveSquare(user, id, at)]);
    expect(saves.map(errorOf)).toEqual([undefined, undefined]);
    expect(await zonesOf(user)).toHaveLength(4);
    const deletes = await Promise.all([gql(Z.remove, { id }, user.auth), gql(Z.remove, { id }, user.auth)]);
    expect(deletes.map(errorOf)).toEqual([undefined, undefined]);
    expect(await zonesOf(user)).toHaveLength(3);
    // The count followed: exactly two more fit.
    expect(errorOf(await saveSquare(user))).toBeUndefined();
    expect(errorOf(await saveSquare(user))).toBeUndefined();
    expect(errorOf(await saveSquare(user))).toBe(ZONE_MESSAGES.tooMany);
  });

  it("nobody deletes or changes another person's area", async () => {
    const owner = await freshUser('zone-owner');
    const other = await freshUser('zone-other');
    const id = randomUUID();
    await saveSquare(owner, id);
    expect(errorOf(await gql(Z.remove, { id }, other.auth))).toBeUndefined();
    const set = await gql(A.setChannels, { input: { watchZoneId: id, email: 'IMMEDIATE', inApp: false } }, other.auth);
    expect(set.errors?.[0]?.errorType).toBe('NotFound');
    expect(await zonesOf(owner)).toHaveLength(1);
    expect((await zonesOf(owner))[0].channels).toMatchObject({ email: 'off', inApp: true });
    expect(await zonesOf(other)).toEqual([]);
  });
});

describe('alerts for closures in a watch zone', () => {
  async function watcherWithSquare(label: string) {
    const user = await freshUser(label);
    const sw = somewhereInForbes();
    const id = randomUUID();
    await ok(Z.save, { i: { id, name: 'The farm', polygon: square(sw, 1) } }, user.auth);
    return { user, sw, id };
  }
  const mine = async (user: TestUser, closureId: string) => (await notificationsOf(user)).filter((n) => n.resourceId === closureId);

  it('a closure inside alerts the owner in the app once, naming the area; a replay writes nothing', async () => {
    const { user, sw } = await watcherWithSquare('zone-inside');
    const inside = { lng: sw.lng + 0.003, lat: sw.lat + 0.003 };
    const closure = await createForbesClosure(staff, { regions: [{ geometry: lineAt(inside, { lng: inside.lng + 0.002, lat: inside.lat + 0.001 }) }] });
    const items = await waitForNotifications(user, (list) => list.some((n) => n.resourceId === closure.id), 4000);
    const notes = items.filter((n) => n.resourceId === closure.id);
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain('In your watched area “The farm”');
    // The same event again (an SNS retry, a replay by hand): nothing new for the watcher.
    const event = closureEvent(closure.id, 'closure.created');
    await notifyFor(event);
    const replayed = await notifyFor(event);
    expect(replayed.filter((n) => n.uid === user.uid)).toEqual([]);
    expect(await mine(user, closure.id)).toHaveLength(2); // the stack's own event and the one made here, once each
  });

  it('a closure just outside the area alerts nobody who watches it', async () => {
    const { user, sw } = await watcherWithSquare('zone-outside');
    // 150 m west of the square's west edge, running north along it.
    const west = sw.lng - 0.15 / 93;
    const closure = await createForbesClosure(staff, { regions: [{ geometry: lineAt({ lng: west, lat: sw.lat + 0.001 }, { lng: west, lat: sw.lat + 0.008 }) }] });
    const written = await notifyFor(closureEvent(closure.id, 'closure.created'));
    expect(written.filter((n) => n.uid === user.uid)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mine(user, closure.id)).toEqual([]);
  });

  it('a reopening inside alerts too, by email when the area has email on, once', async () => {
    const { user, sw, id } = await watcherWithSquare('zone-reopen');
    const set = await ok<{ setSubscriptionChannels: unknown }>(A.setChannels, { input: { watchZoneId: id, email: 'IMMEDIATE' } }, user.auth);
    expect(set).toBeDefined();
    expect((await zonesOf(user))[0].channels).toMatchObject({ email: 'immediate', inApp: true, push: true });
    const inside = { lng: sw.lng + 0.004, lat: sw.lat + 0.002 };
    const closure = await createForbesClosure(staff, { regions: [{ geometry: lineAt(inside, { lng: inside.lng + 0.001, lat: inside.lat + 0.001 }) }] });
    await ok(REOPEN, { id: closure.id }, staff);
    const items = await waitForNotifications(user, (list) => list.some((n) => n.resourceId === closure.id && /^Road reopened/.test(n.title)), 4000);
    expect(items.filter((n) => n.resourceId === closure.id && /^Road reopened/.test(n.title))).toHaveLength(1);
    // The stack mailed the closing and the reopening, once each.
    const mails = await waitForMail(user.email, 2, 6000);
    expect(mails.map((m) => m.subject.split(':')[0]).sort()).toEqual(['Road closed', 'Road reopened']);
    const last = mails.find((m) => m.subject.startsWith('Road reopened'))!;
    // The consumer run here with one event twice (an SNS retry): one more mail, then none.
    const event = closureEvent(closure.id, 'closure.reopened');
    expect((await emailAlertsFor(event)).sent).toBeGreaterThanOrEqual(1);
    expect((await emailAlertsFor(event)).sent).toBe(0);
    expect(mailTo(user.email)).toHaveLength(3);
    // Its unsubscribe link names the area, and stops only the area's mail.
    expect(last.headers?.['List-Unsubscribe']).toContain(`token=z.${user.uid}.${id}.`);
    const res = await fetch(last.headers!['List-Unsubscribe']!.slice(1, -1), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(await res.text()).toContain('You will get no more emails about this watched area');
    expect((await zonesOf(user))[0].channels).toMatchObject({ email: 'off', inApp: true });
  });

  it('an area with in-app off gets no in-app notification', async () => {
    const { user, sw, id } = await watcherWithSquare('zone-quiet');
    await ok(A.setChannels, { input: { watchZoneId: id, email: 'OFF', inApp: false } }, user.auth);
    const inside = { lng: sw.lng + 0.003, lat: sw.lat + 0.004 };
    const closure = await createForbesClosure(staff, { regions: [{ geometry: lineAt(inside, { lng: inside.lng + 0.001, lat: inside.lat + 0.001 }) }] });
    const written = await notifyFor(closureEvent(closure.id, 'closure.created'));
    expect(written.filter((n) => n.uid === user.uid)).toEqual([]);
  });
});

describe('a closure moved in or out of a watch zone', () => {
  const M = {
    request: 'mutation($m: String!) { requestMobileCode(mobile: $m) { mobileState } }',
    verify: 'mutation($c: String!) { verifyMobile(code: $c) { mobileState } }',
  };
  let mobileSeq = 0;
  const e164 = (local: string) => `+61${local.slice(1)}`;
  const textsTo = (local: string) => readSmsOutbox(inject('stack').dataDir).filter((m) => m.to === e164(local) && !/code is \d{6}/.test(m.body));

  beforeAll(async () => {
    // Texts go within the council's monthly cap only.
    const { setSmsCap } = await import('../../../lambdas/adapters/alerts/sms-spend');
    await setSmsCap(FORBES, 1_000_000);
  });

  /** A person watching a 1 km square with email at once and texts on (a verified mobile). */
  async function watcherOnEveryChannel(label: string) {
    const user = await freshUser(label);
    const mobile = `04${String((Date.now() % 100_000_000) + 500 + mobileSeq++).padStart(8, '0')}`;
    await ok(M.request, { m: mobile }, user.auth);
    const code = /code is (\d{6})/.exec(readSmsOutbox(inject('stack').dataDir).find((m) => m.to === e164(mobile))!.body)![1];
    await ok(M.verify, { c: code }, user.auth);
    const sw = somewhereInForbes();
    const id = randomUUID();
    await ok(Z.save, { i: { id, name: 'The farm', polygon: square(sw, 1) } }, user.auth);
    await ok(A.setChannels, { input: { watchZoneId: id, email: 'IMMEDIATE', sms: true } }, user.auth);
    return { user, sw, mobile };
  }
  const about = async (user: TestUser, closureId: string) => (await notificationsOf(user)).filter((n) => n.resourceId === closureId);
  const move = (closure: { id: string; regionId: string }, geometry: string) =>
    ok(UPDATE, { id: closure.id, input: { lgaCode: FORBES, type: 'flood', reason: 'Water over the road', regions: [{ id: closure.regionId, geometry }] } }, staff);
  async function closureAt(geometry: string) {
    const { createClosure } = await ok<{ createClosure: { id: string; regions: { id: string }[] } }>(
      'mutation($input: ClosureInput!) { createClosure(input: $input) { id regions { id } } }',
      { input: { lgaCode: FORBES, type: 'flood', reason: 'Water over the road', regions: [{ geometry }] } },
      staff,
    );
    return { id: createClosure.id, regionId: createClosure.regions[0].id };
  }
  /** Waits until `read` gives at least `count` items (or 15 s pass), then a moment more for a double to land. */
  async function settled<T>(read: () => T[] | Promise<T[]>, count: number): Promise<T[]> {
    const until = Date.now() + 15_000;
    while ((await read()).length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1_000));
    return read();
  }

  it('moved out: the owner is told once in the app, by mail and by text, and not again on a replay', async () => {
    const { user, sw, mobile } = await watcherOnEveryChannel('zone-moved-out');
    const inside = { lng: sw.lng + 0.003, lat: sw.lat + 0.003 };
    const insideLine = lineAt(inside, { lng: inside.lng + 0.002, lat: inside.lat + 0.001 });
    const closure = await closureAt(insideLine);
    expect(await settled(() => about(user, closure.id), 1)).toHaveLength(1);
    expect(await settled(() => mailTo(user.email), 1)).toHaveLength(1);
    expect(await settled(() => textsTo(mobile), 1)).toHaveLength(1);

    // 3 km east of the square: out of the area, still in Forbes.
    const away = { lng: sw.lng + 0.045, lat: sw.lat + 0.003 };
    await move(closure, lineAt(away, { lng: away.lng + 0.002, lat: away.lat + 0.001 }));
    const notes = await settled(() => about(user, closure.id), 2);
    const movedOut = notes.filter((n) => n.title.startsWith(MOVED_OUT_OF_ZONE));
    expect(notes).toHaveLength(2);
    expect(movedOut).toHaveLength(1);
    expect(movedOut[0].title).toBe(`${MOVED_OUT_OF_ZONE}: Flooding`);
    expect(movedOut[0].body).toMatch(/^No longer in “The farm”: /);
    const mails = await settled(() => mailTo(user.email), 2);
    expect(mails.map((m) => m.subject.split(':')[0]).sort()).toEqual([MOVED_OUT_OF_ZONE, 'Road closed']);
    const movedMail = mails.find((m) => m.subject.startsWith(MOVED_OUT_OF_ZONE))!;
    expect(movedMail.body).toContain('Your watched area: The farm: the closure no longer lies in it');
    const texts = await settled(() => textsTo(mobile), 2);
    expect(texts).toHaveLength(2);
    expect(texts.filter((t) => t.body.startsWith(`${MOVED_OUT_OF_ZONE}: `))).toHaveLength(1);
    expect(texts.every((t) => t.body.length <= 160)).toBe(true);

    // The same event again (an SNS retry, a replay by hand), carrying where the closure was: nothing more.
    const { data: stored } = await db().entities.notification.query.byUser({ uid: user.uid }).go({ pages: 'all' });
    const told = stored.find((n) => n.resourceId === closure.id && n.title.startsWith(MOVED_OUT_OF_ZONE))!;
    const replay = {
      ...closureEvent(closure.id, 'closure.changed', told.timestamp),
      id: String(told.eventId),
      detail: { closureId: closure.id, lgaCode: FORBES, movedFrom: [JSON.parse(insideLine).coordinates] },
    };
    for (let i = 0; i < 2; i++) {
      expect((await notifyFor(replay)).filter((n) => n.uid === user.uid)).toEqual([]);
      expect((await emailAlertsFor(replay)).sent).toBe(0);
      expect((await smsAlertsFor(replay)).sent).toBe(0);
    }
    expect(await about(user, closure.id)).toHaveLength(2);
    expect(mailTo(user.email)).toHaveLength(2);
    expect(textsTo(mobile)).toHaveLength(2);
  }, 60_000);

  it('moved within the area: a change, read as one in the area', async () => {
    const { user, sw, mobile } = await watcherOnEveryChannel('zone-moved-within');
    const a = { lng: sw.lng + 0.002, lat: sw.lat + 0.002 };
    const closure = await closureAt(lineAt(a, { lng: a.lng + 0.001, lat: a.lat + 0.001 }));
    expect(await settled(() => about(user, closure.id), 1)).toHaveLength(1);
    const b = { lng: sw.lng + 0.006, lat: sw.lat + 0.005 };
    await move(closure, lineAt(b, { lng: b.lng + 0.001, lat: b.lat + 0.001 }));
    const notes = await settled(() => about(user, closure.id), 2);
    expect(notes.map((n) => n.title).sort()).toEqual(['Closure updated: Flooding', 'New closure in Forbes: Flooding']);
    expect(notes.every((n) => n.body?.startsWith('In your watched area “The farm”: '))).toBe(true);
    expect((await settled(() => mailTo(user.email), 2)).map((m) => m.subject.split(':')[0]).sort()).toEqual(['Closure updated', 'Road closed']);
    expect((await settled(() => textsTo(mobile), 2)).map((t) => t.body.split(':')[0]).sort()).toEqual(['Closure updated', 'Road closed']);
  }, 60_000);

  it('moved, never having been inside: says nothing to the owner', async () => {
    const { user, sw, mobile } = await watcherOnEveryChannel('zone-never-inside');
    const west = { lng: sw.lng - 0.03, lat: sw.lat + 0.003 };
    const closure = await closureAt(lineAt(west, { lng: west.lng + 0.002, lat: west.lat + 0.001 }));
    const further = { lng: sw.lng - 0.05, lat: sw.lat + 0.003 };
    await move(closure, lineAt(further, { lng: further.lng + 0.002, lat: further.lat + 0.001 }));
    // The move as its event says it, run here to its end: nothing for the owner on any channel.
    const moved = { ...closureEvent(closure.id), detail: { closureId: closure.id, lgaCode: FORBES, movedFrom: [[[west.lng, west.lat], [west.lng + 0.002, west.lat + 0.001]]] } };
    expect((await notifyFor(moved)).filter((n) => n.uid === user.uid)).toEqual([]);
    await emailAlertsFor(moved);
    await smsAlertsFor(moved);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await about(user, closure.id)).toEqual([]);
    expect(mailTo(user.email)).toEqual([]);
    expect(textsTo(mobile)).toEqual([]);
  }, 60_000);
});
