// Demo data for one council (/genseed): closures on its real roads, placed by sampling points
// inside the LGA, moving each onto the nearest road and snapping a short stretch along it.
// Deterministic for a given random source, so tests can check what it makes.
import type { LatLng } from '../closures/types';
import type { ClosureTypeValue } from '../closures/types';
import type { RoadEngine } from '../roads/engine';

export const DEMO_DATA_REFUSED_ON_PROD = 'Demo data cannot be generated on the production site';
export const NO_ROADS_IN_LGA = 'No roads of the road network were found in this LGA';
/** One call stays well inside AppSync's 30 s resolver limit; call again for more (load tests). */
export const DEMO_LIMITS = { closures: 20, reports: 40, subscribers: 100 } as const;

const REASONS: Array<[ClosureTypeValue, string]> = [
  ['flood', 'Water over the road after heavy rain. Do not attempt to cross.'],
  ['roadworks', 'Road resurfacing: single lane with traffic control, expect delays.'],
  ['crash', 'Crash: emergency services on site, road closed in both directions.'],
  ['hazard', 'Fallen tree across the road; crews are clearing it.'],
  ['fire', 'Bushfire nearby: road closed on advice of the RFS.'],
  ['storm', 'Storm damage: power lines down across the road.'],
  ['event', 'Road closed for a community event. Local access only.'],
  ['other', 'Road closed while a culvert is replaced.'],
];

export interface DemoClosurePlan {
  type: ClosureTypeValue;
  reason: string;
  condition: 'closed' | 'changed';
  /** The road-following line (GeoJSON LineString) of the closure's one region. */
  geometry: { type: 'LineString'; coordinates: number[][] };
  /** Seconds from now; absent means active now. */
  scheduledIn?: number;
  reopensIn: number;
}

/** Seconds in a day. */
const DAY = 86_400;
/** A sampled point must have a road within this many metres. */
const MAX_ROAD_DISTANCE = 3000;

function offset(p: LatLng, metres: number, bearing: number): LatLng {
  const dLat = (metres * Math.cos(bearing)) / 111_320;
  const dLng = (metres * Math.sin(bearing)) / (111_320 * Math.cos((p.lat * Math.PI) / 180));
  return { lat: p.lat + dLat, lng: p.lng + dLng };
}

/**
 * Up to `count` closures on roads inside the LGA. `inside` says whether a point is in the LGA;
 * points are tried at most 40 times per closure, so an LGA without roads yields none.
 */
export function planDemoClosures(options: {
  count: number;
  bbox: [number, number, number, number];
  inside(p: LatLng): boolean;
  engine: RoadEngine;
  random: () => number;
}): DemoClosurePlan[] {
  const { bbox, engine, random } = options;
  const plans: DemoClosurePlan[] = [];
  for (let attempt = 0; plans.length < options.count && attempt < options.count * 40; attempt++) {
    const sample = { lng: bbox[0] + random() * (bbox[2] - bbox[0]), lat: bbox[1] + random() * (bbox[3] - bbox[1]) };
    if (!options.inside(sample)) continue;
    const start = engine.nearest(sample);
    if (!start || start.distance > MAX_ROAD_DISTANCE || !options.inside(start.location)) continue;
    const end = engine.nearest(offset(start.location, 300 + random() * 700, random() * 2 * Math.PI));
    if (!end || end.distance > MAX_ROAD_DISTANCE) continue;
    let geometry: DemoClosurePlan['geometry'];
    try {
      geometry = engine.snap([start.location, end.location]).geometry as DemoClosurePlan['geometry'];
    } catch {
      continue;
    }
    const [first, last] = [geometry.coordinates[0], geometry.coordinates.at(-1)!];
    if (geometry.coordinates.length < 2 || (first[0] === last[0] && first[1] === last[1])) continue;
    const [type, reason] = REASONS[Math.floor(random() * REASONS.length)];
    const scheduled = random() < 0.2;
    plans.push({
      type,
      reason: start.name ? `${start.name}: ${reason}` : reason,
      condition: type === 'roadworks' && random() < 0.5 ? 'changed' : 'closed',
      geometry,
      scheduledIn: scheduled ? Math.round((1 + random() * 6) * DAY) : undefined,
      reopensIn: Math.round((scheduled ? 8 : 1) * DAY + random() * 14 * DAY),
    });
  }
  return plans;
}

/** A seeded random source (mulberry32): the same seed makes the same demo data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
