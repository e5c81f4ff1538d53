// Saved trips (docs/alerts.md#saved-trips): the person's trips, alerted when a closure blocks or
// frees their route. Shared by the subscriptions page and the directions panel's Save this trip.
import { gql } from '../../../lib/api';

export interface SavedTripPlace {
  lat: number;
  lng: number;
  label: string | null;
}

export interface SavedTrip {
  id: string;
  name: string;
  places: SavedTripPlace[];
  vehicleMass: number | null;
  email: 'off' | 'immediate';
  sms: boolean;
}

export const savedTripsKey = ['savedTrips'] as const;
const FIELDS = 'id name places { lat lng label } vehicleMass email sms';

export async function fetchSavedTrips(): Promise<SavedTrip[]> {
  return (await gql<{ savedTrips: SavedTrip[] }>(`query SavedTrips { savedTrips { ${FIELDS} } }`)).savedTrips;
}

export async function saveTrip(input: { name?: string; places: { lat: number; lng: number; label?: string }[]; vehicleMass?: number }): Promise<SavedTrip[]> {
  return (await gql<{ saveTrip: SavedTrip[] }>(`mutation SaveTrip($input: SavedTripInput!) { saveTrip(input: $input) { ${FIELDS} } }`, { input })).saveTrip;
}

export async function deleteSavedTrip(id: string): Promise<SavedTrip[]> {
  return (await gql<{ deleteSavedTrip: SavedTrip[] }>(`mutation DeleteSavedTrip($id: ID!) { deleteSavedTrip(id: $id) { ${FIELDS} } }`, { id })).deleteSavedTrip;
}

export async function setSavedTripChannels(input: { id: string; email: 'OFF' | 'IMMEDIATE'; sms: boolean }): Promise<SavedTrip[]> {
  return (await gql<{ setSavedTripChannels: SavedTrip[] }>(`mutation SavedTripChannels($input: SavedTripChannelsInput!) { setSavedTripChannels(input: $input) { ${FIELDS} } }`, { input }))
    .setSavedTripChannels;
}
