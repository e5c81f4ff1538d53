// Matrix rows of watch zones: each acts on the caller's own areas (keys built from the signed-in
// caller), so any signed-in caller may, whatever their roles or council; anonymous may not.
import { SIGNED_IN, type Rows } from './types';

/** A 2 km square in Forbes. */
const SQUARE = [
  { lng: 148.0, lat: -33.4 },
  { lng: 148.02, lat: -33.4 },
  { lng: 148.02, lat: -33.38 },
  { lng: 148.0, lat: -33.38 },
];

export const watchZoneRows: Rows = {
  'Query.watchZones': { expected: SIGNED_IN, document: 'query { watchZones { id name } }', note: "the caller's own areas" },
  'Mutation.saveWatchZone': {
    expected: SIGNED_IN,
    document: 'mutation($i: WatchZoneInput!) { saveWatchZone(input: $i) { id } }',
    // One id per caller: a second run replaces the area rather than adding one.
    call: (c) => ({ variables: { i: { id: `matrix-zone-${c.caller}`, name: 'Matrix', polygon: SQUARE } } }),
    note: "the caller's own areas (saving the same id again replaces it)",
  },
  'Mutation.deleteWatchZone': {
    expected: SIGNED_IN,
    document: 'mutation { deleteWatchZone(id: "matrix-zone-none") { id } }',
    note: "the caller's own areas; one already gone changes nothing",
  },
};
