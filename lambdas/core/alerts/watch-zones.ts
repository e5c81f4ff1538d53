// Watch zones (docs/alerts.md#watch-zones): areas a person draws on the map, a polygon or a circle
// around a place, at most 50 km across, up to 5 each. A closure that starts, changes or reopens
// with any of its roads inside (or crossing) one alerts the zone's owner. Pure: the shape rules
// with their messages, the coarse cells zones are stored under, and the in-memory matcher whose
// grid of bounding boxes keeps one closure change against 10,000 zones well under a second.
import { AUSTRALIA, isInAustralia, type Bbox } from '../closures/geometry';
import type { LineStringGeometry, Position } from '../closures/types';

export const MAX_WATCH_ZONES = 5;
export const MAX_ZONE_ACROSS_M = 50_000;
export const MAX_ZONE_CORNERS = 50;
export const MIN_CIRCLE_RADIUS_M = 100;
/** A polygon smaller than this (10 m by 10 m) has no inside worth watching. */
const MIN_POLYGON_AREA_M2 = 100;

export const ZONE_MESSAGES = {
  tooMany: `You can watch at most ${MAX_WATCH_ZONES} areas. Delete one under My subscriptions to add another.`,
  tooWide: 'An area can be at most 50 km across. Draw a smaller one.',
  crossing: "The area's edges cross each other. Draw it again so that no two edges cross.",
  degenerate: 'An area needs at least 3 corners that are not all on one line.',
  tooManyCorners: `An area can have at most ${MAX_ZONE_CORNERS} corners.`,
  radius: 'The circle must be from 100 m to 25 km in radius (50 km across at most).',
  outside: 'An area must be in Australia.',
  oneShape: 'Draw a polygon or choose a circle around a place, not both.',
  name: 'Give the area a name of up to 60 characters.',
  notFound: 'That watched area no longer exists.',
} as const;

export type ZoneShape = { kind: 'polygon'; ring: Position[] } | { kind: 'circle'; center: Position; radiusM: number };

const EARTH_M_PER_DEG_LAT = 110_574;
const mPerDegLng = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);

/** Distance in metres between two nearby points (equirectangular: exact enough within 50 km). */
export function metresBetween(a: Position, b: Position): number {
  const dx = (a[0] - b[0]) * mPerDegLng((a[1] + b[1]) / 2);
  const dy = (a[1] - b[1]) * EARTH_M_PER_DEG_LAT;
  return Math.hypot(dx, dy);
}

/** The corners with repeated neighbours (a double click) and a closing copy of the first dropped. */
export function cleanRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push([p[0], p[1]]);
  }
  while (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) out.pop();
  return out;
}

type Xy = [number, number];
/** Metres east and north of `origin`. */
const toXy = (origin: Position) => {
  const kx = mPerDegLng(origin[1]);
  return (p: Position): Xy => [(p[0] - origin[0]) * kx, (p[1] - origin[1]) * EARTH_M_PER_DEG_LAT];
};

const cross = (o: Xy, a: Xy, b: Xy) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSegment = (p: Xy, a: Xy, b: Xy) =>
  Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);

/** True when segments ab and cd share a point (touching and overlapping included). */
export function segmentsMeet(a: Xy, b: Xy, c: Xy, d: Xy): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(a, c, d)) || (d2 === 0 && onSegment(b, c, d)) || (d3 === 0 && onSegment(c, a, b)) || (d4 === 0 && onSegment(d, a, b));
}

function ringArea(xy: readonly Xy[]): number {
  let twice = 0;
  for (let i = 0; i < xy.length; i++) {
    const [x1, y1] = xy[i];
    const [x2, y2] = xy[(i + 1) % xy.length];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** Every corner within a metre of the line through the first corner and the one farthest from it. */
function allOnOneLine(xy: readonly Xy[]): boolean {
  const far = xy.reduce((best, p) => (Math.hypot(p[0], p[1]) > Math.hypot(best[0], best[1]) ? p : best), xy[0]);
  const length = Math.hypot(far[0], far[1]);
  if (length === 0) return true;
  return xy.every((p) => Math.abs(cross([0, 0], far, p)) / length < 1);
}

function ringCrossesItself(xy: readonly Xy[]): boolean {
  const n = xy.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a corner by design; every other pair must not meet.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsMeet(xy[i], xy[(i + 1) % n], xy[j], xy[(j + 1) % n])) return true;
    }
  }
  // Neighbours folding back onto each other (a spike) overlap along a line.
  for (let i = 0; i < n; i++) {
    const a = xy[(i + n - 1) % n];
    const o = xy[i];
    const b = xy[(i + 1) % n];
    if (cross(o, a, b) === 0 && (a[0] - o[0]) * (b[0] - o[0]) + (a[1] - o[1]) * (b[1] - o[1]) > 0) return true;
  }
  return false;
}

/** What is wrong with a zone's shape, in the product's words; undefined when it may be saved. */
export function zoneShapeProblem(shape: ZoneShape): string | undefined {
  if (shape.kind === 'circle') {
    if (!isInAustralia(shape.center[0], shape.center[1])) return ZONE_MESSAGES.outside;
    if (!(shape.radiusM >= MIN_CIRCLE_RADIUS_M && shape.radiusM * 2 <= MAX_ZONE_ACROSS_M)) return ZONE_MESSAGES.radius;
    return undefined;
  }
  const ring = cleanRing(shape.ring);
  if (ring.some(([lng, lat]) => !isInAustralia(lng, lat))) return ZONE_MESSAGES.outside;
  if (ring.length > MAX_ZONE_CORNERS) return ZONE_MESSAGES.tooManyCorners;
  if (ring.length < 3) return ZONE_MESSAGES.degenerate;
  for (let i = 0; i < ring.length; i++) for (let j = i + 1; j < ring.length; j++) if (metresBetween(ring[i], ring[j]) > MAX_ZONE_ACROSS_M) return ZONE_MESSAGES.tooWide;
  const xy = ring.map(toXy(ring[0]));
  if (allOnOneLine(xy)) return ZONE_MESSAGES.degenerate;
  if (ringCrossesItself(xy)) return ZONE_MESSAGES.crossing;
  if (ringArea(xy) < MIN_POLYGON_AREA_M2) return ZONE_MESSAGES.degenerate;
  return undefined;
}

export function zoneBbox(shape: ZoneShape): Bbox {
  if (shape.kind === 'circle') {
    const [lng, lat] = shape.center;
    const dLat = shape.radiusM / EARTH_M_PER_DEG_LAT;
    const dLng = shape.radiusM / mPerDegLng(lat);
    return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
  }
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of shape.ring) {
    w = Math.min(w, lng);
    s = Math.min(s, lat);
    e = Math.max(e, lng);
    n = Math.max(n, lat);
  }
  return [w, s, e, n];
}

// ---- Where zones are stored: one coarse cell per zone (its box's centre) ----

/** Cells of half a degree (about 55 km by 46 km in NSW): a closure reads the few around it. */
export const HOME_CELL_DEGREES = 0.5;
const cellIndex = (value: number) => Math.floor(value / HOME_CELL_DEGREES);
const cellName = (x: number, y: number) => `${x}:${y}`;

/** The cell a zone is stored under: the one holding its bounding box's centre. */
export function homeCellOf(bbox: Bbox): string {
  return cellName(cellIndex((bbox[0] + bbox[2]) / 2), cellIndex((bbox[1] + bbox[3]) / 2));
}

/**
 * The cells whose zones may meet `bbox`: a zone's centre is at most 25 km from any of its points,
 * so the box grown by 25 km holds the centre of every zone that meets it.
 */
export function homeCellsNear(bbox: Bbox): string[] {
  const half = MAX_ZONE_ACROSS_M / 2;
  const lat = Math.max(Math.abs(bbox[1]), Math.abs(bbox[3]));
  const dLat = half / EARTH_M_PER_DEG_LAT;
  const dLng = half / mPerDegLng(Math.min(lat + dLat, 80));
  const [w, s, e, n] = [Math.max(bbox[0] - dLng, AUSTRALIA.west - 1), bbox[1] - dLat, Math.min(bbox[2] + dLng, AUSTRALIA.east + 1), bbox[3] + dLat];
  const cells: string[] = [];
  for (let x = cellIndex(w); x <= cellIndex(e); x++) for (let y = cellIndex(s); y <= cellIndex(n); y++) cells.push(cellName(x, y));
  return cells;
}

// ---- Matching a closure against zones ----

export interface ZoneToMatch {
  /** Whatever the caller needs back (an owner and a zone id). */
  key: string;
  shape: ZoneShape;
}

const boxesMeet = (a: Bbox, b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

function pointInRing(p: Xy, ring: readonly Xy[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(p: Xy, a: Xy, b: Xy): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** True when any of the line's segments (those whose box meets the zone's) lies inside or crosses the zone. */
function lineMeetsZone(line: readonly Position[], shape: ZoneShape, box: Bbox): boolean {
  const origin: Position = shape.kind === 'circle' ? shape.center : shape.ring[0];
  const xy = toXy(origin);
  const ring = shape.kind === 'polygon' ? cleanRing(shape.ring).map(xy) : [];
  const centre: Xy = [0, 0];
  for (let i = 0; i < line.length; i++) {
    const a = line[i];
    const b = line[Math.min(i + 1, line.length - 1)];
    const segBox: Bbox = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
    if (!boxesMeet(segBox, box)) continue;
    const [pa, pb] = [xy(a), xy(b)];
    if (shape.kind === 'circle') {
      if (distanceToSegment(centre, pa, pb) <= shape.radiusM) return true;
      continue;
    }
    if (pointInRing(pa, ring)) return true;
    for (let k = 0; k < ring.length; k++) if (segmentsMeet(pa, pb, ring[k], ring[(k + 1) % ring.length])) return true;
  }
  return false;
}

/** Grid cells of the matcher: a quarter of a degree (about 28 km by 23 km), so a zone is in at most 9. */
const GRID_DEGREES = 0.25;
const gridOf = (v: number) => Math.floor(v / GRID_DEGREES);
/** One number per cell (longitude column, latitude row): cheaper to hash than a string. */
const gridKey = (x: number, y: number) => x * 4096 + y;

/**
 * Zones indexed by the grid cells their boxes cover: a closure looks only at the zones in the
 * cells its own box covers, then at those whose boxes meet its segments, and only those are
 * tested exactly.
 */
export class WatchZoneIndex<Z extends ZoneToMatch = ZoneToMatch> {
  private readonly cells = new Map<number, number[]>();
  private readonly zones: { zone: Z; box: Bbox }[] = [];

  constructor(zones: Iterable<Z>) {
    for (const zone of zones) {
      const box = zoneBbox(zone.shape);
      const at = this.zones.push({ zone, box }) - 1;
      for (let x = gridOf(box[0]); x <= gridOf(box[2]); x++) {
        for (let y = gridOf(box[1]); y <= gridOf(box[3]); y++) {
          const key = gridKey(x, y);
          const list = this.cells.get(key);
          if (list) list.push(at);
          else this.cells.set(key, [at]);
        }
      }
    }
  }

  get size(): number {
    return this.zones.length;
  }

  /** The zones any of the lines lies inside or crosses, each once. */
  match(lines: readonly LineStringGeometry[]): Z[] {
    const coords = lines.filter((l) => l.coordinates.length > 0).map((l) => l.coordinates);
    if (coords.length === 0) return [];
    const boxes = coords.map(lineBox);
    const candidates = new Set<number>();
    for (const box of boxes) {
      for (let x = gridOf(box[0]); x <= gridOf(box[2]); x++) {
        for (let y = gridOf(box[1]); y <= gridOf(box[3]); y++) for (const at of this.cells.get(gridKey(x, y)) ?? []) candidates.add(at);
      }
    }
    const found: Z[] = [];
    for (const at of candidates) {
      const { zone, box } = this.zones[at];
      if (coords.some((line, i) => boxesMeet(boxes[i], box) && lineMeetsZone(line, zone.shape, box))) found.push(zone);
    }
    return found;
  }
}

function lineBox(line: readonly Position[]): Bbox {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of line) {
    w = Math.min(w, lng);
    s = Math.min(s, lat);
    e = Math.max(e, lng);
    n = Math.max(n, lat);
  }
  return [w, s, e, n];
}

/** The notification a zone's owner reads: the closure's own words, saying which of their areas it is in. */
export function inWatchZone<T extends { body?: string }>(content: T, zoneName: string): T {
  return { ...content, body: [`In your watched area “${zoneName}”`, content.body].filter(Boolean).join(': ') };
}

/** What happened, for someone whose area a closure's roads were moved out of (mail, texts, the app). */
export const MOVED_OUT_OF_ZONE = 'Closure moved out of your watched area';

/** The notification for an area a changed closure no longer lies in: once, so its owner stops watching for it. */
export function movedOutOfWatchZone<T extends { title: string; body?: string }>(content: T, zoneName: string, kind: string): T {
  return { ...content, title: `${MOVED_OUT_OF_ZONE}: ${kind}`, body: [`No longer in “${zoneName}”`, content.body].filter(Boolean).join(': ') };
}

/**
 * The lines a closure lay along before a change moved them (a closure event's `movedFrom`),
 * checked, as the event crossed a topic: anything not a list of coordinate pairs is left out.
 */
export function linesMovedFrom(detail: unknown): LineStringGeometry[] {
  const movedFrom = (detail as { movedFrom?: unknown } | undefined)?.movedFrom;
  if (!Array.isArray(movedFrom)) return [];
  const isPosition = (p: unknown): p is Position => Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n));
  return movedFrom
    .filter((line): line is Position[] => Array.isArray(line) && line.length > 0 && line.every(isPosition))
    .map((coordinates) => ({ type: 'LineString', coordinates }));
}
