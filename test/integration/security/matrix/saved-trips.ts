// Matrix rows of saved trips: each acts on the caller's own trips only, so any signed-in caller
// may, whatever their roles or council; anonymous callers are refused.
import { gql } from '../../../support/api';
import { SIGNED_IN, type Cell, type Rows } from './types';

const TRIP = { places: [{ lat: -33.3877, lng: 148.0083, label: 'Forbes, NSW' }, { lat: -33.4275, lng: 148.3717, label: 'Eugowra, NSW' }] };
const SAVE = 'mutation($input: SavedTripInput!) { saveTrip(input: $input) { id } }';

/** The caller's own trip (saved again if need be: the same places are one trip); a made-up id for anonymous. */
async function ownTrip(c: Cell): Promise<string> {
  if (!c.user) return 'a'.repeat(24);
  const res = await gql<{ saveTrip: { id: string }[] }>(SAVE, { input: TRIP }, c.auth);
  if (res.errors) throw new Error(`saveTrip failed: ${JSON.stringify(res.errors)}`);
  return res.data!.saveTrip[0].id;
}

export const savedTripRows: Rows = {
  'Query.savedTrips': { expected: SIGNED_IN, document: 'query { savedTrips { id name } }' },
  'Mutation.saveTrip': { expected: SIGNED_IN, document: SAVE, call: () => ({ variables: { input: TRIP } }), lock: 'savedTrips' },
  'Mutation.setSavedTripChannels': {
    expected: SIGNED_IN,
    document: 'mutation($input: SavedTripChannelsInput!) { setSavedTripChannels(input: $input) { id email } }',
    call: async (c) => ({ variables: { input: { id: await ownTrip(c), email: 'OFF' } } }),
    lock: 'savedTrips',
  },
  'Mutation.deleteSavedTrip': {
    expected: SIGNED_IN,
    document: 'mutation($id: ID!) { deleteSavedTrip(id: $id) { id } }',
    call: async (c) => ({ variables: { id: await ownTrip(c) } }),
    lock: 'savedTrips',
  },
};
