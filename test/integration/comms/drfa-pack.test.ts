// Works, costs and the claim pack on the real local stack: the council's road segment and
// chainage (validated, kept to the version read), traffic control, labour, plant and cost entries
// (staff of the council only; two saves of one entry make one), an event's totals, and the claim
// pack opened as an assessor would (CSV and XLSX registers with the closed periods and totals, a
// deleted closure marked, the lines as GeoJSON), which an ex-customer's staff still download.
import { randomUUID } from 'node:crypto';
import { strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, type Auth } from '../../support/api';
import { FORBES, WEDDIN, commsCallers, forbesClosure, type Role } from './support';
import { csvRecords, readXlsx, unzip } from './pack-reader';

let c: Record<Role, Auth>;
const H = 3600;
const now = () => Math.floor(Date.now() / 1000);
const WORKS = `closureId roadSegmentId chainageStartKm chainageEndKm segmentVersion entries { id kind hours devices amountCents costKind enteredBy { uid email } version } totals { labourHours plantHours deviceDays costCents costs { kind amountCents } entries }`;
const GET_WORKS = `query($c: ID!) { closureWorks(closureId: $c) { ${WORKS} } }`;
const SEGMENT = `mutation($i: RoadSegmentInput!) { saveRoadSegment(input: $i) { ${WORKS} } }`;
const ENTRY = `mutation($i: WorkEntryInput!) { saveWorkEntry(input: $i) { id kind hours devices fromDay toDay amountCents costKind reference enteredBy { uid email } version } }`;
const DELETE_ENTRY = `mutation($c: ID!, $id: ID!) { deleteWorkEntry(closureId: $c, id: $id) { id } }`;
const SAVE_EVENT = `mutation($i: DisasterEventInput!) { saveDisasterEvent(input: $i) { id } }`;
const TAG = `mutation($i: EventTagInput!) { tagEventClosures(input: $i) { id closureIds } }`;
const EVENTS = `query($l: String!) { disasterEvents(lgaCode: $l) { id totals { labourHours plantHours deviceDays costCents costs { kind amountCents } } } }`;
const PACK = `query($e: ID!) { claimPack(eventId: $e) { fileName url bytes files closures deletedClosures totals { labourHours deviceDays costCents } } }`;
const errorOf = (res: { errors?: { errorType?: string; message: string }[] }) => res.errors?.[0];
const entryId = () => randomUUID();

beforeAll(async () => {
  c = await commsCallers();
});

async function ok<T = any>(document: string, variables: Record<string, unknown>, auth: Auth): Promise<T> {
  const res = await gql<T>(document, variables, auth);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="drfa-claim-/);
  return new Uint8Array(await response.arrayBuffer());
}

describe('road segment and chainage', { timeout: 120_000 }, () => {
  it('refuses a bad chainage with a clear message and keeps nothing; a good one is kept to the version read', async () => {
    const closure = await forbesClosure(c.staff);
    const bad = [
      [{ chainageStartKm: 12.35, chainageEndKm: 12.1 }, 'The end chainage cannot be before the start chainage'],
      [{ chainageStartKm: 12.35 }, 'Give both the start and end chainage, or neither'],
      [{ chainageStartKm: -1, chainageEndKm: 2 }, 'Chainage cannot be negative'],
      [{ chainageStartKm: 1.2345, chainageEndKm: 2 }, 'Chainage is kept to the metre: at most three decimals, e.g. 12.350'],
      [{ roadSegmentId: 'x'.repeat(61) }, 'Road segment id is too long (maximum 60 characters)'],
    ] as const;
    for (const [fields, message] of bad) {
      const res = await gql(SEGMENT, { i: { closureId: closure.id, ...fields } }, c.staff);
      expect(errorOf(res)).toMatchObject({ errorType: 'ValidationError', message: expect.stringContaining(message) });
    }
    expect((await ok(GET_WORKS, { c: closure.id }, c.staff)).closureWorks).toMatchObject({ roadSegmentId: null, chainageStartKm: null, segmentVersion: null });

    const saved = (await ok(SEGMENT, { i: { closureId: closure.id, roadSegmentId: 'NEWELL-0412', chainageStartKm: 12.35, chainageEndKm: 12.35 } }, c.staff)).saveRoadSegment;
    expect(saved).toMatchObject({ roadSegmentId: 'NEWELL-0412', chainageStartKm: 12.35, chainageEndKm: 12.35, segmentVersion: 1 });
    // Two edits of version 1 at once: one is kept, the other is told to reload.
    const both = await Promise.all([13, 14].map((end) => gql(SEGMENT, { i: { closureId: closure.id, roadSegmentId: 'NEWELL-0412', chainageStartKm: 12.35, chainageEndKm: end, version: 1 } }, c.staff)));
    expect(both.filter((r) => !r.errors)).toHaveLength(1);
    expect(errorOf(both.find((r) => r.errors)!)).toMatchObject({ errorType: 'Conflict' });
    const after = (await ok(GET_WORKS, { c: closure.id }, c.staff)).closureWorks;
    expect(after.segmentVersion).toBe(2);
    expect([13, 14]).toContain(after.chainageEndKm);
  });
});

describe('works and costs', { timeout: 120_000 }, () => {
  it('only staff of the closure\'s council enter them; a resident and another council are refused and change nothing', async () => {
    const closure = await forbesClosure(c.staff);
    const input = { closureId: closure.id, id: entryId(), kind: 'labour', hours: 3, fromDay: '2026-11-21' };
    for (const who of ['anonymous', 'resident', 'otherLgaStaff'] as const) {
      const res = await gql(ENTRY, { i: { ...input, id: entryId() } }, c[who]);
      expect(errorOf(res)?.errorType).toBe(who === 'anonymous' ? 'Unauthorized' : 'Forbidden');
      expect(errorOf(await gql(GET_WORKS, { c: closure.id }, c[who]))?.errorType).toBe(who === 'anonymous' ? 'Unauthorized' : 'Forbidden');
    }
    const saved = (await ok(ENTRY, { i: input }, c.staff)).saveWorkEntry;
    for (const who of ['resident', 'otherLgaStaff'] as const) {
      expect(errorOf(await gql(DELETE_ENTRY, { c: closure.id, id: saved.id }, c[who]))?.errorType).toBe('Forbidden');
      expect(errorOf(await gql(ENTRY, { i: { ...input, hours: 99, version: 1 } }, c[who]))?.errorType).toBe('Forbidden');
    }
    const works = (await ok(GET_WORKS, { c: closure.id }, c.staff)).closureWorks;
    expect(works.entries).toEqual([expect.objectContaining({ id: input.id, hours: 3, version: 1, enteredBy: expect.objectContaining({ email: 'staff@forbes.example' }) })]);
  });

  it('refuses an entry missing what its kind needs, with a clear message', async () => {
    const closure = await forbesClosure(c.staff);
    const cases = [
      [{ kind: 'traffic_control', fromDay: '2026-11-20', toDay: '2026-11-22' }, 'Give the number of devices'],
      [{ kind: 'traffic_control', devices: 3, fromDay: '2026-11-22', toDay: '2026-11-20' }, 'The last day cannot be before the first'],
      [{ kind: 'labour', fromDay: '2026-11-20' }, 'Give the hours worked'],
      [{ kind: 'plant', hours: 2, fromDay: '2026-11-20' }, 'Name the plant'],
      [{ kind: 'cost', amountCents: 1000, fromDay: '2026-11-20' }, 'Choose what the cost was for'],
      [{ kind: 'cost', amountCents: 10.5, costKind: 'materials', fromDay: '2026-11-20' }, 'An amount is whole cents'],
    ] as const;
    for (const [fields, message] of cases) {
      const res = await gql(ENTRY, { i: { closureId: closure.id, id: entryId(), ...fields } }, c.staff);
      expect(errorOf(res)).toMatchObject({ errorType: 'ValidationError', message: expect.stringContaining(message) });
    }
    expect((await ok(GET_WORKS, { c: closure.id }, c.staff)).closureWorks.entries).toEqual([]);
  });

  it('two saves of one new entry at once make one entry; two deletes at once leave none', async () => {
    const closure = await forbesClosure(c.staff);
    const input = { closureId: closure.id, id: entryId(), kind: 'traffic_control', devices: 4, fromDay: '2026-11-20', toDay: '2026-11-21', description: 'Road closed signs' };
    const saves = await Promise.all([1, 2].map(() => gql(ENTRY, { i: input }, c.staff)));
    expect(saves.filter((r) => !r.errors)).toHaveLength(1);
    expect(errorOf(saves.find((r) => r.errors)!)).toMatchObject({ errorType: 'Conflict' });
    // Two edits of version 1 at once: one is kept.
    const edits = await Promise.all([5, 6].map((devices) => gql(ENTRY, { i: { ...input, devices, version: 1 } }, c.staff)));
    expect(edits.filter((r) => !r.errors)).toHaveLength(1);
    let works = (await ok(GET_WORKS, { c: closure.id }, c.staff)).closureWorks;
    expect(works.entries).toHaveLength(1);
    expect(works.entries[0].version).toBe(2);
    expect(works.totals.deviceDays).toBe(works.entries[0].devices * 2);

    const deletes = await Promise.all([1, 2].map(() => gql(DELETE_ENTRY, { c: closure.id, id: input.id }, c.staff)));
    expect(deletes.filter((r) => !r.errors)).toHaveLength(1);
    expect(errorOf(deletes.find((r) => r.errors)!)).toMatchObject({ errorType: 'NotFound', message: 'Works entry not found' });
    works = (await ok(GET_WORKS, { c: closure.id }, c.staff)).closureWorks;
    expect(works.entries).toEqual([]);
  });
});

describe('the claim pack', { timeout: 180_000 }, () => {
  it('holds the event\'s closures with their closed periods, the works and totals, a deleted closure marked, in CSV, XLSX, GeoJSON and a PDF', async () => {
    const event = (await ok(SAVE_EVENT, { i: { lgaCode: FORBES, name: `Lachlan flood ${randomUUID().slice(0, 6)}`, agrn: 'AGRN 1034', startDay: '2026-11-20', measures: ['emergency_works'] } }, c.staff)).saveDisasterEvent;
    // Backdated 6 h and then reopened: closed from its start to the reopening, kept after it.
    const start = now() - 6 * H;
    const reopened = await forbesClosure(c.staff, { scheduledFor: start, reason: 'Floodwater over the road' });
    await ok(`mutation($id: ID!) { reopenClosure(id: $id) { id } }`, { id: reopened.id }, c.staff);
    const deleted = await forbesClosure(c.staff, { reason: 'Entered by mistake? No: deleted after the water went down' });
    await ok(`mutation($id: ID!) { deleteClosure(id: $id) { id } }`, { id: deleted.id }, c.staff);
    const untagged = await forbesClosure(c.staff);
    await ok(TAG, { i: { eventId: event.id, closureIds: [reopened.id, deleted.id] } }, c.staff);

    await ok(SEGMENT, { i: { closureId: reopened.id, roadSegmentId: 'NEWELL-0412', chainageStartKm: 12.35, chainageEndKm: 13.1 } }, c.staff);
    const entries = [
      { closureId: reopened.id, kind: 'traffic_control', devices: 3, fromDay: '2026-11-20', toDay: '2026-11-22', description: 'Road closed signs and barriers' },
      { closureId: reopened.id, kind: 'labour', hours: 7.5, fromDay: '2026-11-21', description: 'Two crew clearing debris' },
      { closureId: deleted.id, kind: 'labour', hours: 2.25, fromDay: '2026-11-21' },
      { closureId: reopened.id, kind: 'plant', hours: 4, fromDay: '2026-11-21', description: 'Grader' },
      { closureId: reopened.id, kind: 'cost', amountCents: 123_450, costKind: 'contractor', fromDay: '2026-11-23', reference: 'INV-2291' },
      { closureId: deleted.id, kind: 'cost', amountCents: 10_000, costKind: 'materials', fromDay: '2026-11-23' },
      // Not tagged to the event: not in its totals.
      { closureId: untagged.id, kind: 'labour', hours: 100, fromDay: '2026-11-21' },
    ];
    for (const e of entries) await ok(ENTRY, { i: { id: entryId(), ...e } }, c.staff);

    const expected = { labourHours: 9.75, plantHours: 4, deviceDays: 9, costCents: 133_450 };
    const listed = (await ok(EVENTS, { l: FORBES }, c.staff)).disasterEvents.find((e: any) => e.id === event.id);
    expect(listed.totals).toMatchObject(expected);
    expect(listed.totals.costs).toEqual(expect.arrayContaining([{ kind: 'contractor', amountCents: 123_450 }, { kind: 'materials', amountCents: 10_000 }, { kind: 'wages', amountCents: 0 }]));

    // The evidence export carries the segment and chainage too.
    const evidence = (await ok(`query($l: String!, $e: ID) { drfaEvidence(lgaCode: $l, eventId: $e) { closures { id roadSegmentId chainageStartKm chainageEndKm } } }`, { l: FORBES, e: event.id }, c.staff)).drfaEvidence;
    expect(evidence.closures.find((x: any) => x.id === reopened.id)).toEqual({ id: reopened.id, roadSegmentId: 'NEWELL-0412', chainageStartKm: 12.35, chainageEndKm: 13.1 });

    const pack = (await ok(PACK, { e: event.id }, c.staff)).claimPack;
    expect(pack).toMatchObject({ closures: 2, deletedClosures: 1, totals: { labourHours: 9.75, deviceDays: 9, costCents: 133_450 } });
    expect(pack.fileName).toMatch(/^drfa-claim-12900-agrn-1034-lachlan-flood-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzip(await download(pack.url));
    expect(Object.keys(files).sort()).toEqual([...pack.files].sort());
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['registers/closures.csv', 'registers/periods.csv', 'registers/works-and-costs.csv', 'registers/activity.csv', 'registers/totals.csv', 'registers.xlsx', 'closures.geojson', 'README.txt']));
    const pdf = Object.keys(files).find((f) => f.endsWith('-summary.pdf'))!;
    expect(strFromU8(files[pdf].slice(0, 5))).toBe('%PDF-');

    const closures = csvRecords(files, 'registers/closures.csv');
    expect(closures.map((r) => r['Closure id']).sort()).toEqual([reopened.id, deleted.id].sort());
    const a = closures.find((r) => r['Closure id'] === reopened.id)!;
    expect(a).toMatchObject({ Deleted: '', 'Road segment id': 'NEWELL-0412', 'Chainage start (km)': '12.35', 'Chainage end (km)': '13.1', 'Condition now': 'Reopened' });
    expect(Number(a['Closed (hours)'])).toBeCloseTo(6, 1);
    const sydney = (s: number) => new Date(s * 1000).toLocaleString('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
    expect(a['First in effect']).toBe(sydney(start));
    expect(closures.find((r) => r['Closure id'] === deleted.id)!.Deleted).toMatch(/^Deleted \d{2}\/\d{2}\/\d{4}/);

    const periods = csvRecords(files, 'registers/periods.csv').filter((r) => r['Closure id'] === reopened.id);
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ Condition: 'Closed', From: sydney(start) });
    expect(periods[0].Until).not.toBe('Still in effect');
    expect(Number(periods[0].Hours)).toBeCloseTo(6, 1);

    const works = csvRecords(files, 'registers/works-and-costs.csv');
    expect(works).toHaveLength(6);
    expect(works.find((w) => w.Kind === 'Traffic control')).toMatchObject({ Devices: '3', 'Device-days': '9', 'From day': '20/11/2026', 'To day': '22/11/2026', 'Entered by': expect.stringContaining('staff@forbes.example') });
    expect(works.find((w) => w.Reference === 'INV-2291')).toMatchObject({ 'Cost kind': 'Contractor', 'Amount (AUD)': '1234.5' });

    const activity = csvRecords(files, 'registers/activity.csv').filter((r) => r['Closure id'] === reopened.id);
    expect(activity.map((r) => r.Action)).toEqual(expect.arrayContaining(['Recorded', 'Reopened']));

    const totals = Object.fromEntries(csvRecords(files, 'registers/totals.csv').map((r) => [r.Item, r.Value]));
    expect(totals).toMatchObject({ AGRN: 'AGRN 1034', Closures: '2', 'Closures deleted after they happened': '1', Labour: '9.75', Plant: '4', 'Traffic control': '9', 'Costs: Contractor': '1234.5', 'Costs: Materials': '100', 'Costs: total': '1334.5' });

    const book = readXlsx(files['registers.xlsx']);
    expect(Object.keys(book)).toEqual(['Closures', 'Periods', 'Works and costs', 'Activity', 'Photos', 'Totals']);
    const sheetTotals = Object.fromEntries(book.Totals.slice(1).map((row) => [row[0], row[1]]));
    expect(sheetTotals).toMatchObject({ Labour: 9.75, Plant: 4, 'Traffic control': 9, 'Costs: total': 1334.5 });
    const header = book.Closures[0];
    const deletedRow = book.Closures.find((row) => row[0] === deleted.id)!;
    expect(String(deletedRow[header.indexOf('Deleted')])).toMatch(/^Deleted /);
    expect(book['Works and costs']).toHaveLength(7);

    const geojson = JSON.parse(strFromU8(files['closures.geojson']));
    expect(geojson.features.map((f: any) => [f.id, f.geometry.type, f.properties.deleted]).sort()).toEqual(
      [[reopened.id, 'MultiLineString', false], [deleted.id, 'MultiLineString', true]].sort(),
    );
    expect(geojson.features.find((f: any) => f.id === reopened.id).properties).toMatchObject({ roadSegmentId: 'NEWELL-0412', chainageStartKm: 12.35, agrn: '1034' });
  });

  it('an ex-customer\'s staff still download their pack; a resident and another council cannot', async () => {
    const { createEvent, tagClosures } = await import('../../../lambdas/adapters/drfa/events');
    const weddinLine = JSON.stringify({ type: 'LineString', coordinates: [[148.06 + Math.random() * 0.03, -33.92], [148.062, -33.921]] });
    const closure = await ok(`mutation($i: ClosureInput!) { createClosure(input: $i) { id } }`, { i: { lgaCode: WEDDIN, type: 'flood', reason: 'Creek over the road', regions: [{ geometry: weddinLine }] } }, c.admin);
    const event = await createEvent({ lgaCode: WEDDIN, name: `Weddin storm ${randomUUID().slice(0, 6)}`, startDay: '2026-11-01' }, 'test');
    await tagClosures(WEDDIN, event.id, [closure.createClosure.id], 'test', now());
    // Their own records too: the ex-customer still enters works.
    await ok(ENTRY, { i: { closureId: closure.createClosure.id, id: entryId(), kind: 'labour', hours: 1.5, fromDay: '2026-11-02' } }, c.exCustomer);

    const pack = (await ok(PACK, { e: event.id }, c.exCustomer)).claimPack;
    expect(pack).toMatchObject({ closures: 1, totals: { labourHours: 1.5 } });
    const files = unzip(await download(pack.url));
    expect(csvRecords(files, 'registers/closures.csv').map((r) => r['Closure id'])).toEqual([closure.createClosure.id]);
    for (const who of ['resident', 'otherLgaStaff'] as const) expect(errorOf(await gql(PACK, { e: event.id }, c[who]))?.errorType).toBe('Forbidden');
  });
});
