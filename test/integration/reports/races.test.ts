// Storm races on reports: a crowd reporting one new spot at the same moment starts ONE cluster,
// and two moderators approving or rejecting the same thing at once make ONE closure.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable, type Auth } from '../../support/api';
import {
  APPROVE_CLUSTER,
  APPROVE_REPORT,
  CLUSTER,
  REJECT_CLUSTER,
  forbesSpot,
  matrixCallers,
  newResident,
  north,
  submit,
  useSpotBlock,
  placedAt,
} from './support';

const CROWD = 10;
let staff: Auth;

beforeAll(async () => {
  useStackTable();
  useSpotBlock(2);
  staff = (await matrixCallers()).auth.staff;
});

async function closuresFrom(field: 'clusterId' | 'reportId', id: string): Promise<number> {
  const { db } = await import('../../../lambdas/adapters/db/db');
  const { data } = await db().entities.closure.scan.go({ pages: 'all' } as never);
  return (data as { source?: Record<string, unknown> }[]).filter((c) => c.source?.[field] === id).length;
}

describe('a crowd at one new spot', () => {
  let residents: Awaited<ReturnType<typeof newResident>>[];
  beforeAll(async () => {
    residents = await Promise.all(Array.from({ length: CROWD }, () => newResident()));
  });

  it(`${CROWD} first reports at the same moment make one cluster holding all of them`, async () => {
    const spot = forbesSpot();
    const reports = await Promise.all(residents.map((r, i) => submit(r.auth, { type: 'hazard', position: north(spot, i % 3) })));
    expect(new Set(reports.map((r) => r.clusterId)).size).toBe(1);
    const cluster = await gql<{ reportCluster: any }>(CLUSTER, { id: reports[0].clusterId }, staff);
    expect(new Set(cluster.data!.reportCluster.reportIds)).toEqual(new Set(reports.map((r) => r.id)));
    // Every report rewrites the one cluster item, so a crowd is served one by one: allow for it.
  }, 90_000);
});

describe('moderators deciding at the same moment', () => {
  it(`${CROWD} approvals of one cluster make one closure; the others are refused as a conflict`, async () => {
    const spot = forbesSpot();
    const first = await submit((await newResident()).auth, { type: 'flood', position: spot });
    await submit((await newResident()).auth, { type: 'flood', position: north(spot, 30) });
    const answers = await Promise.all(Array.from({ length: CROWD }, () => gql<{ approveCluster: any }>(APPROVE_CLUSTER, { id: first.clusterId, regions: placedAt(spot) }, staff)));
    const won = answers.filter((a) => !a.errors);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.errors)) expect(lost.errors![0].errorType).toBe('Conflict');
    expect(await closuresFrom('clusterId', first.clusterId)).toBe(1);
  });

  it('approvals and rejections of one cluster at once leave exactly one decision', async () => {
    const report = await submit((await newResident()).auth, { type: 'storm', position: forbesSpot() });
    const answers = await Promise.all(
      Array.from({ length: CROWD }, (_, i) =>
        i % 2 ? gql(REJECT_CLUSTER, { id: report.clusterId, reason: 'Cleared already' }, staff) : gql(APPROVE_CLUSTER, { id: report.clusterId, regions: placedAt(report.position) }, staff),
      ),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    for (const lost of answers.filter((a) => a.errors)) expect(lost.errors![0].errorType).toBe('Conflict');
    const cluster = await gql<{ reportCluster: any }>(CLUSTER, { id: report.clusterId }, staff);
    expect(await closuresFrom('clusterId', report.clusterId)).toBe(cluster.data!.reportCluster.status === 'approved' ? 1 : 0);
  });

  it(`${CROWD} approvals of one lone report make one closure`, async () => {
    const report = await submit((await newResident()).auth, { type: 'crash', position: forbesSpot() });
    const answers = await Promise.all(Array.from({ length: CROWD }, () => gql(APPROVE_REPORT, { id: report.id, regions: placedAt(report.position) }, staff)));
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    for (const lost of answers.filter((a) => a.errors)) expect(lost.errors![0].errorType).toBe('Conflict');
    expect(await closuresFrom('reportId', report.id)).toBe(1);
  });
});
