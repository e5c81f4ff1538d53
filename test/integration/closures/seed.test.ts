// Demo closures: three closures on real roads and a town street drawn by hand, created once, through
// the API's own path.
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackTable } from '../../support/api';

beforeAll(() => useStackTable());

describe('seedDemoClosures', () => {
  it('creates a flood, roadworks and a scheduled event on the road network and a street market drawn by hand, once', async () => {
    const { setLocalEventSink } = await import('../../../lambdas/adapters/platform/events');
    setLocalEventSink(() => undefined);
    const { seedDemoClosures } = await import('../../../lambdas/adapters/closures/seed');
    const { getClosures } = await import('../../../lambdas/adapters/closures/store');
    // A code of its own, so the closures other tests made in Forbes do not make it skip.
    const lgaCode = '99901';
    const ids = await seedDemoClosures({ lgaCode });
    expect(ids).toHaveLength(4);
    const all = await getClosures(ids);
    const [market] = all.filter((c) => c.regions[0].drawnByHand);
    const closures = all.filter((c) => c !== market);
    const byType = Object.fromEntries(closures.map((c) => [c.type, c]));
    expect(byType.flood).toMatchObject({ view: 'ACTIVE', condition: 'closed' });
    expect(byType.flood.formattedAddress).toMatch(/^Newell Highway, .+, NSW$/);
    expect(byType.roadworks).toMatchObject({ view: 'ACTIVE', condition: 'changed' });
    expect(byType.event.view).toBe('SCHEDULED');
    for (const c of closures) expect(c.regions[0].geometry.coordinates.length).toBeGreaterThan(2);
    // A town street in central Forbes, which the road network lacks: kept as drawn, named by its place.
    expect(market).toMatchObject({ type: 'event', view: 'ACTIVE', condition: 'closed', formattedAddress: 'Forbes, NSW' });
    expect(market.regions[0].geometry.coordinates).toEqual([[148.01, -33.388], [148.012, -33.3875], [148.014, -33.387]]);
    expect(await seedDemoClosures({ lgaCode })).toEqual([]);
  });
});
