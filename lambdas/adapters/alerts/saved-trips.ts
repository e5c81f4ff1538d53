// Saved trips in the table (docs/alerts.md#saved-trips): a person's trips (at most 5, counted in
// one transaction with the trip so two saves at once cannot make a sixth) and the pointers of the
// cells each trip's route runs through, read on gsi2 when a closure changes.
import { conflict, notFound, validationError } from '../../core/errors';
import { MAX_SAVED_TRIPS, TRIP_MESSAGES, type SavedTrip, type TripPlace } from '../../core/alerts/saved-trips';
import { db } from '../db/db';
import { inBatches, queryPages } from '../db/geo-cells';

const TRIPS_COUNTER = 'userSavedTrips';
const ATTEMPTS = 5;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(500, 20 * 2 ** attempt)));

function tripOf(item: Record<string, unknown>): SavedTrip {
  return {
    uid: item.uid as string,
    tripId: item.tripId as string,
    name: item.name as string,
    places: item.places as TripPlace[],
    ...(typeof item.vehicleMass === 'number' ? { vehicleMass: item.vehicleMass } : {}),
    email: item.email === 'immediate' ? 'immediate' : 'off',
    sms: item.sms === true,
    createdAt: item.createdAt as number,
  };
}

export async function listSavedTrips(uid: string): Promise<SavedTrip[]> {
  const { data } = await db().entities.savedTrip.query.byUser({ uid }).go({ pages: 'all' });
  return data.map((item) => tripOf(item as Record<string, unknown>)).sort((a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name));
}

export async function getSavedTrip(uid: string, tripId: string): Promise<SavedTrip | undefined> {
  const { data } = await db().entities.savedTrip.get({ uid, tripId }).go();
  return data ? tripOf(data as Record<string, unknown>) : undefined;
}

async function putCells(uid: string, tripId: string, cells: Iterable<string>): Promise<void> {
  const items = [...cells].map((cell) => ({ uid, tripId, cell }));
  if (items.length) await db().entities.savedTripCell.put(items).go();
}

/** Adds the cells of a route the trip now takes (a detour), so the next change near it finds the trip. */
export const addTripCells = putCells;

async function deleteCells(uid: string, tripId: string): Promise<void> {
  const { data } = await db().entities.savedTripCell.query.byTrip({ uid, tripId }).go({ pages: 'all' });
  if (data.length) await db().entities.savedTripCell.delete(data.map(({ cell }) => ({ uid, tripId, cell }))).go();
}

/**
 * Saves the trip with the cells of its route. The same trip saved again (same places and vehicle:
 * same id) is renamed, not added; a sixth is refused and nothing is written.
 */
export async function saveTrip(trip: Omit<SavedTrip, 'createdAt' | 'email' | 'sms'>, cells: Set<string>): Promise<void> {
  const { uid, tripId, name, places, vehicleMass } = trip;
  const existing = await getSavedTrip(uid, tripId);
  if (existing) {
    await putCells(uid, tripId, cells);
    if (existing.name !== name) await db().entities.savedTrip.patch({ uid, tripId }).set({ name }).go();
    return;
  }
  // The cells first: a pointer to a trip not saved (refused, or lost a race) names nothing and is cleared below.
  await putCells(uid, tripId, cells);
  for (let attempt = 1; ; attempt++) {
    const result = await db()
      .transaction.write(({ savedTrip, counter }) => [
        savedTrip.create({ uid, tripId, name, places, ...(vehicleMass ? { vehicleMass } : {}), email: 'off', sms: false }).commit(),
        counter
          .update({ name: TRIPS_COUNTER, scope: uid })
          .add({ count: 1 })
          .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, MAX_SAVED_TRIPS)}`)
          .commit(),
      ])
      .go();
    if (!result.canceled) return;
    const [tripCode, limitCode] = (result.data as { code?: string }[]).map((r) => r?.code);
    if (tripCode === 'ConditionalCheckFailed') return; // a concurrent save of the same trip won
    if (limitCode === 'ConditionalCheckFailed') {
      await deleteCells(uid, tripId);
      throw validationError(TRIP_MESSAGES.tooMany);
    }
    if (attempt >= ATTEMPTS) throw conflict('Failed to save the trip. Please try again.');
    await pause(attempt);
  }
}

/** Deletes the trip and its cells; one already gone is fine (a second click). */
export async function deleteSavedTrip(uid: string, tripId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const result = await db()
      .transaction.write(({ savedTrip, counter }) => [
        savedTrip
          .delete({ uid, tripId })
          .where(({ tripId: id }, { exists }) => exists(id))
          .commit(),
        counter.update({ name: TRIPS_COUNTER, scope: uid }).add({ count: -1 }).commit(),
      ])
      .go();
    const codes = result.canceled ? (result.data as { code?: string }[]).map((r) => r?.code) : [];
    if (!result.canceled || codes[0] === 'ConditionalCheckFailed') break;
    if (attempt >= ATTEMPTS) throw conflict('Failed to delete the trip. Please try again.');
    await pause(attempt);
  }
  await deleteCells(uid, tripId);
}

export async function setTripChannels(uid: string, tripId: string, channels: { email: 'off' | 'immediate'; sms?: boolean }): Promise<void> {
  try {
    await db()
      .entities.savedTrip.patch({ uid, tripId })
      .set({ email: channels.email, ...(channels.sms === undefined ? {} : { sms: channels.sms }) })
      .go();
  } catch (error) {
    if (/conditional/i.test(String((error as Error).message))) throw notFound(TRIP_MESSAGES.notFound);
    throw error;
  }
}

/** The one-click unsubscribe of a trip's alert mail; a trip already deleted is fine. */
export async function stopTripEmail(uid: string, tripId: string): Promise<void> {
  try {
    await setTripChannels(uid, tripId, { email: 'off' });
  } catch (error) {
    if ((error as { errorType?: string }).errorType !== 'NotFound') throw error;
  }
}

/** Trips whose route runs through any of the cells: pointers from gsi2 (every page), then the trips. */
export async function tripsInCells(cells: Iterable<string>): Promise<SavedTrip[]> {
  const keys = new Map<string, { uid: string; tripId: string }>();
  await inBatches([...cells], async (cell) => {
    const { items } = await queryPages(db().entities.savedTripCell.query.inCell({ cell }).params({ attributes: ['uid', 'tripId'] }) as never);
    for (const item of items) keys.set(`${item.uid as string}#${item.tripId as string}`, { uid: item.uid as string, tripId: item.tripId as string });
  });
  if (keys.size === 0) return [];
  const { data } = await db().entities.savedTrip.get([...keys.values()]).go();
  return data.map((item) => tripOf(item as Record<string, unknown>));
}
