import { describe, expect, it } from 'vitest';
import { FORBES_BBOX } from '../geo';
import { cameraAt, cameraForBox, mercator, projectorFor } from '../preview-projection';

describe('the map preview projection', () => {
  it('puts Web Mercator units where MapLibre does (0..1, north at the top)', () => {
    expect(mercator(-180, 0)).toEqual([0, 0.5]);
    expect(mercator(0, 0)).toEqual([0.5, 0.5]);
    const [, north] = mercator(0, 85.051129);
    expect(north).toBeCloseTo(0, 6);
    // Latitudes past Mercator's limit are clamped, not sent to infinity.
    expect(mercator(0, -90)[1]).toBeCloseTo(1, 6);
  });

  it("fits a box like MapLibre's fitBounds: centred, and touching the padding on its tighter side", () => {
    const [west, south, east, north] = FORBES_BBOX;
    for (const [width, height] of [[1280, 640], [358, 462]] as const) {
      const project = projectorFor(cameraForBox(FORBES_BBOX, width, height, 24), width, height);
      const [x0, y0] = project(west, north);
      const [x1, y1] = project(east, south);
      expect((x0 + x1) / 2).toBeCloseTo(width / 2, 6);
      expect((y0 + y1) / 2).toBeCloseTo(height / 2, 6);
      const spareX = width - 48 - (x1 - x0);
      const spareY = height - 48 - (y1 - y0);
      expect(Math.min(spareX, spareY)).toBeCloseTo(0, 6);
      expect(Math.max(spareX, spareY)).toBeGreaterThanOrEqual(0);
    }
  });

  it('doubles distances on screen for each zoom level and centres the given point', () => {
    const project = (zoom: number) => projectorFor(cameraAt(148, -33.4, zoom), 800, 600);
    expect(project(10)(148, -33.4)).toEqual([400, 300]);
    const [x10] = project(10)(148.1, -33.4);
    const [x11] = project(11)(148.1, -33.4);
    expect(x11 - 400).toBeCloseTo(2 * (x10 - 400), 6);
    // 512 px across the world at zoom 0: 0.1° of longitude is 512 * 2^10 * 0.1 / 360 px at zoom 10.
    expect(x10 - 400).toBeCloseTo((512 * 1024 * 0.1) / 360, 6);
  });
});
