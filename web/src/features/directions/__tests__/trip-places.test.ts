import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../components/PlaceField';
import {
  addStop, canAddStop, chosenPlaces, emptyStops, emptyTrip, mapPoint, moveStop, placeFieldLabel, placesLine, removeStop, savedTripDetails, reverseTrip, setPlace, shortPlaceName, tripName, tripOf,
  type TripPlace,
} from '../trip-places';

const place = (name: string): Endpoint => ({ label: `${name}, NSW`, coordinate: { lat: -33, lng: 148 } });
const names = (trip: TripPlace[]) => trip.map((p) => (p.place ? shortPlaceName(p.place) : '-'));
const forbesToParkes = () => tripOf([place('Forbes'), place('Parkes')]);

describe('the places of a trip', () => {
  it('are named From, Stop 1 … and To by where they stand', () => {
    expect([0, 1, 2, 3].map((i) => placeFieldLabel(i, 4))).toEqual(['From', 'Stop 1', 'Stop 2', 'To']);
    expect([0, 1].map((i) => placeFieldLabel(i, 2))).toEqual(['From', 'To']);
  });

  it('take a new stop just before To, up to five places and no more', () => {
    let trip = forbesToParkes();
    for (let i = 0; i < 3; i += 1) trip = addStop(trip);
    expect(names(trip)).toEqual(['Forbes', '-', '-', '-', 'Parkes']);
    expect(canAddStop(trip)).toBe(false);
    const full = addStop(trip);
    expect(full.map((p) => p.key)).toEqual(trip.map((p) => p.key));
    expect(new Set(trip.map((p) => p.key)).size).toBe(5);
  });

  it('move a stop among the stops, never past From or To', () => {
    const trip = tripOf(['Forbes', 'Bogan Gate', 'Trundle', 'Parkes'].map(place));
    expect(names(moveStop(trip, 1, 1))).toEqual(['Forbes', 'Trundle', 'Bogan Gate', 'Parkes']);
    expect(names(moveStop(trip, 2, -1))).toEqual(['Forbes', 'Trundle', 'Bogan Gate', 'Parkes']);
    expect(names(moveStop(trip, 1, -1))).toEqual(names(trip));
    expect(names(moveStop(trip, 2, 1))).toEqual(names(trip));
    // The place keeps its key when it moves, so its field moves with it.
    expect(moveStop(trip, 1, 1)[2].key).toBe(trip[1].key);
  });

  it('remove a stop but never From or To', () => {
    const trip = tripOf(['Forbes', 'Bogan Gate', 'Parkes'].map(place));
    expect(names(removeStop(trip, 1))).toEqual(['Forbes', 'Parkes']);
    expect(names(removeStop(trip, 0))).toEqual(names(trip));
    expect(names(removeStop(trip, 2))).toEqual(names(trip));
  });

  it('reverse with Swap, stops included', () => {
    expect(names(reverseTrip(tripOf(['Forbes', 'Bogan Gate', 'Trundle', 'Parkes'].map(place))))).toEqual(['Parkes', 'Trundle', 'Bogan Gate', 'Forbes']);
  });

  it('name the empty stops, and give every place only once each has one', () => {
    const empty = emptyTrip();
    expect(chosenPlaces(empty)).toBeNull();
    expect(emptyStops(empty)).toEqual([]);
    let trip = addStop(forbesToParkes());
    const stop = trip[1].key;
    expect(emptyStops(trip)).toEqual([stop]);
    expect(chosenPlaces(trip)).toBeNull();
    trip = setPlace(trip, stop, place('Bogan Gate'));
    expect(emptyStops(trip)).toEqual([]);
    expect(chosenPlaces(trip)?.map(shortPlaceName)).toEqual(['Forbes', 'Bogan Gate', 'Parkes']);
  });
});

describe('tripName', () => {
  it('joins the places in order', () => {
    expect(tripName(['Forbes', 'Bogan Gate', 'Parkes'].map(place))).toBe('Forbes → Bogan Gate → Parkes');
  });

  it('keeps a map point whole rather than cutting it at its comma', () => {
    expect(tripName([mapPoint({ lat: -33.1, lng: 148.2 }), place('Parkes')])).toBe('Map point (-33.1000, 148.2000) → Parkes');
  });

  it('fits the 80 characters a trip name may have', () => {
    const long = ['Forbes', 'Mount Hope Road Crossing', 'Bogan Gate Silos', 'Trundle Showground', 'Parkes'].map(place);
    expect(tripName(long)).toBe('Forbes → … → Parkes');
    const longer = [mapPoint({ lat: -33.12345, lng: 148.12345 }), mapPoint({ lat: -33.2, lng: 148.3 }), mapPoint({ lat: -33.3, lng: 148.4 })];
    expect(tripName(longer).length).toBeLessThanOrEqual(80);
  });
});

describe('placesLine', () => {
  it('lists a saved trip by its places in order, a place without a name by its coordinates', () => {
    expect(placesLine([{ lat: -33.378, lng: 148.01, label: 'Forbes, NSW' }, { lat: -33.095, lng: 147.771, label: null }, { lat: -33.102, lng: 148.273, label: 'Parkes, NSW' }]))
      .toBe('Forbes → -33.095, 147.771 → Parkes');
  });
});

describe('savedTripDetails', () => {
  const places = [{ lat: -33.378, lng: 148.01, label: 'Forbes, NSW' }, { lat: -33.102, lng: 148.273, label: 'Parkes, NSW' }];

  it('says a trip\'s places under its name only when the name does not already say them', () => {
    expect(savedTripDetails({ name: 'Forbes → Parkes', places })).toBe('');
    expect(savedTripDetails({ name: 'School run', places })).toBe('Forbes → Parkes');
  });

  it('adds the vehicle the trip is planned for', () => {
    expect(savedTripDetails({ name: 'Forbes → Parkes', places, vehicleMass: 12 })).toBe('for a 12 t vehicle');
    expect(savedTripDetails({ name: 'Grain', places, vehicleMass: 12 })).toBe('Forbes → Parkes · for a 12 t vehicle');
  });
});
