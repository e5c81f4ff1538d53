// Staff stay inside their own council: every sampled point of a closure's roads lies within its
// LGA's ABS boundary or within the stated tolerance of it; the error names the other council.
import CheapRuler from 'cheap-ruler';
import { describe, expect, it } from 'vitest';
import { BOUNDARY_TOLERANCE_M, distanceToBoundary, linesWithinLga, outsideLgaMessage, samplePoints } from '../../../lambdas/core/closures/lga-containment';
import { getLgaArea, getLgaLocator } from '../../../lambdas/core/lga-locate';

const forbes = getLgaArea('12900')!;
const locator = getLgaLocator();

/** A point just across Forbes' boundary: walk from inside towards a Parkes point until the locator says Parkes. */
function justAcross(metres: number): [number, number] {
  const inside: [number, number] = [147.9, -33.3];
  const ruler = new CheapRuler(-33.2, 'meters');
  for (let d = 0; d < 40_000; d += 10) {
    const p = ruler.destination(inside, d, 0) as [number, number];
    if (locator.locate(p[0], p[1])?.code === '16200') return ruler.destination(inside, d + metres, 0) as [number, number];
  }
  throw new Error('no boundary found');
}

describe('closure roads within their LGA', () => {
  it('accepts a road inside Forbes', () => {
    expect(linesWithinLga([[[147.92986, -33.42686], [147.944298, -33.416541]]], forbes, locator)).toEqual({ ok: true });
  });

  it('refuses a road in Parkes and names Parkes', () => {
    const result = linesWithinLga([[[148.1753, -33.1372], [148.177, -33.136]]], forbes, locator);
    expect(result).toMatchObject({ ok: false, otherLga: { code: '16200', name: 'Parkes' } });
    expect(outsideLgaMessage('Forbes', result as Extract<typeof result, { ok: false }>)).toBe('This road is in Parkes, not Forbes: staff can only work on roads of their own council');
  });

  it('refuses a second region elsewhere even when the first is inside (the old bounding-box check passed it)', () => {
    const result = linesWithinLga([[[147.92986, -33.42686], [147.944298, -33.416541]], [[151.0, -33.8], [151.001, -33.8]]], forbes, locator);
    expect(result.ok).toBe(false);
  });

  it('refuses a long straight segment whose ends are in Forbes but whose middle crosses another council', () => {
    // Both ends inside Forbes' bounding box corners; the line runs through Lachlan to the west.
    const a: [number, number] = [147.64, -33.3];
    const b: [number, number] = [147.64, -33.45];
    expect(locator.locate(...a)?.code).toBe('12900');
    const west: [number, number] = [147.45, -33.35];
    expect(locator.locate(...west)?.name).toBe('Lachlan');
    const result = linesWithinLga([[a, west, b]], forbes, locator);
    expect(result).toMatchObject({ ok: false, otherLga: { name: 'Lachlan' } });
  });

  it(`tolerates a boundary road up to ${BOUNDARY_TOLERANCE_M} m across the boundary, not further`, () => {
    const near = justAcross(BOUNDARY_TOLERANCE_M / 2);
    const far = justAcross(BOUNDARY_TOLERANCE_M * 3);
    expect(distanceToBoundary(forbes, near)).toBeLessThanOrEqual(BOUNDARY_TOLERANCE_M);
    expect(linesWithinLga([[near, [near[0] + 0.0005, near[1]]]], forbes, locator).ok).toBe(true);
    expect(linesWithinLga([[far, [far[0] + 0.0005, far[1]]]], forbes, locator)).toMatchObject({ ok: false, otherLga: { name: 'Parkes' } });
  });

  it('samples along segments at most 50 m apart and bounds the work', () => {
    const pts = samplePoints([[[147.9, -33.3], [147.9, -33.31]]]);
    expect(pts.length).toBeGreaterThanOrEqual(23); // ~1.1 km / 50 m
    const huge = samplePoints([[[110, -40], [155, -10]]]);
    expect(huge.length).toBeLessThanOrEqual(20_002);
  });
});
