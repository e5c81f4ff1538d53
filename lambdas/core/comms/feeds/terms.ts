// The one mapping from a closure to the open feeds' terms (docs/feeds.md has it as a table):
// which road it is on, which directions it closes, when it started and is expected to reopen,
// and what each feed's vocabulary calls it. Written from the WZDx 4.2 specification and Google's
// CIFS (Waze partner feed) rules; where a feed's vocabulary cannot say a closure truthfully, the
// closure stays out of that feed rather than being published as something it is not.
import { STALE_AFTER_SECONDS } from '../../closure-views';
import { ROAD_CLASSES, describeRoadClass } from '../../roads/classes';
import { closureTypeOf, type ClosureRecord, type ClosureTypeValue, type Position, type Region } from '../../closures/types';
import type { Travel } from './ids';

/**
 * What the road engine calls a road it has no name or route number for ("Secondary road",
 * "Street"): a road class, which no consumer can match to a road.
 */
const ROAD_CLASS_WORDS = new Set(ROAD_CLASSES.map((roadClass) => describeRoadClass(roadClass).toLowerCase()));

/**
 * The road's publicly known name or route number, or null. The nearest road's name when it has
 * one; else the named road of the address (the road engine's nearest named road: short pieces of
 * named roads are often unnamed in the source data); never a road class.
 */
export function publicRoadName(c: Pick<ClosureRecord, 'nearestLocation' | 'formattedAddress'>): string | null {
  const nearest = c.nearestLocation?.name?.trim();
  if (nearest && !ROAD_CLASS_WORDS.has(nearest.toLowerCase())) return nearest;
  // "road, locality, NSW": a road is named only when the address has three parts.
  const parts = (c.formattedAddress ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const addressRoad = parts.length >= 3 ? parts[0] : null;
  return addressRoad && !ROAD_CLASS_WORDS.has(addressRoad.toLowerCase()) ? addressRoad : null;
}

/**
 * A council's closure closes its stretch of road to traffic both ways (the map draws it so and
 * directions avoid it both ways): each region is published once per direction of travel, each
 * with its coordinates in that direction's order (WZDx: "the first coordinate is the first point
 * a road user encounters").
 */
export function travelsOf(region: Region): Array<{ travel: Travel; coordinates: Position[] }> {
  const drawn = region.geometry.coordinates;
  return [
    { travel: 'as-drawn', coordinates: drawn },
    { travel: 'reverse', coordinates: [...drawn].reverse() },
  ];
}

/** Regions a line can be published for: at least two points (a direction needs two). */
export const publishableRegions = (c: ClosureRecord) => c.regions.filter((r) => r.geometry.coordinates.length >= 2);

/** When the closure started affecting traffic: its scheduled start, else when staff recorded it. */
export const startOf = (c: ClosureRecord) => c.scheduledFor ?? c.createdAt;

/**
 * Whether a person confirmed the start: staff recorded an unscheduled closure as in place when
 * they made it; a scheduled closure's start is only the plan.
 */
export const isStartConfirmed = (c: ClosureRecord) => c.scheduledFor === undefined;

/**
 * The expected reopening while it is still ahead; null when none was given or it has passed
 * with the road still closed (overdue): then no one knows when it reopens.
 */
export function expectedReopening(c: ClosureRecord, now: number): number | null {
  const at = c.estimatedReopening;
  return at !== undefined && at > now && at > startOf(c) ? at : null;
}

/**
 * How far ahead a WZDx end date reaches when no reopening is expected: WZDx requires an end date,
 * so the feed says "at least until then" (never verified). The feeds are rewritten when a closure
 * of the council changes and every hour, so the date moves ahead while the road stays closed; a
 * week is the age at which an untouched closure is in the closure administrators' daily reminder.
 */
export const UNKNOWN_END_HORIZON = STALE_AFTER_SECONDS;

/** The reason, then the detour, for feeds without a detour field of their own. */
export function closureDescription(c: Pick<ClosureRecord, 'reason' | 'detour'>): string {
  return [c.reason?.trim(), c.detour?.trim() ? `Detour: ${c.detour.trim()}` : ''].filter(Boolean).join(' ');
}

/**
 * WZDx 4.2 road event type, per closure type. A WorkZoneFeed's road events are work zones
 * ("highway construction, maintenance, or utility-work activities") or detours (the rerouting
 * itself). Only roadworks are work; a flood, crash, hazard, fire, storm damage or event closes a
 * road without being either, and WZDx 4.2 has no road event for them (its schema's `restriction`
 * value matches no road event object), so those closures are not in the WZDx feed.
 */
const WZDX_EVENT_TYPE: Record<ClosureTypeValue, 'work-zone' | null> = {
  roadworks: 'work-zone',
  flood: null,
  crash: null,
  hazard: null,
  fire: null,
  storm: null,
  event: null,
  other: null,
};

export function wzdxEventTypeOf(c: ClosureRecord): 'work-zone' | null {
  return WZDX_EVENT_TYPE[closureTypeOf(c.type).value as ClosureTypeValue] ?? null;
}

export type VehicleImpact = 'all-lanes-closed' | 'some-lanes-closed' | 'alternating-one-way' | 'flagging' | 'temporary-traffic-signal' | 'unknown';

/**
 * What staff wrote about open-with-changes traffic, in the WZDx VehicleImpact words (checked in
 * this order: traffic lights say more than "single lane"). Nothing recognised is "unknown":
 * the closure does not record which lanes are affected.
 */
const CHANGED_TRAFFIC: Array<[RegExp, VehicleImpact]> = [
  [/\b(temporary|portable)?\s*traffic (lights?|signals?)\b|\btemporary signals?\b/i, 'temporary-traffic-signal'],
  [/\bstop[\s/-]*slow\b|\btraffic control(lers?)?\b|\bflag(ging|gers?|men)\b/i, 'flagging'],
  [/\b(single|one) lane\b|\balternat(e|ing)\b|\bcontraflow\b/i, 'alternating-one-way'],
  [/\blanes? (is |are )?closed\b|\blane closures?\b/i, 'some-lanes-closed'],
];

/** WZDx `vehicle_impact` in each direction: closed is every lane; changed is read from the reason. */
export function vehicleImpactOf(c: ClosureRecord): VehicleImpact {
  if (c.condition === 'closed') return 'all-lanes-closed';
  const text = closureDescription(c);
  return CHANGED_TRAFFIC.find(([pattern]) => pattern.test(text))?.[1] ?? 'unknown';
}

/**
 * CIFS type and subtype. Google: ROAD_CLOSED results in a full closure and is for roads with all
 * lanes closed only; a closure open with changes is not one, so it is not in the CIFS feed.
 */
const CIFS_SUBTYPE: Record<ClosureTypeValue, 'ROAD_CLOSED_CONSTRUCTION' | 'ROAD_CLOSED_EVENT' | 'ROAD_CLOSED_HAZARD'> = {
  roadworks: 'ROAD_CLOSED_CONSTRUCTION',
  event: 'ROAD_CLOSED_EVENT',
  flood: 'ROAD_CLOSED_HAZARD',
  crash: 'ROAD_CLOSED_HAZARD',
  hazard: 'ROAD_CLOSED_HAZARD',
  fire: 'ROAD_CLOSED_HAZARD',
  storm: 'ROAD_CLOSED_HAZARD',
  other: 'ROAD_CLOSED_HAZARD',
};

export function cifsClosureOf(c: ClosureRecord): { type: 'ROAD_CLOSED'; subtype: string } | null {
  if (c.condition !== 'closed') return null;
  return { type: 'ROAD_CLOSED', subtype: CIFS_SUBTYPE[closureTypeOf(c.type).value as ClosureTypeValue] ?? 'ROAD_CLOSED_HAZARD' };
}
