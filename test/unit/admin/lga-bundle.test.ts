// Which LGA boundary files an administrator may publish, and what the problems are called.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateLgaGeoJson } from '../../../lambdas/core/admin/lga-bundle';

const square = (x: number) => [[[x, -33], [x + 1, -33], [x + 1, -34], [x, -34], [x, -33]]];
const feature = (props: Record<string, unknown>, geometry: unknown = { type: 'Polygon', coordinates: square(150) }) => ({ type: 'Feature', properties: props, geometry });
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

describe('validateLgaGeoJson', () => {
  it('accepts the shipped ABS file and makes the compact bundle', () => {
    const abs = JSON.parse(readFileSync('data/lga/australia-lga.geojson', 'utf8'));
    const result = validateLgaGeoJson(abs);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bundle.features).toHaveLength(547);
    const forbes = result.bundle.features.find((f) => f.properties.code === '12900')!;
    expect(forbes.properties).toEqual({ code: '12900', name: 'Forbes', state: 'NSW' });
  });

  it('accepts MultiPolygons, numeric codes, and rounds coordinates to 4 decimals', () => {
    const result = validateLgaGeoJson(
      collection(feature({ lga_code: 10050, lga_name: 'Albury', ste_name: 'Victoria' }, { type: 'MultiPolygon', coordinates: [[[[150.123456, -33], [151, -33], [151, -34], [150.123456, -33]]]] })),
    );
    expect(result).toMatchObject({ ok: true });
    if (result.ok) {
      expect(result.bundle.features[0].properties).toEqual({ code: '10050', name: 'Albury', state: 'VIC' });
      expect(JSON.stringify(result.bundle.features[0].geometry)).toContain('150.1235');
    }
  });

  it('names every problem with its feature number', () => {
    const result = validateLgaGeoJson(
      collection(
        feature({ lga_code: '12900' }),
        feature({ lga_code: '1290' }),
        feature({ lga_code: '12900' }),
        feature({ lga_code: '13000' }, { type: 'Point', coordinates: [150, -33] }),
        feature({ lga_code: '13100' }, { type: 'Polygon', coordinates: [[[150, -33], [151, -33], [151, -34], [150, -34]]] }),
        feature({ lga_code: '13200' }, { type: 'Polygon', coordinates: [[[150, -33], [151, -33], [150, -33]]] }),
        feature({ lga_code: '13300' }, { type: 'Polygon', coordinates: [[[250, -33], [151, -33], [151, -34], [250, -33]]] }),
        feature({ lga_code: '13400' }, null),
      ),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        'Feature 2: lga_code must be 5 digits',
        'Feature 3: lga_code 12900 repeats feature 1',
        'Feature 4: geometry must be a Polygon or MultiPolygon, not Point',
        'Feature 5: a ring is not closed',
        'Feature 6: a ring has fewer than 4 positions',
        'Feature 7: a position is not [longitude, latitude] in range',
        'Feature 8: has no geometry',
      ],
    });
  });

  it('bounds the names: lga_name at 100 characters and ste_name at 40, text only', () => {
    const result = validateLgaGeoJson(
      collection(
        feature({ lga_code: '12900', lga_name: 'x'.repeat(100), ste_name: 'y'.repeat(40) }),
        feature({ lga_code: '13000', lga_name: 'x'.repeat(101), ste_name: 'New South Wales' }),
        feature({ lga_code: '13100', lga_name: 'Forbes', ste_name: 'y'.repeat(10_000) }),
        feature({ lga_code: '13200', lga_name: { nested: true }, ste_name: 7 }),
      ),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        'Feature 2: lga_name must be text of at most 100 characters',
        'Feature 3: ste_name must be text of at most 40 characters',
        'Feature 4: lga_name must be text of at most 100 characters',
        'Feature 4: ste_name must be text of at most 40 characters',
      ],
    });
  });

  it('refuses what is not a FeatureCollection, an empty one, and lists at most 20 problems', () => {
    expect(validateLgaGeoJson({ type: 'Feature' })).toEqual({ ok: false, problems: ['The file is not a GeoJSON FeatureCollection'] });
    expect(validateLgaGeoJson(null)).toEqual({ ok: false, problems: ['The file is not a GeoJSON FeatureCollection'] });
    expect(validateLgaGeoJson(collection())).toEqual({ ok: false, problems: ['The file has no features'] });
    const many = validateLgaGeoJson(collection(...Array.from({ length: 25 }, () => feature({ lga_code: 'x' }))));
    expect(many.ok).toBe(false);
    if (!many.ok) {
      expect(many.problems).toHaveLength(21);
      expect(many.problems[20]).toBe('… and 5 more problems');
    }
  });
});
