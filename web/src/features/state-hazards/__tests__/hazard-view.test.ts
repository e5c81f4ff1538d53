import { describe, expect, it } from 'vitest';
import type { PublicHazard, StateHazardFile } from '../api/state-hazards';
import { hazardFeatures, hazardsOnRoute, hazardsShown, lanesText, periodText, roadText, staleNotice, stateReferences } from '../hazard-view';

const hazard = (id: string, over: Partial<PublicHazard> = {}): PublicHazard => ({
  id,
  kind: 'roadwork',
  lgaCode: '12900',
  headline: `Hazard ${id}`,
  category: null,
  closesRoad: false,
  planned: true,
  position: { lat: -33.3, lng: 148.07 },
  geometry: null,
  geometrySource: 'point',
  geometryNote: 'Shown as the state point only.',
  roads: [],
  lanes: [],
  periods: [],
  advice: [],
  diversions: null,
  speedLimit: null,
  start: null,
  end: null,
  lastUpdated: null,
  sameAs: null,
  ...over,
});

const file = (hazards: PublicHazard[], over: Partial<StateHazardFile> = {}): StateHazardFile => ({
  source: 'livetraffic',
  sourceName: 'Live Traffic NSW',
  attribution: 'Contains Live Traffic NSW data, © Transport for NSW, licensed under CC BY 4.0.',
  licence: 'https://creativecommons.org/licenses/by/4.0/',
  recorded: null,
  lastGoodAt: 1_000_000,
  hazards,
  ...over,
});

const FORBES_VIEW: [number, number, number, number] = [147.9, -33.5, 148.2, -33.2];

describe("the state's hazards on the map", () => {
  it('shows those in and around the view, and not one the council shows as its own closure', () => {
    const inside = hazard('1');
    const justOutside = hazard('2', { position: { lat: -33.19, lng: 148.1 } });
    const far = hazard('3', { position: { lat: -32.0, lng: 150 } });
    const farButLineInView = hazard('4', { position: { lat: -32.0, lng: 150 }, geometry: { type: 'LineString', coordinates: [[150, -32], [148.0, -33.3]] } });
    const sameAsCouncil = hazard('5', { sameAs: 'closure-1' });
    expect(hazardsShown(file([inside, justOutside, far, farButLineInView, sameAsCouncil]), FORBES_VIEW).map((h) => h.id)).toEqual(['1', '2', '4']);
    expect(hazardsShown(null, FORBES_VIEW)).toEqual([]);
    expect(hazardsShown(file([inside]), null)).toEqual([]);
  });

  it("has the council's closure name the state's reference instead", () => {
    const refs = stateReferences(file([hazard('676537', { headline: 'ROAD WORKS - Newell Hwy', sameAs: 'closure-1' }), hazard('9')]));
    expect(refs).toEqual({ 'closure-1': 'Also on Live Traffic NSW: ROAD WORKS - Newell Hwy (reference 676537)' });
  });

  it('draws every hazard as a point and its stretch as a line, marking a closed road and the selected one', () => {
    const line = hazard('1', { closesRoad: true, geometry: { type: 'LineString', coordinates: [[148, -33.3], [148.01, -33.31]] } });
    const { lines, points } = hazardFeatures([line, hazard('2')], '1');
    expect(lines.features).toHaveLength(1);
    expect(lines.features[0].properties).toEqual({ hazardId: '1', closesRoad: true, selected: true });
    expect(points.features.map((f) => f.properties?.hazardId)).toEqual(['1', '2']);
  });
});

describe("the state's words", () => {
  it('reads a road, its lanes and direction, and when works may close lanes', () => {
    expect(roadText({ mainStreet: 'Newell Highway', crossStreet: '47-55km north of West Wyalong', qualifier: 'at', suburb: 'Weelong' })).toBe('Newell Highway at 47-55km north of West Wyalong, Weelong');
    expect(roadText({ mainStreet: 'Forbes Street', crossStreet: 'Baker Street', secondLocation: 'Clark Street', qualifier: 'between', suburb: 'Parkes' })).toBe('Forbes Street between Baker Street and Clark Street, Parkes');
    expect(lanesText({ direction: 'Northbound', extent: 'Lanes closed', closedLanes: '1', numberOfLanes: '2' })).toBe('Northbound: Lanes closed, 1 of 2 lanes closed');
    expect(lanesText({ extent: 'Closed' })).toBe('Direction not given: Closed');
    expect(periodText({ closureType: 'LANE_CLOSURE', direction: 'Both directions', fromDay: 'Weekdays', startTime: '7am', finishTime: '6pm' })).toBe('Lanes may close, both directions: Weekdays 7am to 6pm');
  });

  it('dates the data only once the import has missed three cycles', () => {
    const f = file([], { lastGoodAt: 1_000_000 });
    expect(staleNotice(f, 1_000_000 + 10 * 60)).toBeNull();
    expect(staleNotice(f, 1_000_000 + 3 * 3600)).toBe('Last updated from Live Traffic NSW 3 hours ago: it has not answered since, so these hazards may be out of date.');
    expect(staleNotice(file([], { lastGoodAt: 0 }), 1_000_000)).toMatch(/has not answered yet/);
  });
});

describe('hazards on a route', () => {
  const route = {
    geometry: { type: 'LineString' as const, coordinates: [[148.0, -33.3], [148.1, -33.3]] },
    avoidedClosureIds: ['closure-1', 'livetraffic-10'],
    crossesClosureIds: [],
  };
  it('names those it keeps off and those it passes, not those away from it or shown as a council closure', () => {
    const avoided = hazard('10', { closesRoad: true, position: { lat: -33.35, lng: 148.05 } });
    const passed = hazard('11', { position: { lat: -33.3002, lng: 148.05 } });
    const away = hazard('12', { position: { lat: -33.31, lng: 148.05 } });
    const councils = hazard('13', { position: { lat: -33.3, lng: 148.06 }, sameAs: 'closure-1' });
    const result = hazardsOnRoute(route, [avoided, passed, away, councils]);
    expect(result.avoided.map((h) => h.id)).toEqual(['10']);
    expect(result.passed.map((h) => h.id)).toEqual(['11']);
  });
});
