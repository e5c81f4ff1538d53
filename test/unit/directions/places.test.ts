import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { haversine } from '../../../lambdas/core/roads/geo';
import { buildPlaceIndex, editDistance, normalizePlaceName, searchPlaces, type PlaceFeature } from '../../../lambdas/core/directions/places';

const file = fileURLToPath(new URL('../../../data/places/nsw-localities.geojson', import.meta.url));
const index = buildPlaceIndex((JSON.parse(readFileSync(file, 'utf8')) as { features: PlaceFeature[] }).features);
const names = (query: string, limit = 10) => searchPlaces(index, query, limit).map((p) => p.name);

describe('searchPlaces over the NSW localities', () => {
  it('returns the exact name first, then longer names it starts', () => {
    expect(names('Forbes').slice(0, 4)).toEqual(['Forbes', 'Forbesdale', 'Forbes Creek', 'Forbes River']);
    expect(names('Forbes')).not.toContain('Parkes');
    expect(names('forb').slice(0, 4)).toEqual(['Forbes', 'Forbesdale', 'Forbes Creek', 'Forbes River']);
  });

  it('gives name, LGA and a coordinate for each place', () => {
    const [forbes] = searchPlaces(index, 'Forbes', 1);
    expect(forbes).toMatchObject({ name: 'Forbes', state: 'NSW', lgaCode: '12900', lgaName: 'Forbes' });
    expect(forbes.coordinate.lat).toBeCloseTo(-33.38, 1);
    expect(forbes.coordinate.lng).toBeCloseTo(148.01, 1);
    expect(forbes.bbox).toHaveLength(4);
  });

  it("puts a town at its centre, not at its surrounding locality's centroid", () => {
    // The towns' main streets (Broken Hill's Argent Street, Dubbo's Macquarie Street, Narromine's Dandaloo Street);
    // the localities' centroids lay 40.7, 4.2 and 15.5 km off (data/places/README.md).
    const centres: [string, number, number][] = [['Broken Hill', -31.958, 141.467], ['Dubbo', -32.247, 148.604], ['Narromine', -32.232, 148.24]];
    for (const [name, lat, lng] of centres) {
      const [place] = searchPlaces(index, name, 1);
      expect(place.name).toBe(name);
      expect(haversine(place.coordinate.lng, place.coordinate.lat, lng, lat), name).toBeLessThan(2_000);
    }
  });

  it('matches a later word of the name', () => {
    expect(names('Colah')).toContain('Mount Colah');
  });

  it('forgives typos in longer queries', () => {
    expect(names('Forbs')[0]).toBe('Forbes');
    expect(names('Parkse')[0]).toBe('Parkes');
    expect(names('Wagga Wgga')).toContain('Wagga Wagga');
  });

  it('does not guess on short queries', () => {
    expect(names('Fxr')).toEqual([]);
  });

  it('reads "St" and "Mt" as Saint and Mount, ignores case, accents and punctuation', () => {
    expect(names('Mt Colah')).toContain('Mount Colah');
    expect(normalizePlaceName("St Mary's")).toBe('saint marys');
    expect(normalizePlaceName('  FÓRBES ')).toBe('forbes');
  });

  it('respects the limit', () => {
    expect(names('b', 3)).toHaveLength(3);
  });

  it('finds nothing for punctuation only', () => {
    expect(names('!!!')).toEqual([]);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps, and stops past the limit', () => {
    expect(editDistance('forbes', 'forbes', 2)).toBe(0);
    expect(editDistance('forbs', 'forbes', 2)).toBe(1);
    expect(editDistance('frobes', 'forbes', 2)).toBe(1);
    expect(editDistance('parkes', 'perkis', 2)).toBe(2);
    expect(editDistance('sydney', 'forbes', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
