// The places of a planned trip, as the directions panel holds them: From, up to three stops, To
// (a saved trip has 2 to 5 places: docs/alerts.md#saved-trips). Each place has a key that stays
// with it when stops are moved or the trip is reversed, so a half-typed search moves with its field.
import type { LngLat } from '../map/geo';
import type { Endpoint } from './components/PlaceField';

/** The most places a trip may have, as the saved trips' rule says (From, 3 stops, To). */
export const MAX_TRIP_PLACES = 5;
/** The longest trip name the server keeps. */
const MAX_TRIP_NAME = 80;

export interface TripPlace {
  key: string;
  place: Endpoint | null;
}

let lastKey = 0;
const newPlace = (place: Endpoint | null = null): TripPlace => ({ key: `place-${(lastKey += 1)}`, place });

/** An empty trip: From and To. */
export const emptyTrip = (): TripPlace[] => [newPlace(), newPlace()];

/** A trip of the given places, in order (a saved trip opened in directions). */
export const tripOf = (places: readonly Endpoint[]): TripPlace[] => places.map((p) => newPlace(p));

/** "From", "Stop 1" … "Stop 3", "To": a place's name in the form, from where it stands. */
export function placeFieldLabel(index: number, count: number): string {
  if (index === 0) return 'From';
  return index === count - 1 ? 'To' : `Stop ${index}`;
}

export const canAddStop = (trip: readonly TripPlace[]) => trip.length < MAX_TRIP_PLACES;

/** A new empty stop just before To; the trip as it was when it is full (the panel says so). */
export function addStop(trip: readonly TripPlace[]): TripPlace[] {
  if (!canAddStop(trip)) return [...trip];
  return [...trip.slice(0, -1), newPlace(), trip[trip.length - 1]];
}

const isStop = (trip: readonly TripPlace[], index: number) => index > 0 && index < trip.length - 1;

export function removeStop(trip: readonly TripPlace[], index: number): TripPlace[] {
  return isStop(trip, index) ? trip.filter((_, i) => i !== index) : [...trip];
}

/** Moves a stop one place earlier (-1) or later (+1) among the stops; From and To stay. */
export function moveStop(trip: readonly TripPlace[], index: number, by: -1 | 1): TripPlace[] {
  const target = index + by;
  if (!isStop(trip, index) || !isStop(trip, target)) return [...trip];
  const next = [...trip];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Swap: To becomes From and the stops are driven the other way. */
export const reverseTrip = (trip: readonly TripPlace[]): TripPlace[] => [...trip].reverse();

export function setPlace(trip: readonly TripPlace[], key: string, place: Endpoint | null): TripPlace[] {
  return trip.map((p) => (p.key === key ? { ...p, place } : p));
}

/** The stops without a place yet: routing would skip them, so the panel names them instead. */
export function emptyStops(trip: readonly TripPlace[]): string[] {
  return trip.flatMap((p, index) => (isStop(trip, index) && !p.place ? [p.key] : []));
}

/** Every place, once each has one; null while any is missing. */
export function chosenPlaces(trip: readonly TripPlace[]): Endpoint[] | null {
  const places = trip.map((p) => p.place);
  return places.every((p): p is Endpoint => !!p) ? places : null;
}

/** A place picked on the map, named by where it is. */
export const mapPoint = (point: LngLat): Endpoint => ({ label: `Map point (${point.lat.toFixed(4)}, ${point.lng.toFixed(4)})`, coordinate: point });

/** A place's short name: "Forbes" of "Forbes, NSW"; a map point keeps its coordinates. */
export const shortPlaceName = (place: Endpoint) => (place.label.startsWith('Map point') ? place.label : place.label.split(',')[0].trim());

/** A saved trip's places as My subscriptions lists them: "Forbes → Bogan Gate → Parkes". */
export function placesLine(places: readonly { lat: number; lng: number; label: string | null }[]): string {
  return places.map((p) => (p.label ? shortPlaceName({ label: p.label, coordinate: p }) : `${p.lat.toFixed(3)}, ${p.lng.toFixed(3)}`)).join(' → ');
}

/**
 * The line under a saved trip's name in My subscriptions: its places in order, unless the name
 * already says them (a trip saved under its suggested name), and the vehicle it is planned for;
 * empty when there is nothing more to say.
 */
export function savedTripDetails(trip: { name: string; places: Parameters<typeof placesLine>[0]; vehicleMass?: number | null }): string {
  const places = placesLine(trip.places);
  return [places === trip.name ? '' : places, trip.vehicleMass ? `for a ${trip.vehicleMass} t vehicle` : ''].filter(Boolean).join(' · ');
}

/**
 * The trip's suggested name, "Forbes → Bogan Gate → Parkes", within the server's 80 characters:
 * a longer one keeps its ends and says stops were left out of the name ("Forbes → … → Parkes").
 */
export function tripName(places: readonly Endpoint[]): string {
  const names = places.map(shortPlaceName);
  const full = names.join(' → ');
  if (full.length <= MAX_TRIP_NAME) return full;
  const ends = `${names[0]} → … → ${names[names.length - 1]}`;
  return ends.length <= MAX_TRIP_NAME ? ends : `${full.slice(0, MAX_TRIP_NAME - 1)}…`;
}
