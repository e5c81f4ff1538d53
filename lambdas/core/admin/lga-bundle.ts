// The LGA boundaries bundle an administrator uploads (an ABS LGA GeoJSON): what makes a file
// acceptable, and the compact bundle every client downloads into IndexedDB. A file with any
// problem is refused as a whole, with the numbers of the features that are wrong.

export const MAX_LGA_UPLOAD_BYTES = 50 * 1024 * 1024;
/** The longest ABS LGA name is 37 characters, the longest state name 28. */
export const MAX_LGA_NAME_LENGTH = 100;
export const MAX_STATE_NAME_LENGTH = 40;
/** At most this many problems are listed; the rest are counted. */
const MAX_PROBLEMS = 20;

export const STATE_ABBREVIATIONS: Record<string, string> = {
  'New South Wales': 'NSW',
  Victoria: 'VIC',
  Queensland: 'QLD',
  'South Australia': 'SA',
  'Western Australia': 'WA',
  Tasmania: 'TAS',
  'Northern Territory': 'NT',
  'Australian Capital Territory': 'ACT',
  'Other Territories': 'OT',
};

export interface BundleFeature {
  type: 'Feature';
  properties: { code: string; name: string; state: string };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}

export type BundleValidation =
  | { ok: true; bundle: { type: 'FeatureCollection'; features: BundleFeature[] } }
  | { ok: false; problems: string[] };

/** 4 decimals (about 10 m) is plenty for boundaries on a phone and halves the download. */
export function roundCoordinates(value: unknown): unknown {
  if (Array.isArray(value) && typeof value[0] === 'number') return value.map((n: number) => Math.round(n * 1e4) / 1e4);
  return Array.isArray(value) ? value.map(roundCoordinates) : value;
}

const isPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) &&
  p.length >= 2 &&
  typeof p[0] === 'number' &&
  typeof p[1] === 'number' &&
  Number.isFinite(p[0]) &&
  Number.isFinite(p[1]) &&
  Math.abs(p[0]) <= 180 &&
  Math.abs(p[1]) <= 90;

/** A linear ring: at least four positions, the last equal to the first. */
function ringProblem(ring: unknown): string | undefined {
  if (!Array.isArray(ring) || ring.length < 4) return 'a ring has fewer than 4 positions';
  if (!ring.every(isPosition)) return 'a position is not [longitude, latitude] in range';
  const first = ring[0] as number[];
  const last = ring[ring.length - 1] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) return 'a ring is not closed';
  return undefined;
}

const polygonProblem = (rings: unknown): string | undefined =>
  !Array.isArray(rings) || rings.length === 0 ? 'a polygon has no rings' : rings.map(ringProblem).find(Boolean);

export function geometryProblem(geometry: unknown): string | undefined {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g !== 'object') return 'has no geometry';
  if (g.type === 'Polygon') return polygonProblem(g.coordinates);
  if (g.type === 'MultiPolygon') {
    if (!Array.isArray(g.coordinates) || g.coordinates.length === 0) return 'a MultiPolygon has no polygons';
    return g.coordinates.map(polygonProblem).find(Boolean);
  }
  return `geometry must be a Polygon or MultiPolygon, not ${typeof g.type === 'string' ? g.type : 'missing'}`;
}

/** Checks a parsed ABS LGA GeoJSON; features are numbered from 1 as a person counts them. */
export function validateLgaGeoJson(parsed: unknown): BundleValidation {
  const collection = parsed as { type?: unknown; features?: unknown } | null;
  if (!collection || collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    return { ok: false, problems: ['The file is not a GeoJSON FeatureCollection'] };
  }
  if (collection.features.length === 0) return { ok: false, problems: ['The file has no features'] };
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const features: BundleFeature[] = [];
  collection.features.forEach((raw, index) => {
    const n = index + 1;
    const feature = raw as { properties?: Record<string, unknown> | null; geometry?: unknown } | null;
    const props = feature?.properties ?? {};
    const code = typeof props.lga_code === 'number' ? String(props.lga_code) : props.lga_code;
    const before = problems.length;
    if (typeof code !== 'string' || !/^\d{5}$/.test(code)) problems.push(`Feature ${n}: lga_code must be 5 digits`);
    else if (seen.has(code)) problems.push(`Feature ${n}: lga_code ${code} repeats feature ${seen.get(code)}`);
    else seen.set(code, n);
    const geometry = geometryProblem(feature?.geometry);
    if (geometry) problems.push(`Feature ${n}: ${geometry}`);
    // Every client downloads the names and the map shows them: a name is text of a name's length.
    if (props.lga_name != null && (typeof props.lga_name !== 'string' || props.lga_name.length > MAX_LGA_NAME_LENGTH)) {
      problems.push(`Feature ${n}: lga_name must be text of at most ${MAX_LGA_NAME_LENGTH} characters`);
    }
    if (props.ste_name != null && (typeof props.ste_name !== 'string' || props.ste_name.length > MAX_STATE_NAME_LENGTH)) {
      problems.push(`Feature ${n}: ste_name must be text of at most ${MAX_STATE_NAME_LENGTH} characters`);
    }
    if (problems.length > before) return;
    const g = feature!.geometry as BundleFeature['geometry'];
    const stateName = String(props.ste_name ?? '');
    features.push({
      type: 'Feature',
      properties: {
        code: code as string,
        name: typeof props.lga_name === 'string' && props.lga_name.trim() ? props.lga_name.trim() : (code as string),
        state: STATE_ABBREVIATIONS[stateName] ?? stateName,
      },
      geometry: { type: g.type, coordinates: roundCoordinates(g.coordinates) },
    });
  });
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_PROBLEMS);
    if (problems.length > MAX_PROBLEMS) listed.push(`… and ${problems.length - MAX_PROBLEMS} more problems`);
    return { ok: false, problems: listed };
  }
  return { ok: true, bundle: { type: 'FeatureCollection', features } };
}
