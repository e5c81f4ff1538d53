// Disaster events on the real local stack: a closure administrator records a flood with its AGRN,
// tags closures singly and by area and days, and exports the event's evidence; two calls at once
// leave one event and one tag each; an ex-customer's staff still record and export.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, type Auth } from '../../support/api';
import { FORBES, WEDDIN, commsCallers, forbesClosure, type Role } from './support';

let c: Record<Role, Auth>;
const SAVE = `mutation($i: DisasterEventInput!) { saveDisasterEvent(input: $i) { id lgaCode name agrn startDay endDay measures closureIds version } }`;
const TAG = `mutation($i: EventTagInput!) { tagEventClosures(input: $i) { id closureIds } }`;
const LIST = `query($l: String!) { disasterEvents(lgaCode: $l) { id name agrn closureIds } }`;
const EVIDENCE = `query($l: String!, $e: ID, $fd: AWSDate, $td: AWSDate) { drfaEvidence(lgaCode: $l, eventId: $e, fromDay: $fd, toDay: $td) {
  event { id name agrn } closures { id start { lat lng } end { lat lng } lengthMetres geometry } } }`;
const errorOf = (res: { errors?: { errorType?: string; message: string }[] }) => res.errors?.[0];
const suffix = () => Math.random().toString(36).slice(2, 8);
const line = (lng: number, lat: number) => JSON.stringify({ type: 'LineString', coordinates: [[lng, lat], [lng + 0.002, lat + 0.001]] });

beforeAll(async () => {
  c = await commsCallers();
});

describe('disaster events', { timeout: 120_000 }, () => {
  it('records a flood with its AGRN, tags closures singly and by area and days, and exports just those', async () => {
    const name = `Lachlan River flood ${suffix()}`;
    const created = await gql<{ saveDisasterEvent: any }>(SAVE, { i: { lgaCode: FORBES, name, agrn: 'AGRN 1034', startDay: '2026-11-20', measures: ['emergency_works', 'counter_disaster_operations'] } }, c.staff);
    expect(created.errors).toBeUndefined();
    const event = created.data!.saveDisasterEvent;
    expect(event).toMatchObject({ lgaCode: FORBES, name, agrn: '1034', startDay: '2026-11-20', endDay: null, closureIds: [], version: 1 });

    const [a, b] = [await forbesClosure(c.staff), await forbesClosure(c.staff)];
    const single = await gql<{ tagEventClosures: any }>(TAG, { i: { eventId: event.id, closureIds: [a.id, b.id] } }, c.staff);
    expect(single.data!.tagEventClosures.closureIds.sort()).toEqual([a.id, b.id].sort());

    // By area and days: a closure drawn in a small box of its own, in effect today.
    const lng = 147.62 + Math.random() * 0.2;
    const lat = -33.5 + Math.random() * 0.05;
    const inArea = await forbesClosure(c.staff, { regions: [{ geometry: line(lng, lat) }] });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    const area = { west: lng - 0.0005, south: lat - 0.0005, east: lng + 0.0025, north: lat + 0.0015 };
    const byArea = await gql<{ tagEventClosures: any }>(TAG, { i: { eventId: event.id, area, fromDay: '2026-11-20', toDay: today } }, c.staff);
    expect(byArea.errors).toBeUndefined();
    // The event's tags: the two tagged singly, the one in the box, and any other file's closure that
    // the shared stack happened to put in the same small box.
    expect(byArea.data!.tagEventClosures.closureIds).toEqual(expect.arrayContaining([a.id, b.id, inArea.id]));

    const evidence = await gql<{ drfaEvidence: any }>(EVIDENCE, { l: FORBES, e: event.id }, c.staff);
    expect(evidence.errors).toBeUndefined();
    expect(evidence.data!.drfaEvidence.event).toMatchObject({ id: event.id, agrn: '1034' });
    expect(evidence.data!.drfaEvidence.closures.map((x: any) => x.id).sort()).toEqual([a.id, b.id, inArea.id].sort());
    // Where it is: the drawn line's start and end, its length and the line itself.
    const located = evidence.data!.drfaEvidence.closures.find((x: any) => x.id === inArea.id);
    // (Coordinates are stored to a fixed precision.)
    expect(located.start.lat).toBeCloseTo(lat, 5);
    expect(located.start.lng).toBeCloseTo(lng, 5);
    expect(located.end.lat).toBeCloseTo(lat + 0.001, 5);
    expect(located.end.lng).toBeCloseTo(lng + 0.002, 5);
    expect(located.lengthMetres).toBeGreaterThan(200);
    expect(located.lengthMetres).toBeLessThan(230);
    const geometry = JSON.parse(located.geometry);
    expect(geometry.type).toBe('MultiLineString');
    expect(geometry.coordinates[0][0]).toEqual([located.start.lng, located.start.lat]);
    expect(geometry.coordinates.at(-1).at(-1)).toEqual([located.end.lng, located.end.lat]);

    const untagged = await gql<{ tagEventClosures: any }>(TAG, { i: { eventId: event.id, closureIds: [b.id], remove: true } }, c.staff);
    expect(untagged.data!.tagEventClosures.closureIds.sort()).toEqual([a.id, inArea.id].sort());
  });

  it('two calls at once leave one event of a name, one tag per closure, and one edit of a version', async () => {
    const name = `Storm ${suffix()}`;
    const input = { lgaCode: FORBES, name, startDay: '2026-11-01' };
    const both = await Promise.all([gql<{ saveDisasterEvent: any }>(SAVE, { i: input }, c.staff), gql<{ saveDisasterEvent: any }>(SAVE, { i: { ...input, name: ` ${name.toUpperCase()} ` } }, c.staff)]);
    expect(both.filter((r) => !r.errors)).toHaveLength(1);
    expect(errorOf(both.find((r) => r.errors)!)).toMatchObject({ errorType: 'Conflict', message: expect.stringContaining('is already recorded for this council') });
    const listed = (await gql<{ disasterEvents: any[] }>(LIST, { l: FORBES }, c.staff)).data!.disasterEvents.filter((e) => e.name.toLowerCase() === name.toLowerCase());
    expect(listed).toHaveLength(1);
    const event = both.find((r) => !r.errors)!.data!.saveDisasterEvent;

    const closure = await forbesClosure(c.staff);
    await Promise.all([1, 2].map(() => gql(TAG, { i: { eventId: event.id, closureIds: [closure.id] } }, c.staff)));
    const after = (await gql<{ disasterEvents: any[] }>(LIST, { l: FORBES }, c.staff)).data!.disasterEvents.find((e) => e.id === event.id);
    expect(after.closureIds).toEqual([closure.id]);

    const edits = await Promise.all(['AGRN 2001', 'AGRN 2002'].map((agrn) => gql<{ saveDisasterEvent: any }>(SAVE, { i: { ...input, id: event.id, agrn, version: 1 } }, c.staff)));
    expect(edits.filter((r) => !r.errors)).toHaveLength(1);
    expect(errorOf(edits.find((r) => r.errors)!)?.errorType).toBe('Conflict');
  });

  it('refuses bad input, another council\'s closure and callers without the role, changing nothing', async () => {
    expect(errorOf(await gql(SAVE, { i: { lgaCode: FORBES, name: 'x', agrn: 'ABC', startDay: '2026-11-01' } }, c.staff))?.message).toBe('An AGRN is the number of the declared disaster, e.g. AGRN 1034');
    expect(errorOf(await gql(SAVE, { i: { lgaCode: FORBES, name: 'x', startDay: '2026-11-05', endDay: '2026-11-01' } }, c.staff))?.message).toBe('The event cannot end before it starts');
    expect(errorOf(await gql(SAVE, { i: { lgaCode: FORBES, name: ' ', startDay: '2026-11-05' } }, c.staff))?.message).toBe('Event name is required');
    const event = (await gql<{ saveDisasterEvent: any }>(SAVE, { i: { lgaCode: FORBES, name: `Fire ${suffix()}`, startDay: '2026-11-01' } }, c.staff)).data!.saveDisasterEvent;
    const weddinEvent = await gql<{ saveDisasterEvent: any }>(SAVE, { i: { lgaCode: WEDDIN, name: `Weddin flood ${suffix()}`, startDay: '2026-11-01' } }, c.exCustomer);
    expect(weddinEvent.errors).toBeUndefined();
    const forbes = await forbesClosure(c.staff);
    expect(errorOf(await gql(TAG, { i: { eventId: weddinEvent.data!.saveDisasterEvent.id, closureIds: [forbes.id] } }, c.exCustomer))?.message).toBe(`Closure ${forbes.id} is not a closure of this council`);
    expect(errorOf(await gql(TAG, { i: { eventId: event.id, closureIds: [forbes.id] } }, c.resident))?.errorType).toBe('Forbidden');
    expect(errorOf(await gql(TAG, { i: { eventId: event.id, closureIds: [forbes.id] } }, c.otherLgaStaff))?.errorType).toBe('Forbidden');
    expect(errorOf(await gql(TAG, { i: { eventId: event.id } }, c.staff))?.message).toBe('Choose closures, or an area and dates');
    const unchanged = (await gql<{ disasterEvents: any[] }>(LIST, { l: FORBES }, c.staff)).data!.disasterEvents.find((e) => e.id === event.id);
    expect(unchanged.closureIds).toEqual([]);
    // The ex-customer's staff export their event.
    const exported = await gql<{ drfaEvidence: any }>(EVIDENCE, { l: WEDDIN, e: weddinEvent.data!.saveDisasterEvent.id }, c.exCustomer);
    expect(exported.errors).toBeUndefined();
    expect(errorOf(await gql(EVIDENCE, { l: FORBES, e: weddinEvent.data!.saveDisasterEvent.id }, c.staff))?.errorType).toBe('NotFound');
  });
});
