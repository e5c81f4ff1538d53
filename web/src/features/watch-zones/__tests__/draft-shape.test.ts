// What the watch-zone tool draws while drawing: nothing, a line, then a closed polygon with a
// point per corner; a circle as a ring of corners at the radius.
import { describe, expect, it } from 'vitest';
import { circleRing, draftFeatures } from '../draft-shape';
import { distanceMetres } from '../../map/geo';

describe('the draft on the map', () => {
  const a = { lng: 148, lat: -33.4 };
  const b = { lng: 148.02, lat: -33.4 };
  const c = { lng: 148.02, lat: -33.38 };

  it('grows from corners to a line to a closed polygon', () => {
    expect(draftFeatures([a]).features.map((f) => f.geometry.type)).toEqual(['Point']);
    expect(draftFeatures([a, b]).features.map((f) => f.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
    const polygon = draftFeatures([a, b, c]).features[0].geometry;
    expect(polygon.type).toBe('Polygon');
    // Closed: the first corner again at the end.
    expect((polygon as { coordinates: number[][][] }).coordinates[0]).toEqual([[148, -33.4], [148.02, -33.4], [148.02, -33.38], [148, -33.4]]);
  });

  it('draws a circle as a ring at its radius, without corner points', () => {
    const ring = circleRing(a, 5000);
    expect(ring).toHaveLength(64);
    for (const p of ring) expect(Math.abs(distanceMetres(a, p) - 5000)).toBeLessThan(50);
    expect(draftFeatures(ring, false).features.map((f) => f.geometry.type)).toEqual(['Polygon']);
  });
});
