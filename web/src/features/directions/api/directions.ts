import type * as GeoJSON from 'geojson';
import { gql } from '../../../lib/api';
import type { LngLat } from '../../map/geo';

export interface Place {
  name: string;
  state: string;
  lgaCode: string | null;
  lgaName: string | null;
  coordinate: LngLat;
  bbox: number[] | null;
}

export interface DirectionStep {
  instruction: string;
  name: string | null;
  distance: number;
  duration: number;
}

export interface Route {
  geometry: GeoJSON.LineString;
  distance: number;
  duration: number;
  steps: DirectionStep[];
  avoidedClosureIds: string[];
  crossesClosureIds: string[];
  /** LGAs whose unsealed roads the route keeps off for the vehicle mass sent. */
  unsealedAvoidedLgaCodes?: string[];
  /** The vehicle mass (tonnes) the route was planned for, if any. */
  vehicleMass?: number;
}

const SEARCH = /* GraphQL */ `
  query SearchPlaces($query: String!, $limit: Int) {
    searchPlaces(query: $query, limit: $limit) { name state lgaCode lgaName coordinate { lat lng } bbox }
  }
`;

export const placesQueryKey = (query: string) => ['places', 'search', query] as const;

export async function searchPlaces(query: string, limit = 8): Promise<Place[]> {
  return (await gql<{ searchPlaces: Place[] }>(SEARCH, { query, limit })).searchPlaces;
}

const DIRECTIONS = /* GraphQL */ `
  query Directions($locations: [CoordinateInput!]!, $vehicleMass: Float) {
    directions(locations: $locations, vehicleMass: $vehicleMass) {
      geometry distance duration
      steps { instruction name distance duration }
      avoidedClosureIds crossesClosureIds unsealedAvoidedLgaCodes
    }
  }
`;

type RawRoute = Omit<Route, 'geometry'> & { geometry: string | GeoJSON.LineString };

/**
 * Asks for the fastest open route; the server keeps off closed roads by default (avoidClosures),
 * and with the vehicle's mass also off unsealed roads closed or restricted below it.
 */
export async function getDirections(locations: LngLat[], vehicleMass?: number): Promise<Route> {
  const data = await gql<{ directions: RawRoute | null }>(DIRECTIONS, {
    locations: locations.map((l) => ({ lat: l.lat, lng: l.lng })),
    vehicleMass: vehicleMass ?? null,
  });
  if (!data.directions) throw new Error('No route was found between these places');
  const raw = data.directions;
  // AWSJSON arrives as a string through AppSync and as an object from some local resolvers.
  const geometry = (typeof raw.geometry === 'string' ? JSON.parse(raw.geometry) : raw.geometry) as GeoJSON.LineString;
  return { ...raw, geometry, unsealedAvoidedLgaCodes: raw.unsealedAvoidedLgaCodes ?? [], vehicleMass };
}
