// Reading one answer of the state's hazards feed, defensively: the feed sends points as an
// upper-case "POINT" (not RFC 7946), a few Google encoded polylines, HTML in free text, blank
// strings for empty fields, and newer payloads add fields we do not know. Each item is taken or
// refused on its own, with a reason that admin diagnostics counts; nothing in one item breaks the
// others. A body that is not a feed at all is refused whole, and the last good state stays.
import { z } from 'zod';
import { decodePolyline } from './polyline';
import { plainText } from './text';
import type { HazardKind, HazardLanes, HazardPeriod, HazardRoad, ParsedHazard } from './hazard';

export const REFUSAL_REASONS = ['no-id', 'no-properties', 'bad-geometry', 'no-headline', 'duplicate', 'too-many', 'outside-councils'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** At most this many items are read from one kind's answer; the rest are refused as too many. */
export const MAX_ITEMS_PER_KIND = 5000;

export interface FeedReading {
  hazards: ParsedHazard[];
  /** Items the state has ended: not errors, just not ours to show. */
  ended: string[];
  refused: { id?: string; reason: RefusalReason }[];
}

const text = (max = 200) => z.unknown().transform((v) => plainText(v, max));
/** A list that is not a list reads as an empty one; items that are not objects are dropped. */
const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.unknown().transform((v) => (Array.isArray(v) ? v.slice(0, 50) : [])).pipe(z.array(z.unknown())).transform((items) =>
    items.flatMap((i) => {
      const parsed = item.safeParse(i);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    }),
  );
/** Epoch milliseconds to unix seconds; anything else is unknown. */
const epoch = z.unknown().transform((v) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 && n < 1e14 ? Math.floor(n / 1000) : undefined;
});
const flag = z.unknown().transform((v) => v === true || v === 'true');

const Road = z.object({
  mainStreet: text(),
  crossStreet: text(),
  secondLocation: text(),
  locationQualifier: text(40),
  suburb: text(),
  impactedLanes: listOf(
    z.object({
      affectedDirection: text(60),
      extent: text(60),
      closedLanes: text(40),
      numberOfLanes: text(40),
      description: text(),
    }),
  ),
});

const Period = z.object({
  closureType: text(40),
  direction: text(60),
  fromDay: text(40),
  toDay: text(40),
  startTime: text(40),
  finishTime: text(40),
});

const Properties = z.object({
  headline: text(300),
  displayName: text(200),
  mainCategory: text(),
  subCategoryA: text(),
  incidentKind: text(40),
  isMajor: flag,
  ended: flag,
  adviceA: text(300),
  adviceB: text(300),
  otherAdvice: text(2000),
  diversions: text(2000),
  speedLimit: z.unknown().transform((v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 130 ? v : undefined)),
  created: epoch,
  lastUpdated: epoch,
  start: epoch,
  end: epoch,
  roads: listOf(Road),
  periods: listOf(Period),
  encodedPolylines: listOf(z.object({ coords: z.string().max(100_000) })),
});

const Position = z.tuple([z.number().gte(-180).lte(180), z.number().gte(-90).lte(90)]).rest(z.unknown());
/** A point, whatever the case of its type; nothing else is a hazard's position in this feed. */
const PointGeometry = z.object({ type: z.string().regex(/^point$/i), coordinates: Position });

const Id = z.union([z.number().int().nonnegative().finite(), z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/)]).transform(String);

function strip<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function roadsOf(roads: z.output<typeof Road>[]): { roads: HazardRoad[]; lanes: HazardLanes[] } {
  return {
    roads: roads.map((r) =>
      strip({ mainStreet: r.mainStreet, crossStreet: r.crossStreet, secondLocation: r.secondLocation, qualifier: r.locationQualifier, suburb: r.suburb }),
    ),
    lanes: roads.flatMap((r) =>
      r.impactedLanes.map((l) =>
        strip({ direction: l.affectedDirection, extent: l.extent, closedLanes: l.closedLanes, numberOfLanes: l.numberOfLanes, description: l.description }),
      ),
    ),
  };
}

/** One kind's answer (already JSON), read item by item. */
export function readFeed(body: unknown, kind: HazardKind): FeedReading | { notAFeed: string } {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { features?: unknown }).features)) return { notAFeed: 'no features list' };
  const features = (body as { features: unknown[] }).features;
  const reading: FeedReading = { hazards: [], ended: [], refused: [] };
  for (const [n, feature] of features.entries()) {
    if (n >= MAX_ITEMS_PER_KIND) {
      reading.refused.push({ reason: 'too-many' });
      continue;
    }
    const f = (feature && typeof feature === 'object' ? feature : {}) as Record<string, unknown>;
    const id = Id.safeParse(f.id);
    if (!id.success) {
      reading.refused.push({ reason: 'no-id' });
      continue;
    }
    const props = f.properties && typeof f.properties === 'object' ? Properties.safeParse(f.properties) : undefined;
    if (!props?.success) {
      reading.refused.push({ id: id.data, reason: 'no-properties' });
      continue;
    }
    const p = props.data;
    if (p.ended) {
      reading.ended.push(id.data);
      continue;
    }
    const point = PointGeometry.safeParse(f.geometry);
    if (!point.success) {
      reading.refused.push({ id: id.data, reason: 'bad-geometry' });
      continue;
    }
    const headline = p.headline ?? p.displayName;
    if (!headline) {
      reading.refused.push({ id: id.data, reason: 'no-headline' });
      continue;
    }
    const lines = p.encodedPolylines.map((l) => decodePolyline(l.coords)).filter((l): l is [number, number][] => l !== null);
    const [lng, lat] = point.data.coordinates;
    reading.hazards.push(
      strip({
        id: id.data,
        kind,
        headline,
        category: p.mainCategory,
        subCategory: p.subCategoryA,
        planned: p.incidentKind?.toLowerCase() === 'planned',
        major: p.isMajor,
        position: { lat, lng },
        stateLine: lines.length ? lines : undefined,
        ...roadsOf(p.roads),
        periods: p.periods.map((period) => strip(period) as HazardPeriod),
        advice: [p.adviceA, p.adviceB, p.otherAdvice].filter((a): a is string => !!a),
        diversions: p.diversions,
        speedLimit: p.speedLimit,
        start: p.start,
        end: p.end,
        created: p.created,
        lastUpdated: p.lastUpdated,
      }),
    );
  }
  return reading;
}

/**
 * The readings of every kind as one set: an id seen twice (within a kind or across kinds) is kept
 * once, the most recently updated, and the others are refused as duplicates. An id the state ended
 * in one place and still lists in another stays ended.
 */
export function mergeReadings(readings: FeedReading[]): FeedReading {
  const ended = new Set(readings.flatMap((r) => r.ended));
  const byId = new Map<string, ParsedHazard>();
  const refused = readings.flatMap((r) => r.refused);
  for (const hazard of readings.flatMap((r) => r.hazards)) {
    if (ended.has(hazard.id)) continue;
    const seen = byId.get(hazard.id);
    if (!seen) {
      byId.set(hazard.id, hazard);
      continue;
    }
    refused.push({ id: hazard.id, reason: 'duplicate' });
    if ((hazard.lastUpdated ?? 0) > (seen.lastUpdated ?? 0)) byId.set(hazard.id, hazard);
  }
  return { hazards: [...byId.values()], ended: [...ended], refused };
}
