// Place search over the localities data (ABS Suburbs and Localities, data/places): what a
// traveller types into the directions form. Prefix matches first, then names with a word that
// starts with the query, then names within one or two typos of it ("Forbs", "Parks").
export interface PlaceFeature {
  properties?: { name?: unknown; state?: unknown; lga_code?: unknown; lga_name?: unknown; bbox?: unknown } | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
}

export interface Place {
  name: string;
  state: string;
  lgaCode: string | null;
  lgaName: string | null;
  coordinate: { lat: number; lng: number };
  /** [west, south, east, north] of the locality, when known. */
  bbox: number[] | null;
}

interface IndexedPlace extends Place {
  key: string;
  /** Start of each word of the key after the first, for "word starts with" matches. */
  wordStarts: number[];
}

export interface PlaceIndex {
  places: IndexedPlace[];
}

/** Lower case, accents and punctuation dropped, "St"/"Mt" spelt out, single spaces. */
export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bmt\b/g, 'mount')
    .trim();
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function buildPlaceIndex(features: readonly PlaceFeature[]): PlaceIndex {
  const places: IndexedPlace[] = [];
  for (const feature of features) {
    const props = feature.properties ?? {};
    const name = text(props.name);
    const coords = feature.geometry?.type === 'Point' ? (feature.geometry.coordinates as unknown[]) : null;
    if (!name || !coords || typeof coords[0] !== 'number' || typeof coords[1] !== 'number') continue;
    const key = normalizePlaceName(name);
    const wordStarts: number[] = [];
    for (let i = 1; i < key.length; i++) if (key[i - 1] === ' ') wordStarts.push(i);
    const bbox = Array.isArray(props.bbox) && props.bbox.length === 4 && props.bbox.every(Number.isFinite) ? (props.bbox as number[]) : null;
    places.push({
      name,
      state: text(props.state) ?? 'NSW',
      lgaCode: text(props.lga_code),
      lgaName: text(props.lga_name),
      coordinate: { lat: coords[1], lng: coords[0] },
      bbox,
      key,
      wordStarts,
    });
  }
  return { places };
}

/**
 * Optimal string alignment distance between a and b, or limit + 1 once it must exceed limit
 * (the band keeps it linear in the length for the small limits used here).
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  let prevPrev = new Array<number>(width).fill(0);
  let prev = Array.from({ length: width }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(width).fill(limit + 1);
    row[0] = i;
    let best = row[0];
    for (let j = Math.max(1, i - limit); j <= Math.min(b.length, i + limit); j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2] + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return Math.min(prev[b.length], limit + 1);
}

/** Typos allowed: none for short queries, one from 4 letters, two from 8. */
export const typosAllowed = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** Lower is better: 0 exact, 1 prefix, 2 a later word's prefix, 3 + typos for a fuzzy prefix. */
function rank(place: IndexedPlace, query: string, typos: number): number | null {
  const { key } = place;
  if (key === query) return 0;
  if (key.startsWith(query)) return 1;
  if (place.wordStarts.some((start) => key.startsWith(query, start))) return 2;
  if (typos === 0) return null;
  // The query is usually a prefix being typed: compare it with the name's prefixes around its length.
  let best = typos + 1;
  for (let len = Math.max(1, query.length - typos); len <= Math.min(key.length, query.length + typos); len++) {
    best = Math.min(best, editDistance(query, key.slice(0, len), typos));
    if (best === 1) break;
  }
  return best <= typos ? 2 + best : null;
}

export function searchPlaces(index: PlaceIndex, query: string, limit: number): Place[] {
  const q = normalizePlaceName(query);
  if (!q) return [];
  const typos = typosAllowed(q.length);
  const hits: { place: IndexedPlace; rank: number }[] = [];
  for (const place of index.places) {
    const r = rank(place, q, typos);
    if (r !== null) hits.push({ place, rank: r });
  }
  hits.sort((a, b) => a.rank - b.rank || a.place.key.length - b.place.key.length || a.place.name.localeCompare(b.place.name));
  return hits.slice(0, limit).map(({ place }) => ({
    name: place.name,
    state: place.state,
    lgaCode: place.lgaCode,
    lgaName: place.lgaName,
    coordinate: place.coordinate,
    bbox: place.bbox,
  }));
}
