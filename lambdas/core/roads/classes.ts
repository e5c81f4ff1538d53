// Road classes, the speeds assumed when a road has no usable maxspeed, and how an unnamed road
// is described to people. Speeds are typical Australian limits for each class (km/h); links
// (ramps/slip roads) are slower because they are short, curved and end at give-way lines.
export const ROAD_CLASSES = [
  'motorway',
  'trunk',
  'primary',
  'secondary',
  'tertiary',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
  'motorway_link',
  'trunk_link',
  'primary_link',
  'secondary_link',
  'tertiary_link',
] as const;
export type RoadClass = (typeof ROAD_CLASSES)[number];

export const DEFAULT_SPEED_KMH: Record<RoadClass, number> = {
  motorway: 100,
  trunk: 90,
  primary: 80,
  secondary: 70,
  tertiary: 60,
  unclassified: 50,
  residential: 50,
  living_street: 10,
  service: 20,
  road: 40,
  motorway_link: 60,
  trunk_link: 50,
  primary_link: 45,
  secondary_link: 40,
  tertiary_link: 35,
};

/** The fastest speed any edge may get; the geometric A* heuristic divides by it. */
export const MAX_SPEED_KMH = 130;

const DESCRIPTIONS: Record<RoadClass, string> = {
  motorway: 'Motorway',
  trunk: 'Highway',
  primary: 'Main road',
  secondary: 'Secondary road',
  tertiary: 'Local road',
  unclassified: 'Road',
  residential: 'Street',
  living_street: 'Shared street',
  service: 'Service road',
  road: 'Road',
  motorway_link: 'Motorway ramp',
  trunk_link: 'Slip road',
  primary_link: 'Slip road',
  secondary_link: 'Slip road',
  tertiary_link: 'Slip road',
};

export function describeRoadClass(roadClass: RoadClass): string {
  return DESCRIPTIONS[roadClass];
}

export function classIndex(roadClass: RoadClass): number {
  return ROAD_CLASSES.indexOf(roadClass);
}

/**
 * Maps an OSM highway value (plus the OpenMapTiles `ramp` flag, which marks links without the
 * `_link` suffix) to a road class, or null for ways cars do not use (tracks, paths, construction).
 */
export function roadClassOf(highway: unknown, ramp = false): RoadClass | null {
  if (typeof highway !== 'string') return null;
  const base = highway.endsWith('_link') ? highway.slice(0, -5) : highway;
  const isLink = ramp || highway.endsWith('_link');
  const candidate = isLink ? `${base}_link` : base;
  if ((ROAD_CLASSES as readonly string[]).includes(candidate)) return candidate as RoadClass;
  if ((ROAD_CLASSES as readonly string[]).includes(base)) return base as RoadClass;
  return null;
}

const NAMED_LIMITS: Record<string, number> = {
  'AU:urban': 50,
  'AU:rural': 100,
  'AU:motorway': 110,
  'AU:living_street': 10,
  walk: 10,
};

/** Parses an OSM maxspeed value ("60", "80 km/h", "50 mph", "AU:rural"); null when unusable. */
export function parseMaxspeed(value: unknown): number | null {
  if (typeof value === 'number') return value > 0 && value <= MAX_SPEED_KMH ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (Object.hasOwn(NAMED_LIMITS, trimmed)) return NAMED_LIMITS[trimmed];
  // "60;80" means conditional limits; the lower one is the safe estimate.
  const first = trimmed.split(';').map((part) => part.trim())[0];
  const match = /^(\d+(?:\.\d+)?)\s*(km\/h|kmh|kph|mph)?$/i.exec(first);
  if (!match) return null;
  const speed = Number(match[1]) * (match[2]?.toLowerCase() === 'mph' ? 1.609344 : 1);
  return speed > 0 && speed <= MAX_SPEED_KMH ? speed : null;
}

/** 1 = one way along the geometry, -1 = one way against it, 0 = both ways. */
export function parseOneway(value: unknown): -1 | 0 | 1 {
  if (value === true || value === 1) return 1;
  if (value === -1) return -1;
  if (typeof value !== 'string') return 0;
  const v = value.trim().toLowerCase();
  if (v === 'yes' || v === 'true' || v === '1') return 1;
  if (v === '-1' || v === 'reverse') return -1;
  return 0;
}

/** A road's surface as far as the source says: sealed (asphalt, concrete…), unsealed (gravel, dirt…) or unknown. */
export const ROAD_SURFACES = ['unknown', 'sealed', 'unsealed'] as const;
export type RoadSurface = (typeof ROAD_SURFACES)[number];

// OSM surface values (https://wiki.openstreetmap.org/wiki/Key:surface); OpenMapTiles folds them into paved/unpaved.
const SEALED = new Set(['paved', 'asphalt', 'chipseal', 'concrete', 'concrete:plates', 'concrete:lanes', 'paving_stones', 'sett', 'cobblestone', 'unhewn_cobblestone', 'bricks', 'metal', 'wood']);
const UNSEALED = new Set(['unpaved', 'gravel', 'fine_gravel', 'compacted', 'dirt', 'earth', 'ground', 'grass', 'sand', 'mud', 'pebblestone', 'rock', 'clay', 'woodchips', 'salt', 'shells', 'grass_paver']);

/**
 * The surface of a road from its OSM `surface` tag, else its `tracktype` (grade1 is solid, usually
 * sealed; grade2–5 are gravel, earth or grass); unknown when neither says.
 */
export function surfaceOf(surface: unknown, tracktype?: unknown): RoadSurface {
  if (typeof surface === 'string') {
    const first = surface.trim().toLowerCase().split(';')[0].trim();
    if (SEALED.has(first)) return 'sealed';
    if (UNSEALED.has(first)) return 'unsealed';
  }
  if (typeof tracktype === 'string') {
    const grade = tracktype.trim().toLowerCase();
    if (grade === 'grade1') return 'sealed';
    if (/^grade[2-5]$/.test(grade)) return 'unsealed';
  }
  return 'unknown';
}

export function surfaceIndex(surface: RoadSurface): number {
  return ROAD_SURFACES.indexOf(surface);
}
