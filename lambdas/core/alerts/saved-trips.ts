// Saved trips (docs/alerts.md#saved-trips): a person keeps up to 5 trips of 2 to 5 places and is
// told when a closure blocks the route the trip takes now, with what it costs, and when a
// reopening frees it. The road engine decides, exactly: the trip is routed again without the
// closure (its current route, around every other closure) and, when that route runs along the
// closure, with it (the way around, or none). Only trips whose stored route cells meet the
// closure's cells are routed at all.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ClosureRecord } from '../closures/types';
import { blocksTraffic, cellsAlong, routeClosureOf } from '../directions/closures';
import { planTrip, TripClosures, type ClosureSource, type TripPlan } from '../directions/trip';
import type { TripUnsealed } from '../directions/unsealed';
import type { RoadEngine } from '../roads/engine';
import type { Position } from '../roads/geo';
import { EMAIL_MODES, type EmailMode } from './channels';

export const MAX_SAVED_TRIPS = 5;
export const MIN_TRIP_PLACES = 2;
export const MAX_TRIP_PLACES = 5;
export const MAX_TRIP_NAME = 80;

export const TRIP_MESSAGES = {
  tooMany: `You can save at most ${MAX_SAVED_TRIPS} trips. Delete one to save another.`,
  tooFewPlaces: `A trip needs at least ${MIN_TRIP_PLACES} places.`,
  tooManyPlaces: `A trip can have at most ${MAX_TRIP_PLACES} places.`,
  name: `Give the trip a name of at most ${MAX_TRIP_NAME} characters.`,
  place: 'Each place needs a latitude and longitude in Australia.',
  vehicleMass: 'Vehicle mass must be between 0.5 and 100 tonnes',
  notFound: 'That saved trip was not found.',
  email: 'Trip alerts by email are off or at once.',
} as const;

/** Trip alerts are about a drive: mail goes at once or not at all (no digest). */
export const TRIP_EMAIL_MODES = ['off', 'immediate'] as const satisfies readonly EmailMode[];

const coordinate = z.number({ invalid_type_error: TRIP_MESSAGES.place, required_error: TRIP_MESSAGES.place }).finite(TRIP_MESSAGES.place);
const place = z
  .object({
    lat: coordinate.min(-44, TRIP_MESSAGES.place).max(-9, TRIP_MESSAGES.place),
    lng: coordinate.min(112, TRIP_MESSAGES.place).max(154, TRIP_MESSAGES.place),
    label: z.string().trim().max(120, 'A place name can have at most 120 characters.').nullish(),
  })
  .strict();

export const SavedTripInput = z
  .object({
    name: z.string().trim().max(MAX_TRIP_NAME, TRIP_MESSAGES.name).nullish(),
    places: z
      .array(place, { required_error: TRIP_MESSAGES.tooFewPlaces, invalid_type_error: TRIP_MESSAGES.tooFewPlaces })
      .min(MIN_TRIP_PLACES, TRIP_MESSAGES.tooFewPlaces)
      .max(MAX_TRIP_PLACES, TRIP_MESSAGES.tooManyPlaces),
    vehicleMass: z.number({ invalid_type_error: TRIP_MESSAGES.vehicleMass }).min(0.5, TRIP_MESSAGES.vehicleMass).max(100, TRIP_MESSAGES.vehicleMass).nullish(),
  })
  .strict();
export type SavedTripInput = z.infer<typeof SavedTripInput>;

export const TripChannelsInput = z
  .object({
    id: z.string().regex(/^[a-f0-9]{16,64}$/, TRIP_MESSAGES.notFound),
    email: z.enum(['OFF', 'IMMEDIATE'], { message: TRIP_MESSAGES.email }),
    sms: z.boolean().nullish(),
  })
  .strict();

export interface TripPlace {
  lat: number;
  lng: number;
  label?: string;
}

export interface SavedTrip {
  uid: string;
  tripId: string;
  name: string;
  places: TripPlace[];
  vehicleMass?: number;
  email: 'off' | 'immediate';
  sms: boolean;
  createdAt: number;
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;

/** Places as stored: 5 decimals (about a metre), labels trimmed and kept only when given. */
export function tripPlacesOf(places: SavedTripInput['places']): TripPlace[] {
  return places.map((p) => ({ lat: round(p.lat), lng: round(p.lng), ...(p.label ? { label: p.label } : {}) }));
}

/**
 * The trip's id: the same places and vehicle saved twice (a double click, two tabs) are one trip,
 * so a concurrent second save finds the first instead of adding another.
 */
export function tripIdOf(uid: string, places: readonly TripPlace[], vehicleMass?: number | null): string {
  const key = JSON.stringify([uid, places.map((p) => [p.lat, p.lng]), vehicleMass ?? null]);
  return createHash('sha256').update(key).digest('hex').slice(0, 24);
}

/** A place's short name: the first part of its label ("Forbes" of "Forbes, NSW"), else its coordinates. */
export function placeName(p: TripPlace): string {
  const first = p.label?.split(',')[0]?.trim();
  return first || `${p.lat.toFixed(3)}, ${p.lng.toFixed(3)}`;
}

/** "Forbes → Parkes", or through the stops: "Forbes → Parkes → Dubbo". */
export const defaultTripName = (places: readonly TripPlace[]) => places.map(placeName).join(' → ');

/** The cells (the closure map's precision-4 geohashes) a route runs through: the trip's index entries. */
export const routeCells = (coordinates: readonly Position[]): Set<string> => cellsAlong(coordinates);

/** The cells a closure's lines run through: trips with a cell among them are routed again. */
export function closureCells(closure: Pick<ClosureRecord, 'regions'>): Set<string> {
  const cells = new Set<string>();
  for (const region of closure.regions) cellsAlong(region.geometry.coordinates as Position[], undefined, cells);
  return cells;
}

/** Reads each cell or box once for all the trips checked against one closure change. */
export function sharedClosureSource(source: ClosureSource): ClosureSource {
  const cells = new Map<string, Promise<ClosureRecord[]>>();
  return {
    async inCells(wanted) {
      const missing = wanted.filter((cell) => !cells.has(cell));
      if (missing.length) {
        const read = source.inCells(missing);
        // A closure read with a batch is kept for each cell of it: knowing one closure too many
        // changes no route (the planner only keeps off those its route runs along).
        for (const cell of missing) cells.set(cell, read);
      }
      const seen = new Set<string>();
      return (await Promise.all(wanted.map((cell) => cells.get(cell)!))).flat().filter((r) => !seen.has(r.id) && seen.add(r.id));
    },
    inBounds: (bbox) => source.inBounds(bbox),
  };
}

/** The closures of a source, without one (the trip's route as if it were open) or with it as it is now. */
function sourceWithout(source: ClosureSource, closureId: string): ClosureSource {
  const drop = (records: ClosureRecord[]) => records.filter((r) => r.id !== closureId);
  return { inCells: async (cells) => drop(await source.inCells(cells)), inBounds: async (bbox) => drop(await source.inBounds(bbox)) };
}

function sourceWith(source: ClosureSource, closure: ClosureRecord): ClosureSource {
  const add = (records: ClosureRecord[]) => [...records.filter((r) => r.id !== closure.id), closure];
  return { inCells: async (cells) => add(await source.inCells(cells)), inBounds: async (bbox) => add(await source.inBounds(bbox)) };
}

const FREEING_EVENTS = new Set(['closure.reopened', 'closure.deleted']);

/** The closure closed its road up to now: its last recorded period was a closed one that had begun. */
function wasClosedRoad(closure: Pick<ClosureRecord, 'periods' | 'condition'>, now: number): boolean {
  const last = closure.periods?.at(-1);
  // Closures written before periods were recorded: anything but open-with-changed-conditions closed it.
  if (!last) return closure.condition !== 'changed';
  return last.condition === 'closed' && last.from <= now;
}

export type TripEffect =
  | { kind: 'blocked'; extraSeconds: number; route: TripPlan }
  | { kind: 'noWayAround'; route: TripPlan }
  | { kind: 'freed'; route: TripPlan };

export interface TripCheckContext {
  engine: RoadEngine;
  /** Every closure as stored now (read once per change for all trips: sharedClosureSource). */
  source: ClosureSource;
  now: number;
  /** The vehicle's unsealed-road rules, for a trip saved with a mass. */
  unsealedFor?: (vehicleMass: number) => TripUnsealed;
}

/**
 * What one closure change does to one trip, or undefined when it does not touch the route the
 * trip takes. A closure that blocks traffic now blocks the trip when the trip's route without it
 * runs along its closed stretch; the trip is then routed with it: the way around (and how much
 * longer) or none. A closure that no longer blocks traffic (reopened, removed, open with changed
 * conditions) frees the trip when the route the trip takes now runs along it.
 */
export async function tripEffectOf(
  context: TripCheckContext,
  trip: Pick<SavedTrip, 'places' | 'vehicleMass'>,
  closure: ClosureRecord,
  eventType: string,
): Promise<TripEffect | undefined> {
  const { engine, source, now } = context;
  const blocks = blocksTraffic(closure, now);
  // Only a closed road that opens frees a trip: not a scheduled closure yet to start, nor one that
  // was open with changed conditions all along.
  const frees = !blocks && FREEING_EVENTS.has(eventType) && wasClosedRoad(closure, now);
  if (!blocks && !frees) return undefined;
  const request = { locations: trip.places.map(({ lat, lng }) => ({ lat, lng })), avoidLocations: [], avoidPolygons: [], avoidClosures: true };
  const unsealed = () => (trip.vehicleMass && context.unsealedFor ? context.unsealedFor(trip.vehicleMass) : undefined);
  const without = await planTrip(engine, new TripClosures(sourceWithout(source, closure.id), now), request, unsealed());
  const along = (plan: TripPlan) => engine.closuresAlong(plan.travelled ?? [], [routeClosureOf(closure)]).length > 0;
  if (!along(without)) return undefined;
  if (frees) return { kind: 'freed', route: without };
  const withIt = await planTrip(engine, new TripClosures(sourceWith(source, closure), now), request, unsealed());
  if (withIt.crossesClosureIds.includes(closure.id)) return { kind: 'noWayAround', route: withIt };
  return { kind: 'blocked', extraSeconds: Math.max(0, withIt.duration - without.duration), route: withIt };
}

/** Whole minutes, at least one: a detour of 20 seconds is still "1 minute longer". */
export const extraMinutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** Where the closure is, as the alert names it: its road, else its place. */
export function closurePlace(closure: Pick<ClosureRecord, 'nearestLocation' | 'formattedAddress'>): string {
  const road = closure.nearestLocation?.name;
  if (road) return `the ${road.replace(/^the /i, '')}`;
  return closure.formattedAddress ? closure.formattedAddress.split(',')[0] : 'a road on the way';
}

const FREED_BY: Record<string, string> = {
  'closure.reopened': 'the road has reopened',
  'closure.deleted': 'the closure was removed',
};

/** The alert's words: "Your trip Forbes → Parkes now meets a closure on the Newell Highway; the way around is 12 minutes longer". */
export function tripAlertText(tripName: string, effect: TripEffect, closure: Pick<ClosureRecord, 'nearestLocation' | 'formattedAddress'>, eventType: string): string {
  const where = closurePlace(closure);
  if (effect.kind === 'blocked') {
    const minutes = extraMinutes(effect.extraSeconds);
    return `Your trip ${tripName} now meets a closure on ${where}; the way around is ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} longer`;
  }
  if (effect.kind === 'noWayAround') return `Your trip ${tripName} now meets a closure on ${where}; there is no way around it`;
  return `Your trip ${tripName} is clear of the closure on ${where}: ${FREED_BY[eventType] ?? 'the road is open again'}`;
}

/** The link that opens the trip in the directions planner. */
export function tripDirectionsPath(tripId: string): string {
  return `/map?trip=${encodeURIComponent(tripId)}`;
}

export const isTripEmailMode = (mode: unknown): mode is SavedTrip['email'] => (TRIP_EMAIL_MODES as readonly unknown[]).includes(mode) && (EMAIL_MODES as readonly unknown[]).includes(mode);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail of one trip alert: the alert's sentence, the closure's reason, links to the trip and the closure. */
export function tripAlertMail(
  sentence: string,
  facts: { reason?: string },
  links: { trip: string; closure: string; manage: string; unsubscribe: string },
): { subject: string; text: string; html: string } {
  const text = [
    `${sentence}.`,
    ...(facts.reason ? [`Reason: ${facts.reason}`] : []),
    `Open the trip in directions: ${links.trip}`,
    `See the closure on the map: ${links.closure}`,
    '',
    `You receive this because you saved this trip on Road closures. Change how you hear about it: ${links.manage}`,
    `Stop these emails: ${links.unsubscribe}`,
  ].join('\n');
  const html = `<p>${escapeHtml(sentence)}.</p>${facts.reason ? `<p>Reason: ${escapeHtml(facts.reason)}</p>` : ''}<p><a href="${escapeHtml(links.trip)}">Open the trip in directions</a> · <a href="${escapeHtml(links.closure)}">See the closure on the map</a></p><p style="color:#5a6b7b;font-size:13px">You receive this because you saved this trip on Road closures. <a href="${escapeHtml(links.manage)}">Change how you hear about it</a> or <a href="${escapeHtml(links.unsubscribe)}">stop these emails</a>.</p>`;
  // The subject is the whole sentence: what the closure costs the trip is the news.
  return { subject: sentence, text, html };
}

/**
 * One SMS: the sentence in GSM-7 with the link. Too long, it first drops words that say nothing
 * ("Your", "now"), then shortens the trip and road before its last clause, never the clause that
 * says what the closure costs ("; the way around is 12 minutes longer").
 */
export function tripAlertSms(sentence: string, link: string, toGsm7: (text: string) => string, limit = 160): string {
  const room = limit - link.length - 1;
  const plain = toGsm7(sentence.replace(/→/g, '->'));
  if (plain.length <= room) return `${plain} ${link}`;
  const terse = plain.replace(/^Your trip /, 'Trip ').replace(/ now (meets|is clear)/, ' $1');
  if (terse.length <= room) return `${terse} ${link}`;
  const cut = Math.max(terse.lastIndexOf('; '), terse.lastIndexOf(': '));
  const cost = cut >= 0 ? terse.slice(cut) : '';
  const headRoom = room - cost.length - 3;
  const body = headRoom >= 20 ? `${terse.slice(0, headRoom).trimEnd()}...${cost}` : `${terse.slice(0, Math.max(0, room - 3)).trimEnd()}...`;
  return `${body} ${link}`;
}
