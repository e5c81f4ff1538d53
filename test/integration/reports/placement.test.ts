// Where a closure made from reports goes, on the real local stack: the moderator sees the proposed
// stretch of road before approving and approves onto the line they placed (snapped or drawn by
// hand); with no road near and no line placed, nothing goes public. A closure made this way is named
// by its place ("Forbes, NSW"), never by a road class.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import { APPROVE_CLUSTER, APPROVE_REPORT, FORBES, NEWELL_POINT, newResident, submit } from './support';

const PROPOSED = `query($id: ID!) { reportCluster(id: $id) { id status closureId proposedRegion } }`;
const CLOSURE = `query($id: ID!) { closure(id: $id) { id formattedAddress nearestLocation { name } regions { geometry drawnByHand } } }`;
const DELETE = `mutation($id: ID!) { deleteClosure(id: $id) { id } }`;

/** On the Forbes town label, 250 m from the nearest road of the graph (the off-road closure). */
const TOWN_LABEL = { lat: -33.387, lng: 148.014 };

let staff: Auth;
let administrator: Auth;

beforeAll(async () => {
  useStackTable();
  // The closure administrator moderates Forbes too, and removes the closures afterwards.
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  administrator = staff;
});

const jitter = (p: { lat: number; lng: number }) => ({ lat: p.lat + (Math.random() - 0.5) * 0.0002, lng: p.lng + (Math.random() - 0.5) * 0.0002 });

describe('approving a report far from any road', () => {
  it('proposes nothing and refuses an approval with no line placed; nothing goes public', async () => {
    const resident = await newResident();
    const report = await submit(resident.auth, { type: 'hazard', position: jitter(TOWN_LABEL), description: 'Pothole' });
    const before = await gql<{ reportCluster: any }>(PROPOSED, { id: report.clusterId }, staff);
    expect(before.data!.reportCluster.proposedRegion).toBeNull();

    const res = await gql(APPROVE_CLUSTER, { id: report.clusterId }, staff);
    expect(res.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'No road is near this report: place the closure on the road (snapped or drawn by hand) before approving',
    });
    const after = await gql<{ reportCluster: any }>(PROPOSED, { id: report.clusterId }, staff);
    expect(after.data!.reportCluster).toMatchObject({ status: 'pending', closureId: null });
    const lone = await gql(APPROVE_REPORT, { id: report.id }, staff);
    expect(lone.errors?.[0]?.errorType).toBe('ValidationError');
  });

  it('approves onto the line the moderator drew by hand, kept exactly, titled by its place', async () => {
    const resident = await newResident();
    const report = await submit(resident.auth, { type: 'hazard', position: jitter(TOWN_LABEL), description: 'Tree down' });
    const drawn = [[148.0135, -33.3872], [148.0145, -33.3869]];
    const res = await gql<{ approveCluster: any }>(
      APPROVE_CLUSTER,
      { id: report.clusterId, regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: drawn }), drawnByHand: true }] },
      staff,
    );
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const closureId = res.data!.approveCluster.closureId;
    const closure = (await gql<{ closure: any }>(CLOSURE, { id: closureId }, staff)).data!.closure;
    expect(closure.regions).toEqual([{ geometry: JSON.stringify({ type: 'LineString', coordinates: drawn }), drawnByHand: true }]);
    expect(closure.formattedAddress).toBe('Forbes, NSW');
    expect(closure.nearestLocation).toBeNull();
    const text = await (await fetch(`${inject('stack').url}/text/${FORBES}`)).text();
    expect(text).toContain('Hazard: Forbes, NSW');
    expect(text).not.toContain('Hazard: Secondary road');
    await gql(DELETE, { id: closureId }, administrator);
  });

  it('refuses a placed line outside the council or too long, and approves nothing', async () => {
    const resident = await newResident();
    const report = await submit(resident.auth, { type: 'hazard', position: jitter(TOWN_LABEL) });
    const parkes = [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[148.175, -33.1375], [148.177, -33.137]] }), drawnByHand: true }];
    const outside = await gql(APPROVE_CLUSTER, { id: report.clusterId, regions: parkes }, staff);
    expect(outside.errors?.[0]?.message).toMatch(/^This road is in Parkes, not Forbes/);
    const long = [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[147.9, -33.388], [148.15, -33.388]] }), drawnByHand: true }];
    const tooLong = await gql(APPROVE_CLUSTER, { id: report.clusterId, regions: long }, staff);
    expect(tooLong.errors?.[0]?.message).toBe('A line drawn by hand can be at most 20 km long. Please split it into shorter closures.');
    const still = await gql<{ reportCluster: any }>(PROPOSED, { id: report.clusterId }, staff);
    expect(still.data!.reportCluster).toMatchObject({ status: 'pending', closureId: null });
  });
});

describe('approving a report on a road of the graph', () => {
  it('shows the proposed stretch of road, and approving without a line closes that stretch', async () => {
    const resident = await newResident();
    const report = await submit(resident.auth, { type: 'flood', position: jitter(NEWELL_POINT) });
    const proposal = await gql<{ reportCluster: any }>(PROPOSED, { id: report.clusterId }, staff);
    const proposed = proposal.data!.reportCluster.proposedRegion;
    expect(JSON.parse(proposed).coordinates.length).toBeGreaterThan(2);
    const res = await gql<{ approveCluster: any }>(APPROVE_CLUSTER, { id: report.clusterId }, staff);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const closure = (await gql<{ closure: any }>(CLOSURE, { id: res.data!.approveCluster.closureId }, staff)).data!.closure;
    expect(closure.regions).toEqual([{ geometry: proposed, drawnByHand: false }]);
    expect(closure.formattedAddress).toMatch(/^Newell Highway, /);
    await gql(DELETE, { id: closure.id }, administrator);
  });
});
