// Shared pieces of the directions integration tests: the query, places on the Newell Highway
// between Forbes and Parkes, and closures made through the real createClosure mutation.
import { gql, type Auth } from '../../support/api';

export const DIRECTIONS = `query($locations: [CoordinateInput!]!, $avoidLocations: [CoordinateInput!], $avoidPolygons: AWSJSON, $avoidClosures: Boolean) {
  directions(locations: $locations, avoidLocations: $avoidLocations, avoidPolygons: $avoidPolygons, avoidClosures: $avoidClosures) {
    geometry distance duration steps { instruction name distance duration } avoidedClosureIds crossesClosureIds
  }
}`;
export const SEARCH_PLACES = `query($query: String!, $limit: Int) { searchPlaces(query: $query, limit: $limit) { name state lgaCode lgaName coordinate { lat lng } bbox } }`;

export const FORBES_TOWN = { lat: -33.3877, lng: 148.0083 };
export const PARKES_TOWN = { lat: -33.1375, lng: 148.1755 };
export const SYDNEY = { lat: -33.8688, lng: 151.2093 };
/** About 3 km of the Newell Highway north of Forbes, as snapToRoads draws it. */
export const NEWELL_NORTH: [number, number][] = [
  [148.064777, -33.319499],
  [148.067036, -33.317045],
  [148.075275, -33.311737],
  [148.080425, -33.306286],
  [148.082313, -33.303273],
  [148.083687, -33.296817],
];

export interface DirectionsResult {
  geometry: string;
  distance: number;
  duration: number;
  steps: { instruction: string; name: string | null; distance: number; duration: number }[];
  avoidedClosureIds: string[];
  crossesClosureIds: string[];
}

export async function directions(variables: Record<string, unknown>, auth: Auth = { apiKey: true }) {
  return gql<{ directions: DirectionsResult }>(DIRECTIONS, variables, auth);
}

/** Directions that must succeed. */
export async function route(variables: Record<string, unknown>, auth: Auth = { apiKey: true }): Promise<DirectionsResult> {
  const res = await directions(variables, auth);
  if (res.errors) throw new Error(`directions failed: ${JSON.stringify(res.errors)}`);
  return res.data!.directions;
}

const CLOSURE = `mutation($input: ClosureInput!) { createClosure(input: $input) { id view active } }`;
const DELETE = `mutation($id: ID!) { deleteClosure(id: $id) { id view } }`;

/** A flood closure in Forbes LGA on the given line, created by its closure administrator. */
export async function closeRoad(auth: Auth, line: [number, number][], extra: Record<string, unknown> = {}): Promise<{ id: string; view: string }> {
  const input = { lgaCode: '12900', type: 'flood', reason: 'Directions test', regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: line }) }], ...extra };
  const res = await gql<{ createClosure: { id: string; view: string } }>(CLOSURE, { input }, auth);
  if (res.errors) throw new Error(`createClosure failed: ${JSON.stringify(res.errors)}`);
  return res.data!.createClosure;
}

export async function deleteClosure(auth: Auth, id: string): Promise<void> {
  const res = await gql(DELETE, { id }, auth);
  if (res.errors) throw new Error(`deleteClosure failed: ${JSON.stringify(res.errors)}`);
}
