// A closure blocks only the stretch of road it covers, through the API on the local stack: on the
// Forbes demo, a trip starting on the Newell Highway south-west of Forbes, on the open part of the
// flood closure's graph edge, drives north-east away from it and names no closure; a trip through
// the flooded stretch goes around it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import { closeRoad, deleteClosure, FORBES_TOWN, route } from './support';

let staff: Auth;
let floodId: string;

/** On the Newell Highway between the flood's north-east end and Forbes, on the same 61 km edge. */
const OPEN_PART = { lng: 147.91, lat: -33.44 };
/** On the Newell Highway south-west of the flood. */
const BEYOND = { lng: 147.8, lat: -33.5 };

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  // The demo flood closure's line, drawn as the seed draws it (the seeded one may have been changed by other tests).
  const { demoClosureInputs } = await import('../../../lambdas/adapters/closures/seed');
  const demo = demoClosureInputs('12900', Math.floor(Date.now() / 1000));
  const flood = demo.find((input) => input.type === 'flood')!;
  await clearDetourRoads(new Set(demo.map((input) => input.reason ?? '')));
  floodId = (await closeRoad(staff, flood.regions[0].geometry.coordinates as [number, number][])).id;
});

/**
 * Files of this run share one stack and run one after another; earlier ones (report approvals on
 * the Forbes spot grid, closures drawn by other suites) leave closures on the roads the detour
 * around the flood needs, and with every detour closed the honest answer is to cross. Those files
 * have finished, so the trip's roads are cleared of them; the seeded demo closures stay.
 */
async function clearDetourRoads(seededReasons: Set<string>): Promise<void> {
  const bounds = { west: 147.5, south: -33.65, east: 148.15, north: -33.2 };
  const res = await gql<{ closuresInBounds: { id: string; lgaCode: string; reason: string }[] }>(
    'query($bounds: BoundsInput!) { closuresInBounds(bounds: $bounds) { id lgaCode reason } }',
    { bounds },
    staff,
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  const leftovers = res.data!.closuresInBounds.filter((c) => c.lgaCode === '12900' && !seededReasons.has(c.reason));
  for (const closure of leftovers) await deleteClosure(staff, closure.id);
}

afterAll(async () => {
  if (floodId) await deleteClosure(staff, floodId).catch(() => undefined);
});

describe('the demo flood closure on the Newell Highway south-west of Forbes', () => {
  it('a trip from the open part of its edge, driving north-east away from it, names no closure', async () => {
    // Other test files share this stack and may leave closures elsewhere on the way to town, so
    // the assertions are about the flood closure alone.
    const away = await route({ locations: [OPEN_PART, FORBES_TOWN] });
    expect(away.crossesClosureIds).not.toContain(floodId);
    expect(away.avoidedClosureIds).not.toContain(floodId);
  });

  it('a trip through the flooded stretch goes around it and names it as avoided', async () => {
    const through = await route({ locations: [OPEN_PART, BEYOND] });
    expect(through.crossesClosureIds).not.toContain(floodId);
    const plain = await route({ locations: [OPEN_PART, BEYOND], avoidClosures: false });
    expect(plain.crossesClosureIds).toContain(floodId);
  });
});
