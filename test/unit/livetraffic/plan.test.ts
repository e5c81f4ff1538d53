// One import cycle's decisions: only new and changed hazards written, ended ones removed and
// announced, nothing announced on the first import, and a kind that did not answer left alone.
import { describe, expect, it } from 'vitest';
import { withHash, type StateHazard } from '../../../lambdas/core/livetraffic/hazard';
import { planImport } from '../../../lambdas/core/livetraffic/plan';
import { stretchOf } from '../../../lambdas/core/livetraffic/stretch';
import { getRoadEngine } from '../../../lambdas/core/roads/engine';

function hazard(id: string, overrides: Partial<StateHazard> = {}): StateHazard {
  return withHash({
    id,
    kind: 'incident',
    headline: `Hazard ${id}`,
    planned: false,
    major: false,
    position: { lat: -33.3, lng: 148 },
    roads: [],
    lanes: [],
    periods: [],
    advice: [],
    source: 'livetraffic',
    lgaCode: '12900',
    geometry: null,
    geometrySource: 'point',
    geometryNote: 'point',
    closesRoad: false,
    ...overrides,
  });
}
const all = new Set(['incident', 'roadwork'] as const);

describe('an import cycle', () => {
  it('writes every hazard on the first import and announces none', () => {
    const plan = planImport(undefined, [hazard('1'), hazard('2')], all);
    expect(plan.put.map((h) => h.id)).toEqual(['1', '2']);
    expect(plan.opened).toEqual([]);
    expect(Object.keys(plan.manifest)).toEqual(['1', '2']);
  });

  it('writes only new and changed hazards, removes and announces ended ones', () => {
    const { manifest } = planImport(undefined, [hazard('1'), hazard('2'), hazard('3')], all);
    const plan = planImport(manifest, [hazard('1'), hazard('2', { advice: ['Use the detour'] }), hazard('4', { lgaCode: '16200' })], all);
    expect(plan.put.map((h) => h.id)).toEqual(['2', '4']);
    expect(plan.opened.map((h) => h.id)).toEqual(['4']);
    expect(plan.remove).toEqual([{ id: '3', lgaCode: '12900' }]);
    expect(plan.ended).toEqual([{ id: '3', lgaCode: '12900', headline: 'Hazard 3' }]);
  });

  it('moves a hazard whose point moved to another council: written there, removed here, not announced', () => {
    const { manifest } = planImport(undefined, [hazard('1')], all);
    const plan = planImport(manifest, [hazard('1', { lgaCode: '16200' })], all);
    expect(plan.put.map((h) => h.lgaCode)).toEqual(['16200']);
    expect(plan.remove).toEqual([{ id: '1', lgaCode: '12900' }]);
    expect(plan.opened).toEqual([]);
    expect(plan.ended).toEqual([]);
  });

  it('leaves the hazards of a kind that did not answer as they were', () => {
    const { manifest } = planImport(undefined, [hazard('1'), hazard('2', { kind: 'roadwork' })], all);
    const plan = planImport(manifest, [], new Set(['incident'] as const));
    expect(plan.remove).toEqual([{ id: '1', lgaCode: '12900' }]);
    expect(Object.keys(plan.manifest)).toEqual(['2']);
  });
});

describe('the stretch of a hazard given as a point', () => {
  const engine = getRoadEngine();

  it('marks the Newell Highway at the Weelong roadwork, saying the length is ours', () => {
    const stretch = stretchOf(engine, { position: { lng: 147.63698, lat: -33.57883 }, roads: [{ mainStreet: 'Newell Highway', crossStreet: '47-55km north of West Wyalong' }] });
    expect(stretch.source).toBe('road-engine');
    expect(stretch.geometry!.coordinates.length).toBeGreaterThanOrEqual(2);
    expect(stretch.note).toBe("Drawn by our road map on Newell Highway at the state's point; the state gave no extent, so the length shown is ours.");
  });

  it('keeps a point, and says why, where the named road is not in the road map', () => {
    const stretch = stretchOf(engine, { position: { lng: 148.16937, lat: -33.1486 }, roads: [{ mainStreet: 'Forbes Street (Mitchell Highway', crossStreet: 'Baker Street' }] });
    expect(stretch).toEqual({ geometry: null, source: 'point', note: "Shown as the state's point only: Forbes Street (Mitchell Highway is not in our road map here." });
  });
});
