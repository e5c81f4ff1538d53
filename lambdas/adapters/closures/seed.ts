// Demo closures for Forbes (local first start and demo mode): a flood on the Newell Highway
// south-west of Forbes, roadworks on the secondary road east of town and a scheduled event
// closure, each snapped to the NSW road network, and a market closing a town street in central
// Forbes, drawn by hand since the shipped network has no town streets
// (docs/road-engine.md#closures-drawn-by-hand). Created through the same path as the API.
// Idempotent: nothing happens when the LGA already has a closure.
import type { ClosureInputValue } from '../../core/closures/input';
import { ClosureInput } from '../../core/closures/input';
import type { LatLng } from '../../core/closures/types';
import { getRoadEngine, type RoadEngine } from '../../core/roads/engine';
import { db } from '../db/db';
import { createClosureAs } from './commands';

export const FORBES_LGA = '12900';
const SEED_ACTOR = { uid: 'seed', displayName: 'Demo data' };
const DAY = 86_400;

interface DemoClosure {
  type: ClosureInputValue['type'];
  reason: string;
  detour?: string;
  condition?: 'closed' | 'changed';
  /** Rough points along the road; each is moved onto the network, then the line is snapped. */
  along: LatLng[];
  /** The points are the line itself, drawn by hand along a street the road network lacks. */
  drawnByHand?: boolean;
  scheduledIn?: number;
  reopensIn: number;
}

const DEMO: DemoClosure[] = [
  {
    type: 'flood',
    reason: 'Newell Highway closed south-west of Forbes: floodwater over the road on the Lachlan River flats. Use the Henry Parkes Way detour.',
    detour: 'Use Henry Parkes Way between Forbes and Parkes, then the Newell Highway north of Parkes.',
    along: [
      { lng: 147.85, lat: -33.47 },
      { lng: 147.89, lat: -33.45 },
    ],
    reopensIn: 2 * DAY,
  },
  {
    type: 'roadworks',
    condition: 'changed',
    reason: 'Pavement rehabilitation east of Forbes: single lane with traffic lights, expect 10 minute delays.',
    along: [
      { lng: 148.1, lat: -33.4 },
      { lng: 148.12, lat: -33.402 },
    ],
    reopensIn: 14 * DAY,
  },
  {
    type: 'event',
    reason: 'Road closed for the Forbes community fun run. Local access only.',
    detour: 'Follow the signed detour through the town centre.',
    along: [
      { lng: 148.04, lat: -33.423 },
      { lng: 148.06, lat: -33.43 },
    ],
    scheduledIn: 3 * DAY,
    reopensIn: 3 * DAY + 8 * 3600,
  },
  {
    type: 'event',
    reason: 'Town street closed for the Forbes twilight street market. Footpaths stay open; the car parks are reached from the next street.',
    detour: 'Use the parallel streets through the town centre.',
    drawnByHand: true,
    along: [
      { lng: 148.01, lat: -33.388 },
      { lng: 148.012, lat: -33.3875 },
      { lng: 148.014, lat: -33.387 },
    ],
    reopensIn: DAY,
  },
];

/** The demo inputs, validated by the same schema as the API. */
export function demoClosureInputs(lgaCode: string, now: number, engine: RoadEngine = getRoadEngine()): ClosureInputValue[] {
  return DEMO.map((demo) => {
    const geometry = demo.drawnByHand ? { type: 'LineString', coordinates: demo.along.map((p) => [p.lng, p.lat]) } : snapped(demo.along, engine);
    return ClosureInput.parse({
      lgaCode,
      type: demo.type,
      reason: demo.reason,
      detour: demo.detour,
      condition: demo.condition,
      regions: [{ geometry, ...(demo.drawnByHand ? { drawnByHand: true } : {}) }],
      scheduledFor: demo.scheduledIn ? now + demo.scheduledIn : undefined,
      estimatedReopening: now + demo.reopensIn,
    });
  });
}

function snapped(along: LatLng[], engine: RoadEngine) {
  const points = along.map((p) => engine.nearest(p)?.location).filter((p): p is LatLng => Boolean(p));
  return engine.snap(points).geometry;
}

export async function seedDemoClosures(options: { lgaCode?: string; now?: number } = {}): Promise<string[]> {
  const lgaCode = options.lgaCode ?? FORBES_LGA;
  const { data: existing } = await db().entities.closure.query.byLgaView({ lgaCode }).go({ limit: 1 });
  if (existing.length > 0) return [];
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const created: string[] = [];
  for (const input of demoClosureInputs(lgaCode, now)) created.push((await createClosureAs(SEED_ACTOR, input, { source: { type: 'seed' } })).id);
  return created;
}
