// Clustering rules: joining the nearest pending cluster of the same type and LGA within its
// radius, centre as the members' mean, radius covering the farthest member.
import { describe, expect, it } from 'vitest';
import { chooseCluster, distanceM, newCluster, withMember, withoutMember } from '../../../lambdas/core/reports/cluster';
import type { ReportRecord } from '../../../lambdas/core/reports/model';

const at = { lat: -33.4, lng: 147.9 };
const north = (m: number) => ({ lat: at.lat + m / 111_120, lng: at.lng });

function report(id: string, position = at, extra: Partial<ReportRecord> = {}): ReportRecord {
  return {
    id,
    uid: `uid-${id}`,
    lgaCode: '12900',
    status: 'pending',
    type: 'flood',
    position,
    geohash: 'x',
    media: [],
    activity: [],
    source: { type: 'user', payload: { uid: `uid-${id}` } },
    councilUsesApp: true,
    version: 1,
    createdAt: 100,
    updatedAt: 100,
    ...extra,
  };
}

describe('clusters', () => {
  it('a new cluster sits on its report with the default radius', () => {
    const c = newCluster('c1', report('r1', at, { media: ['m1'] }), 100);
    expect(c).toMatchObject({ center: at, radius: 250, reportIds: ['r1'], reporterUids: ['uid-r1'], media: ['m1'], status: 'pending' });
    expect(c.geohash4).toHaveLength(4);
    expect(c.geohash.startsWith(c.geohash7)).toBe(true);
  });

  it('joining moves the centre to the mean and grows the radius past the farthest member', () => {
    const c = withMember(newCluster('c1', report('r1'), 100), report('r2', north(600)), 101);
    expect(c.center.lat).toBeCloseTo(north(300).lat, 6);
    expect(c.radius).toBeGreaterThanOrEqual(350);
    expect(c.version).toBe(2);
    expect(c.reportIds).toEqual(['r1', 'r2']);
  });

  it('chooses the nearest pending cluster of the same type and LGA within reach', () => {
    const near = newCluster('near', report('a', north(100)), 1);
    const far = newCluster('far', report('b', north(400)), 1);
    const otherType = newCluster('fire', report('c', at, { type: 'fire' }), 1);
    const otherLga = newCluster('lga', report('d', at, { lgaCode: '16200' }), 1);
    const done = { ...newCluster('done', report('e', at), 1), status: 'approved' as const };
    expect(chooseCluster([far, near, otherType, otherLga, done], report('new'))?.id).toBe('near');
    expect(chooseCluster([far], report('new'))).toBeUndefined();
  });

  it('leaving recomputes from the rest; the last member leaving ends the cluster', () => {
    const two = withMember(newCluster('c1', report('r1'), 1), report('r2', north(200)), 2);
    const one = withoutMember(two, 'r1', 3)!;
    expect(one.center.lat).toBeCloseTo(north(200).lat, 6);
    expect(one.reportIds).toEqual(['r2']);
    expect(withoutMember(one, 'r2', 4)).toBeUndefined();
  });

  it('measures metres', () => {
    expect(distanceM(at, north(1000))).toBeCloseTo(1000, -1);
  });
});
