import { describe, expect, it } from 'vitest';
import { buildLocalityIndex, localityAt } from '../../../lambdas/core/roads/localities';
import { forbesEngine } from './support';

describe('reverseGeocode', () => {
  it('names the road and the locality for a point in Forbes', () => {
    expect(forbesEngine().reverseGeocode({ lat: -33.3866, lng: 148.0097 })).toBe('Newell Highway, Forbes, NSW');
  });

  it('leaves the road out when no named road is within 200 m', () => {
    const text = forbesEngine().reverseGeocode({ lat: -33.38, lng: 148.05 });
    expect(text).toMatch(/^[A-Z][A-Za-z' -]+, NSW$/);
    expect(text).not.toContain('Highway');
  });

  it('returns null far from any road or locality', () => {
    expect(forbesEngine().reverseGeocode({ lat: -40.0, lng: 160.0 })).toBeNull();
  });
});

describe('localities', () => {
  const index = buildLocalityIndex([
    { properties: { name: 'Big', state: 'NSW', bbox: [148.0, -34.0, 149.0, -33.0] }, geometry: { type: 'Point', coordinates: [148.5, -33.5] } },
    { properties: { name: 'Small', state: 'NSW', bbox: [148.4, -33.6, 148.6, -33.4] }, geometry: { type: 'Point', coordinates: [148.5, -33.5] } },
    { properties: { name: 'Outside', state: 'NSW', bbox: [150.0, -34.0, 150.1, -33.9] }, geometry: { type: 'Point', coordinates: [150.05, -33.95] } },
  ]);

  it('prefers the smallest bounding box containing the point', () => {
    expect(localityAt(index, 148.5, -33.5)?.name).toBe('Small');
    expect(localityAt(index, 148.1, -33.1)?.name).toBe('Big');
  });

  it('falls back to the nearest locality point within range', () => {
    expect(localityAt(index, 150.15, -33.95)).toMatchObject({ name: 'Outside', match: 'nearest' });
    expect(localityAt(index, 152.0, -30.0)).toBeNull();
  });
});
