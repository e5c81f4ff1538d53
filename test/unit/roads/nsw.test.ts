import { describe, expect, it } from 'vitest';
import { getRoadEngine } from '../../../lambdas/core/roads/engine';
import { FORBES } from './support';

// The shipped network. On a fresh clone the first load builds data/roads/build/nsw.roadgraph.
describe('getRoadEngine (NSW major roads)', () => {
  it('is one engine per process', () => {
    expect(getRoadEngine()).toBe(getRoadEngine());
    expect(getRoadEngine().graph.nodeCount).toBeGreaterThan(10_000);
  });

  it('routes between towns along the highways', () => {
    const parkes = { lat: -33.1375, lng: 148.1755 };
    const route = getRoadEngine().route([FORBES, parkes]);
    expect(route.distance).toBeGreaterThan(30_000);
    expect(route.distance).toBeLessThan(45_000);
    expect(route.steps.map((step) => step.name)).toContain('Newell Highway');
  });

  it("routes to Dubbo's locality centroid, whose nearest road is a fragment the network does not join", () => {
    // 4 km south of the town (the place search's Dubbo before it took the town's centre): 2.13 km
    // from a six-node fragment, 2.15 km from the Peak Hill Road. Forbes to Dubbo is about 150 km.
    const dubbo = { lat: -32.28, lng: 148.602 };
    const route = getRoadEngine().route([FORBES, dubbo]);
    expect(route.distance).toBeGreaterThan(135_000);
    expect(route.distance).toBeLessThan(165_000);
    expect(route.steps.map((step) => step.name)).toContain('Newell Highway');
  });

  it('routes Sydney to Melbourne-bound Albury by the Hume', () => {
    const sydney = { lat: -33.8688, lng: 151.2093 };
    const albury = { lat: -36.0737, lng: 146.9135 };
    const route = getRoadEngine().route([sydney, albury]);
    expect(route.distance).toBeGreaterThan(500_000);
    expect(route.distance).toBeLessThan(650_000);
    const hume = route.steps.filter((step) => /Hume/.test(step.name)).reduce((sum, step) => sum + step.distance, 0);
    expect(hume).toBeGreaterThan(route.distance / 2);
  });

  it('reverse geocodes with the NSW localities', () => {
    expect(getRoadEngine().reverseGeocode({ lat: -33.3866, lng: 148.0097 })).toBe('Newell Highway, Forbes, NSW');
  });
});
