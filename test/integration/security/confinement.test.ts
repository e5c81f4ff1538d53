// Staff stay inside their own council, through the API: a Forbes closure administrator cannot
// create or update a closure on a road of another council, nor a moderator move a report cluster
// out of Forbes; the error names the council the road belongs to and nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../support/api';
import { createClosure, errorOf, GET, lineAt, matrixCallers, UPDATE, type Callers } from '../closures/support';
import { CLUSTER, submit, UPDATE_CLUSTER } from '../reports/support';

const IN_PARKES = lineAt(148.1753, -33.1372);
const PARKES_MESSAGE = 'This road is in Parkes, not Forbes: staff can only work on roads of their own council';
/** Somewhere inside Forbes no other test uses. */
const forbesPoint = () => ({ lng: 147.62 + Math.random() * 0.05, lat: -33.48 + Math.random() * 0.03 });

let c: Callers;
beforeAll(async () => {
  c = await matrixCallers();
});

describe('a closure stays within its LGA', () => {
  it('refuses a second region in another council on create (its bounding box still overlaps Forbes)', async () => {
    const p = forbesPoint();
    const res = await gql(`mutation($input: ClosureInput!) { createClosure(input: $input) { id } }`, {
      input: { lgaCode: '12900', type: 'flood', reason: 'Two places', regions: [{ geometry: lineAt(p.lng, p.lat) }, { geometry: IN_PARKES }] },
    }, c.auth.staff);
    expect(errorOf(res)).toMatchObject({ errorType: 'ValidationError', message: PARKES_MESSAGE });
  });

  it('refuses moving a region into another council on update, and keeps the closure as it was', async () => {
    const p = forbesPoint();
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(p.lng, p.lat) }] });
    const moved = await gql(UPDATE, {
      id: created.id,
      input: { lgaCode: '12900', type: 'flood', reason: 'Moved', regions: [{ id: created.regions[0].id, geometry: IN_PARKES }] },
    }, c.auth.staff);
    expect(errorOf(moved)).toMatchObject({ errorType: 'ValidationError', message: PARKES_MESSAGE });
    const after = await gql<{ closure: any }>(GET, { id: created.id }, c.auth.staff);
    expect(after.data!.closure).toMatchObject({ reason: created.reason, regions: created.regions, updatedAt: created.updatedAt });
  });

  it('admins are held to the same rule', async () => {
    const res = await gql(`mutation($input: ClosureInput!) { createClosure(input: $input) { id } }`, {
      input: { lgaCode: '12900', type: 'flood', reason: 'Elsewhere', regions: [{ geometry: IN_PARKES }] },
    }, c.auth.admin);
    expect(errorOf(res)?.message).toBe(PARKES_MESSAGE);
  });
});

describe('a report cluster stays within its LGA', () => {
  it('a moderator cannot move a cluster into another council; moving within Forbes works', async () => {
    const resident = (await matrixCallers()).auth.resident;
    const report = await submit(resident, { type: 'storm', position: forbesPoint() });
    const out = await gql(UPDATE_CLUSTER, { id: report.clusterId, input: { center: { lat: -33.1372, lng: 148.1753 } } }, c.auth.staff);
    expect(errorOf(out)).toMatchObject({ errorType: 'ValidationError', message: PARKES_MESSAGE });
    const cluster = await gql<{ reportCluster: any }>(CLUSTER, { id: report.clusterId }, c.auth.staff);
    expect(cluster.data!.reportCluster.center.lat).toBeLessThan(-33.4);
    const inside = forbesPoint();
    const ok = await gql<{ updateCluster: any }>(UPDATE_CLUSTER, { id: report.clusterId, input: { center: inside } }, c.auth.staff);
    expect(ok.data?.updateCluster.center).toEqual(inside);
  });
});
