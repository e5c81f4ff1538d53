// The authorization matrix (docs/security.md#threat-model-who-can-do-what) of every report
// operation: anonymous, resident, staff without a moderating role, a submission moderator, a
// moderator of another LGA, an ex-customer LGA's moderator (acting in their own LGA) and admin.
// Refused calls must change nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable, type Auth } from '../../support/api';
import {
  APPROVE_CLUSTER,
  APPROVE_REPORT,
  BY_LGA,
  CARD,
  CLUSTER,
  CLUSTERS,
  DENY_REPORT,
  FORBES,
  MY_REPORTS,
  NEARBY,
  REJECT_CLUSTER,
  REPORT,
  RETRACT,
  ROLES,
  SUBMIT,
  UPDATE_CLUSTER,
  WEDDIN,
  errorOf,
  forbesSpot,
  matrixCallers,
  newResident,
  north,
  submit,
  useSpotBlock,
  weddinSpot,
  type Callers,
  type Role,
  placedAt,
} from './support';

let c: Callers;

type Outcome = 'ok' | 'Unauthorized' | 'Forbidden' | 'PaymentRequired';
const MODERATORS: Record<Role, Outcome> = {
  anonymous: 'Unauthorized',
  resident: 'Forbidden',
  staffNoRole: 'Forbidden',
  staff: 'ok',
  otherLgaStaff: 'Forbidden',
  exCustomer: 'PaymentRequired',
  admin: 'ok',
};
const SIGNED_IN: Record<Role, Outcome> = {
  anonymous: 'Unauthorized',
  resident: 'ok',
  staffNoRole: 'ok',
  staff: 'ok',
  otherLgaStaff: 'ok',
  exCustomer: 'ok',
  admin: 'ok',
};
const EVERYONE: Record<Role, Outcome> = { ...SIGNED_IN, anonymous: 'ok' };
const VIEWERS: Record<Role, Outcome> = { ...MODERATORS, resident: 'ok', exCustomer: 'ok' };
const AUTHOR_ONLY: Record<Role, Outcome> = {
  anonymous: 'Unauthorized',
  resident: 'ok',
  staffNoRole: 'Forbidden',
  staff: 'Forbidden',
  otherLgaStaff: 'Forbidden',
  exCustomer: 'Forbidden',
  admin: 'Forbidden',
};

/** Ex-customer moderators act in their own (cancelled) LGA; everyone else in Forbes. */
const lgaOf = (role: Role) => (role === 'exCustomer' ? WEDDIN : FORBES);
const spotOf = (role: Role) => (role === 'exCustomer' ? weddinSpot() : forbesSpot());

/** A fresh pending report; the matrix resident writes it in the resident's cell, so they are the author. */
async function reportFor(role: Role) {
  const author = role === 'resident' ? c.auth.resident : (await newResident()).auth;
  return submit(author, { type: 'hazard', position: spotOf(role), description: 'Matrix' });
}

async function versions(reportId?: string, clusterId?: string) {
  const { getReport, getCluster } = await import('../../../lambdas/adapters/reports/store');
  return {
    report: reportId ? (await getReport(reportId))?.version : undefined,
    cluster: clusterId ? (await getCluster(clusterId))?.version : undefined,
  };
}

interface Operation {
  document: string;
  prepare(role: Role): Promise<{ variables: Record<string, unknown>; reportId?: string; clusterId?: string }>;
  expected: Record<Role, Outcome>;
}

const withReport = (make: (r: any, role: Role) => Record<string, unknown>) => async (role: Role) => {
  const r = await reportFor(role);
  return { variables: make(r, role), reportId: r.id, clusterId: r.clusterId };
};

const OPERATIONS: Record<string, Operation> = {
  submitReport: {
    document: SUBMIT,
    prepare: async (role) => ({ variables: { input: { type: 'other', position: spotOf(role) } } }),
    expected: SIGNED_IN,
  },
  myReports: { document: MY_REPORTS, prepare: async () => ({ variables: {} }), expected: SIGNED_IN },
  nearbyForReport: { document: NEARBY, prepare: async (role) => ({ variables: { position: spotOf(role) } }), expected: EVERYONE },
  report: { document: REPORT, prepare: withReport((r) => ({ id: r.id })), expected: VIEWERS },
  retractReport: { document: RETRACT, prepare: withReport((r) => ({ id: r.id })), expected: AUTHOR_ONLY },
  reportsByLga: { document: BY_LGA, prepare: async (role) => ({ variables: { lgaCode: lgaOf(role) } }), expected: MODERATORS },
  reportClusters: { document: CLUSTERS, prepare: async (role) => ({ variables: { lgaCode: lgaOf(role) } }), expected: MODERATORS },
  pendingClustersCard: { document: CARD, prepare: async (role) => ({ variables: { lgaCode: lgaOf(role) } }), expected: MODERATORS },
  reportCluster: { document: CLUSTER, prepare: withReport((r) => ({ id: r.clusterId })), expected: MODERATORS },
  approveCluster: { document: APPROVE_CLUSTER, prepare: withReport((r) => ({ id: r.clusterId, regions: placedAt(r.position) })), expected: MODERATORS },
  rejectCluster: { document: REJECT_CLUSTER, prepare: withReport((r) => ({ id: r.clusterId, reason: 'Duplicate' })), expected: MODERATORS },
  updateCluster: {
    document: UPDATE_CLUSTER,
    prepare: withReport((r) => ({ id: r.clusterId, input: { radius: 400, center: north(r.position, 10) } })),
    expected: MODERATORS,
  },
  approveReport: { document: APPROVE_REPORT, prepare: withReport((r) => ({ id: r.id, regions: placedAt(r.position) })), expected: MODERATORS },
  denyReport: { document: DENY_REPORT, prepare: withReport((r) => ({ id: r.id, reason: 'Not a road' })), expected: MODERATORS },
};

beforeAll(async () => {
  useStackTable();
  useSpotBlock(1);
  c = await matrixCallers();
});

describe.each(Object.entries(OPERATIONS))('%s', (_name, op) => {
  it.each(ROLES)('%s', async (role) => {
    const { variables, reportId, clusterId } = await op.prepare(role);
    const before = await versions(reportId, clusterId);
    const res = await gql(op.document, variables, c.auth[role]);
    const expected = op.expected[role];
    if (expected === 'ok') {
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return;
    }
    expect(errorOf(res)?.errorType).toBe(expected);
    if (expected === 'PaymentRequired') expect(errorOf(res)?.message).toBe('LGA does not have an active subscription');
    if (expected === 'Forbidden') expect(errorOf(res)?.message).toBe('You do not have permission to view this resource');
    expect(await versions(reportId, clusterId)).toEqual(before);
  });
});

describe('other residents', () => {
  it("cannot see or retract someone else's report", async () => {
    const author = await newResident();
    const stranger = await newResident();
    const r = await submit(author.auth, { type: 'flood', position: forbesSpot() });
    expect(errorOf(await gql(REPORT, { id: r.id }, stranger.auth))?.errorType).toBe('Forbidden');
    expect(errorOf(await gql(RETRACT, { id: r.id }, stranger.auth))?.errorType).toBe('Forbidden');
    const mine = await gql<{ myReports: any[] }>(MY_REPORTS, {}, stranger.auth);
    expect(mine.data!.myReports).toEqual([]);
  });

  it('a missing report or cluster is NotFound', async () => {
    expect(errorOf(await gql(REPORT, { id: 'nope' }, c.auth.admin))).toMatchObject({ errorType: 'NotFound', message: 'Report nope not found' });
    expect(errorOf(await gql(CLUSTER, { id: 'nope' }, c.auth.admin))?.errorType).toBe('NotFound');
  });
});
