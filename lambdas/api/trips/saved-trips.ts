// Saved trips, the caller's side (docs/alerts.md#saved-trips): save a planned trip (2 to 5 places
// and the vehicle's mass), list, delete, and choose how its alerts reach them beyond the app. The
// trip is routed here, with and without today's closures, so the cells of both routes index it:
// a closure on either is found when it changes. Their own trips only, by the signed-in uid.
import { z } from 'zod';
import { field, type FieldDefinition } from '../resolver';
import { notFound, validationError } from '../../core/errors';
import {
  MAX_SAVED_TRIPS,
  routeCells,
  SavedTripInput,
  TRIP_MESSAGES,
  TripChannelsInput,
  defaultTripName,
  tripIdOf,
  tripPlacesOf,
  type SavedTrip,
} from '../../core/alerts/saved-trips';
import { planTrip, TripClosures } from '../../core/directions/trip';
import { TripUnsealed } from '../../core/directions/unsealed';
import { getRoadEngine } from '../../core/roads/engine';
import type { Position } from '../../core/roads/geo';
import { deleteSavedTrip, getSavedTrip, listSavedTrips, saveTrip, setTripChannels } from '../../adapters/alerts/saved-trips';
import { db } from '../../adapters/db/db';
import { tableClosureSource } from '../../adapters/directions/closures';
import { unsealedRules } from '../../adapters/directions/unsealed-rules';

const SMS_NEEDS_MOBILE_MESSAGE = 'Add and verify your mobile number first (Notification settings).';
const tripId = z.string().regex(/^[a-f0-9]{16,64}$/, TRIP_MESSAGES.notFound);

export function presentTrip(trip: SavedTrip) {
  return {
    id: trip.tripId,
    name: trip.name,
    places: trip.places.map((p) => ({ lat: p.lat, lng: p.lng, label: p.label ?? null })),
    vehicleMass: trip.vehicleMass ?? null,
    email: trip.email,
    sms: trip.sms,
    createdAt: trip.createdAt,
  };
}

const tripsOf = async (uid: string) => (await listSavedTrips(uid)).map(presentTrip);

/** The cells of the trip's route ignoring closures and of its route around today's: a change on either finds it. */
async function cellsOfTrip(places: SavedTrip['places'], vehicleMass: number | undefined): Promise<Set<string>> {
  const now = Math.floor(Date.now() / 1000);
  const engine = getRoadEngine();
  const closures = new TripClosures(tableClosureSource(now), now);
  const locations = places.map(({ lat, lng }) => ({ lat, lng }));
  const cells = new Set<string>();
  for (const avoidClosures of [false, true]) {
    const unsealed = vehicleMass ? new TripUnsealed(engine, unsealedRules(now), vehicleMass) : undefined;
    const plan = await planTrip(engine, closures, { locations, avoidLocations: [], avoidPolygons: [], avoidClosures }, unsealed);
    for (const cell of routeCells(plan.geometry.coordinates as Position[])) cells.add(cell);
  }
  return cells;
}

export const savedTripFields: Record<string, FieldDefinition<z.ZodTypeAny>> = {
  savedTrips: field({
    args: z.object({}).strict(),
    access: 'user',
    resolve: async ({ principal }) => tripsOf((await principal()).uid),
  }),

  saveTrip: field({
    args: z.object({ input: SavedTripInput }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const { uid } = await principal();
      const places = tripPlacesOf(args.input.places);
      const vehicleMass = args.input.vehicleMass ?? undefined;
      const id = tripIdOf(uid, places, vehicleMass);
      // Refused before routing when it could only be a sixth; the transaction holds the limit under a race.
      const current = await listSavedTrips(uid);
      if (current.length >= MAX_SAVED_TRIPS && !current.some((t) => t.tripId === id)) throw validationError(TRIP_MESSAGES.tooMany);
      // A trip the engine cannot route (a place too far from a road, no route) is refused with its words.
      const cells = await cellsOfTrip(places, vehicleMass);
      await saveTrip({ uid, tripId: id, name: args.input.name || defaultTripName(places), places, vehicleMass }, cells);
      return tripsOf(uid);
    },
  }),

  deleteSavedTrip: field({
    args: z.object({ id: tripId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const { uid } = await principal();
      await deleteSavedTrip(uid, args.id);
      return tripsOf(uid);
    },
  }),

  setSavedTripChannels: field({
    args: z.object({ input: TripChannelsInput }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const { uid } = await principal();
      const { input } = args;
      if (!(await getSavedTrip(uid, input.id))) throw notFound(TRIP_MESSAGES.notFound);
      // Read from the profile here (not through the code-texting adapter, which holds the signing key).
      if (input.sms && !(await db().entities.user.get({ uid }).go({ attributes: ['alertMobileVerified'] })).data?.alertMobileVerified) throw validationError(SMS_NEEDS_MOBILE_MESSAGE);
      await setTripChannels(uid, input.id, { email: input.email === 'IMMEDIATE' ? 'immediate' : 'off', ...(typeof input.sms === 'boolean' ? { sms: input.sms } : {}) });
      return tripsOf(uid);
    },
  }),
};
