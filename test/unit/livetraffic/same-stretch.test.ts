// A state hazard on the same stretch as a council's closure is shown once, as the council's: the
// public file names that closure (`sameAs`), and the hazard's end is as quiet as its opening.
import { describe, expect, it } from 'vitest';
import type { ClosureRecord } from '../../../lambdas/core/closures/types';
import { withHash, type StateHazard } from '../../../lambdas/core/livetraffic/hazard';
import { planImport } from '../../../lambdas/core/livetraffic/plan';
import { buildStateHazardFile, sameStretchAs } from '../../../lambdas/core/livetraffic/public-file';

/** About 3 km of the Newell Highway north of Forbes. */
const NEWELL_NORTH: [number, number][] = [
  [148.064777, -33.319499],
  [148.067036, -33.317045],
  [148.075275, -33.311737],
  [148.080425, -33.306286],
  [148.082313, -33.303273],
  [148.083687, -33.296817],
];

function closure(id: string, line: [number, number][], over: Partial<ClosureRecord> = {}): ClosureRecord {
  return {
    id,
    lgaCode: '12900',
    active: true,
    condition: 'closed',
    type: 'flood',
    position: { lat: line[0][1], lng: line[0][0] },
    regions: [{ id: `${id}-r`, geometry: { type: 'LineString', coordinates: line } }],
    ...over,
  } as unknown as ClosureRecord;
}

function hazard(id: string, over: Partial<StateHazard> = {}): StateHazard {
  return withHash({
    id,
    kind: 'incident',
    headline: `Hazard ${id}`,
    planned: false,
    major: false,
    position: { lat: -33.311737, lng: 148.075275 },
    roads: [],
    lanes: [],
    periods: [],
    advice: [],
    source: 'livetraffic',
    lgaCode: '12900',
    geometry: null,
    geometrySource: 'point',
    geometryNote: 'point',
    closesRoad: true,
    ...over,
  });
}

const onNewell = closure('council-newell', NEWELL_NORTH);
/** A council closure on another road in Forbes (west of town). */
const elsewhere = closure('council-elsewhere', [[147.9, -33.45], [147.91, -33.451]]);

describe('a state hazard on the same stretch as a council closure', () => {
  it('is matched by its stretch running along the closure', () => {
    const stretch = hazard('1', { geometry: { type: 'LineString', coordinates: NEWELL_NORTH.slice(1, 5) }, geometrySource: 'road-engine' });
    expect(sameStretchAs(stretch, [elsewhere, onNewell])).toBe('council-newell');
  });

  it('is matched by its point on the closure when the state gave only a point', () => {
    expect(sameStretchAs(hazard('2'), [elsewhere, onNewell])).toBe('council-newell');
  });

  it('is not matched to a closure on another road, nor to one reopened or deleted', () => {
    expect(sameStretchAs(hazard('3', { position: { lat: -33.2, lng: 148.1 } }), [onNewell])).toBeNull();
    expect(sameStretchAs(hazard('4'), [closure('reopened', NEWELL_NORTH, { active: false })])).toBeNull();
    expect(sameStretchAs(hazard('5'), [closure('deleted', NEWELL_NORTH, { deletedAt: 1 })])).toBeNull();
  });

  it('is named on the public file, matched only within its council', () => {
    const file = buildStateHazardFile([hazard('6'), hazard('7', { lgaCode: '16200' })], new Map([['12900', [onNewell]]]), 1, null);
    expect(file.hazards.map((h) => [h.id, h.sameAs])).toEqual([['6', 'council-newell'], ['7', null]]);
  });

  it("keeps the council's closure in the manifest, so the hazard's end names it too", () => {
    const { manifest } = planImport(undefined, [hazard('8')], new Set(['incident'] as const));
    manifest['8'].s = 'council-newell';
    const plan = planImport(manifest, [], new Set(['incident'] as const));
    expect(plan.ended).toEqual([{ id: '8', lgaCode: '12900', headline: 'Hazard 8', sameAs: 'council-newell' }]);
  });
});
