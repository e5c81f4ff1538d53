// Saved trips on the real local stack: saving (2 to 5 places, at most 5 trips, bad input changes
// nothing, a double call leaves one), and alerts decided by the road engine: a closure on the
// trip's route alerts once with the extra minutes (or says there is no way around), a closure on
// a road the trip does not use (in the same cells) alerts nobody, a reopening that frees the trip
// alerts too, and a replayed event sends nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, type Auth } from '../../support/api';
import { freshUser, ok, waitForNotifications, type Notification, type TestUser } from '../notifications/support';
import { DELETE, REOPEN } from '../closures/support';
import { mailTo, useAlertWorker, waitForMail } from './support';
import { db } from '../../../lambdas/adapters/db/db';

const TRIP_FIELDS = 'id name places { lat lng label } vehicleMass email sms';
const T = {
  list: `query { savedTrips { ${TRIP_FIELDS} } }`,
  save: `mutation($input: SavedTripInput!) { saveTrip(input: $input) { ${TRIP_FIELDS} } }`,
  remove: `mutation($id: ID!) { deleteSavedTrip(id: $id) { ${TRIP_FIELDS} } }`,
  channels: `mutation($input: SavedTripChannelsInput!) { setSavedTripChannels(input: $input) { ${TRIP_FIELDS} } }`,
};
const CREATE = `mutation($input: ClosureInput!) { createClosure(input: $input) { id } }`;

interface Trip {
  id: string;
  name: string;
  email: string;
}

const FORBES_TOWN = { lat: -33.3877, lng: 148.0083, label: 'Forbes, NSW' };
const EUGOWRA = { lat: -33.4275, lng: 148.3717, label: 'Eugowra, NSW' };
/** About 2 km of the road from Forbes to Eugowra, as snapToRoads draws it: the trip's way. */
const EUGOWRA_ROAD: [number, number][] = [
  [148.101419, -33.384898],
  [148.112526, -33.38272],
  [148.120937, -33.378132],
  [148.120998, -33.378124],
];
/** A spot inside that stretch: a trip ending there cannot keep off a closure of it. */
const ON_THE_STRETCH = { lat: -33.38033, lng: 148.116907, label: 'Eugowra Road stretch' };
/** The road from Forbes to Grenfell, 5 km out: in the Forbes → Eugowra trip's cells, not on its route. */
const GRENFELL_ROAD: [number, number][] = [
  [148.032032, -33.421679],
  [148.035107, -33.431012],
  [148.037383, -33.434336],
];

let staff: Auth;

beforeAll(async () => {
  useAlertWorker();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
});

const { savedTripAlertsFor } = await import('../../../lambdas/events/saved-trip-alerts');

async function closeRoad(line: [number, number][]): Promise<string> {
  const input = { lgaCode: '12900', type: 'flood', reason: 'Saved trips test', regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: line }) }] };
  return (await ok<{ createClosure: { id: string } }>(CREATE, { input }, staff)).createClosure.id;
}

const tripsOf = async (user: TestUser) => (await ok<{ savedTrips: Trip[] }>(T.list, {}, user.auth)).savedTrips;
const save = (user: TestUser, places: object[], name?: string) => gql<{ saveTrip: Trip[] }>(T.save, { input: { places, ...(name ? { name } : {}) } }, user.auth);

describe('saving trips', () => {
  it('refuses fewer than 2 or more than 5 places and a sixth trip, changing nothing; a double call leaves one', async () => {
    const user = await freshUser('trips-save');
    const few = await save(user, [FORBES_TOWN]);
    expect(few.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A trip needs at least 2 places.' });
    const many = await save(user, [FORBES_TOWN, EUGOWRA, FORBES_TOWN, EUGOWRA, FORBES_TOWN, EUGOWRA]);
    expect(many.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A trip can have at most 5 places.' });
    expect(await tripsOf(user)).toEqual([]);

    // Saved twice at once (a double click): one trip, named by its places.
    const both = await Promise.all([save(user, [FORBES_TOWN, EUGOWRA]), save(user, [FORBES_TOWN, EUGOWRA])]);
    expect(both.map((r) => r.errors)).toEqual([undefined, undefined]);
    const [first] = await tripsOf(user);
    expect(await tripsOf(user)).toHaveLength(1);
    expect(first.name).toBe('Forbes → Eugowra');

    const ends = [0.15, 0.2, 0.25, 0.3].map((dx) => ({ lat: -33.41, lng: 148.0 + dx }));
    for (const end of ends.slice(0, 4)) expect((await save(user, [FORBES_TOWN, end])).errors).toBeUndefined();
    expect(await tripsOf(user)).toHaveLength(5);
    const sixth = await save(user, [EUGOWRA, FORBES_TOWN]);
    expect(sixth.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'You can save at most 5 trips. Delete one to save another.' });
    expect(await tripsOf(user)).toHaveLength(5);

    // Channels set twice at once: the same one setting. Deleted twice at once: one trip fewer, no error.
    const set = await Promise.all([0, 1].map(() => gql(T.channels, { input: { id: first.id, email: 'IMMEDIATE' } }, user.auth)));
    expect(set.map((r) => r.errors)).toEqual([undefined, undefined]);
    expect((await tripsOf(user)).find((t) => t.id === first.id)?.email).toBe('immediate');
    const removed = await Promise.all([0, 1].map(() => gql(T.remove, { id: first.id }, user.auth)));
    expect(removed.map((r) => r.errors)).toEqual([undefined, undefined]);
    expect(await tripsOf(user)).toHaveLength(4);
    // The freed place takes a new trip again.
    expect((await save(user, [EUGOWRA, FORBES_TOWN], 'Home')).errors).toBeUndefined();

    // Another person reaches none of them: their delete and channels name no trip of theirs.
    const other = await freshUser('trips-other');
    const mine = await tripsOf(user);
    expect((await gql(T.remove, { id: mine[0].id }, other.auth)).errors).toBeUndefined();
    const theirs = await gql(T.channels, { input: { id: mine[0].id, email: 'IMMEDIATE' } }, other.auth);
    expect(theirs.errors?.[0]).toMatchObject({ errorType: 'NotFound' });
    expect(await tripsOf(user)).toEqual(mine);
  }, 60_000);
});

describe('alerts decided by the road engine', () => {
  it('a closure on the route alerts each trip once, with the extra minutes or no way around; a replay sends nothing', async () => {
    const user = await freshUser('trips-alert');
    await ok(T.save, { input: { places: [FORBES_TOWN, EUGOWRA] } }, user.auth);
    await ok(T.save, { input: { places: [FORBES_TOWN, ON_THE_STRETCH], name: 'To the paddock' } }, user.auth);
    const trips = await tripsOf(user);
    const eugowra = trips.find((t) => t.name === 'Forbes → Eugowra')!;
    await ok(T.channels, { input: { id: eugowra.id, email: 'IMMEDIATE' } }, user.auth);

    const closureId = await closeRoad(EUGOWRA_ROAD);
    const about = (items: Notification[]) => items.filter((n) => n.resourceId === closureId);
    const alerted = about(await waitForNotifications(user, (items) => about(items).length >= 2, 30_000));
    const titles = alerted.map((n) => n.title).sort();
    expect(titles).toHaveLength(2);
    expect(titles[0]).toMatch(/^Your trip Forbes → Eugowra now meets a closure (on|near) .+; the way around is \d+ minutes? longer$/);
    expect(titles[1]).toMatch(/^Your trip To the paddock now meets a closure (on|near) .+; there is no way around it$/);
    expect(alerted.find((n) => n.title.includes('Eugowra'))?.redirectTo).toBe(`/map?trip=${eugowra.id}`);
    const [mail] = await waitForMail(user.email, 1, 10_000);
    expect(mail.subject).toMatch(/^Your trip Forbes → Eugowra now meets a closure/);
    expect(mail.headers?.['List-Unsubscribe']).toContain(`token=t.${user.uid}.${eugowra.id}.`);

    // The event again, as SNS or a replay would deliver it: nothing more in the app or by mail.
    const { data: stored } = await db().entities.notification.query.byUser({ uid: user.uid }).go({ pages: 'all' });
    const first = stored.find((n) => n.resourceId === closureId)!;
    const replay = { id: String(first.eventId).split('.trip.')[0], type: 'closure.created', occurredAt: first.timestamp, actor: 'someone-else', detail: { closureId, lgaCode: '12900' } };
    await savedTripAlertsFor(replay);
    await savedTripAlertsFor(replay);
    expect(about(await waitForNotifications(user, () => false, 300))).toHaveLength(2);
    expect(mailTo(user.email)).toHaveLength(1);

    // The reopening frees both trips: each is told once.
    await ok(REOPEN, { id: closureId }, staff);
    const freed = (items: Notification[]) => about(items).filter((n) => n.title.includes('is clear of the closure'));
    const cleared = freed(await waitForNotifications(user, (items) => freed(items).length >= 2, 30_000));
    expect(cleared.map((n) => n.title).sort()).toEqual([
      expect.stringMatching(/^Your trip Forbes → Eugowra is clear of the closure (on|near) .+: the road has reopened$/),
      expect.stringMatching(/^Your trip To the paddock is clear of the closure (on|near) .+: the road has reopened$/),
    ]);
  }, 120_000);

  it('a closure on a road the trip does not use, in the same cells, is routed and alerts nobody', async () => {
    const user = await freshUser('trips-near');
    await ok(T.save, { input: { places: [FORBES_TOWN, EUGOWRA] } }, user.auth);
    const closureId = await closeRoad(GRENFELL_ROAD);
    try {
      const result = await savedTripAlertsFor({ id: `near-${closureId}`, type: 'closure.created', occurredAt: Math.floor(Date.now() / 1000), actor: 'someone-else', detail: { closureId, lgaCode: '12900' } });
      // Near enough to be routed again (its cells meet the trip's), and the engine says it is not on the way.
      expect(result.routed).toBeGreaterThanOrEqual(1);
      expect(result.alerted).toBe(0);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await waitForNotifications(user, () => false, 0)).filter((n) => n.resourceId === closureId)).toEqual([]);
    } finally {
      await ok(DELETE, { id: closureId }, staff);
    }
  }, 60_000);
});
