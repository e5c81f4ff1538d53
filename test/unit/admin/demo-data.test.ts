// /genseed's closure placement: on real roads, inside the chosen LGA, repeatable per seed.
import { describe, expect, it } from 'vitest';
import { planDemoClosures, seededRandom } from '../../../lambdas/core/admin/demo-data';
import { getLgaLocator } from '../../../lambdas/core/lga-locate';
import { getRoadEngine } from '../../../lambdas/core/roads/engine';

const FORBES_BBOX: [number, number, number, number] = [147.29682, -33.72, 148.37, -33.04];
const inForbes = (p: { lng: number; lat: number }) => getLgaLocator().locate(p.lng, p.lat)?.code === '12900';

describe('planDemoClosures', () => {
  it('places closures on roads inside the LGA, the same ones for the same seed', { timeout: 30_000 }, () => {
    const engine = getRoadEngine();
    const plans = planDemoClosures({ count: 5, bbox: FORBES_BBOX, inside: inForbes, engine, random: seededRandom(7) });
    expect(plans).toHaveLength(5);
    for (const plan of plans) {
      expect(plan.geometry.coordinates.length).toBeGreaterThanOrEqual(2);
      const [lng, lat] = plan.geometry.coordinates[0];
      expect(inForbes({ lng, lat })).toBe(true);
      expect(engine.nearest({ lng, lat })!.distance).toBeLessThan(1);
      expect(plan.reopensIn).toBeGreaterThan(plan.scheduledIn ?? 0);
    }
    const again = planDemoClosures({ count: 5, bbox: FORBES_BBOX, inside: inForbes, engine, random: seededRandom(7) });
    expect(again).toEqual(plans);
  });

  it('finds nothing where the LGA has no roads of the network (outside NSW)', () => {
    const perth: [number, number, number, number] = [115.84, -31.96, 115.87, -31.94];
    const plans = planDemoClosures({ count: 3, bbox: perth, inside: () => true, engine: getRoadEngine(), random: seededRandom(1) });
    expect(plans).toEqual([]);
  });
});
