// Matrix rows of closures, photos and directions: the public map's reads, the closure
// administrators' lists and changes (on Forbes, a paying customer; the ex-customer on Weddin),
// photo uploads, and the road tools.
import { matrixAdmin, matrixResident } from './callers';
import { closureIn, closureInput, deletedClosureIn, forCell, sharedClosure, upload } from './fixtures';
import { EVERYONE, OWNER_OR_ADMIN, SIGNED_IN, STAFF_WITH_ROLE, type Cell, type Row, type Rows } from './types';

const CLOSURE_ADMINISTRATORS = { roles: ['closure_administrator'], expected: STAFF_WITH_ROLE } as const satisfies Partial<Row>;
const residentAuth = async () => ({ token: (await matrixResident()).token });
/** The caller's own upload; anonymous callers cannot upload, so theirs is the admin's. */
const ownUpload = async (c: Cell) => upload(c.caller === 'anonymous' ? await matrixAdmin() : c.auth);
const ON_NEWELL = [{ lat: -33.42686, lng: 147.92986 }, { lat: -33.41147, lng: 147.95997 }];

export const closureRows: Rows = {
  'Query.closuresInBounds': {
    expected: EVERYONE,
    document: 'query($b: BoundsInput!) { closuresInBounds(bounds: $b) { id } }',
    call: () => ({ variables: { b: { west: 148.0, south: -33.55, east: 148.2, north: -33.45 } } }),
  },
  'Query.closure': {
    expected: EVERYONE,
    document: 'query($id: ID!) { closure(id: $id) { id } }',
    call: async (c) => ({ variables: { id: (await sharedClosure(c.lga)).id } }),
    note: 'an active closure; deleted and archived ones only for the LGA staff (closures/authorization.test.ts)',
  },
  'Query.closuresByLga': {
    ...CLOSURE_ADMINISTRATORS,
    document: 'query($c: String!) { closuresByLga(lgaCode: $c, limit: 5) { count } }',
    call: (c) => ({ variables: { c: c.lga } }),
  },
  'Query.closureActivities': {
    ...CLOSURE_ADMINISTRATORS,
    document: 'query($id: ID!) { closureActivities(id: $id) { action } }',
    call: async (c) => ({ variables: { id: (await sharedClosure(c.lga)).id } }),
  },
  'Query.dashboard': { ...CLOSURE_ADMINISTRATORS, document: 'query($c: String!) { dashboard(lgaCode: $c) { overdueCount } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.snapToRoads': { expected: SIGNED_IN, document: 'query($p: [CoordinateInput!]!) { snapToRoads(points: $p) { distance } }', call: () => ({ variables: { p: ON_NEWELL } }) },
  'Query.reverseGeocode': { expected: EVERYONE, document: 'query { reverseGeocode(lat: -33.41147, lng: 147.95997) }' },
  'Query.media': {
    expected: OWNER_OR_ADMIN,
    document: 'query($id: ID!) { media(id: $id) { id } }',
    call: async () => ({ variables: { id: await upload(await residentAuth()) } }),
    note: "the resident's upload: the uploader or an admin",
  },
  'Mutation.createClosure': {
    ...CLOSURE_ADMINISTRATORS,
    document: 'mutation($i: ClosureInput!) { createClosure(input: $i) { id } }',
    call: (c) => ({ variables: { i: closureInput(c.lga) } }),
  },
  'Mutation.updateClosure': {
    ...CLOSURE_ADMINISTRATORS,
    document: 'mutation($id: ID!, $i: ClosureInput!) { updateClosure(id: $id, input: $i) { id } }',
    call: async (c) => {
      const closure = await forCell(c, 'updateClosure', () => closureIn(c.lga));
      const region = closure.regions[0];
      return { variables: { id: closure.id, i: { lgaCode: c.lga, type: 'hazard', reason: 'Updated (matrix)', regions: [{ id: region.id, geometry: region.geometry }] } } };
    },
  },
  'Mutation.reopenClosure': { ...CLOSURE_ADMINISTRATORS, document: 'mutation($id: ID!) { reopenClosure(id: $id) { id } }', call: async (c) => ({ variables: { id: (await forCell(c, 'reopenClosure', () => closureIn(c.lga))).id } }) },
  'Mutation.deleteClosure': { ...CLOSURE_ADMINISTRATORS, document: 'mutation($id: ID!) { deleteClosure(id: $id) { id } }', call: async (c) => ({ variables: { id: (await forCell(c, 'deleteClosure', () => closureIn(c.lga))).id } }) },
  'Mutation.restoreClosure': { ...CLOSURE_ADMINISTRATORS, document: 'mutation($id: ID!) { restoreClosure(id: $id) { id } }', call: async (c) => ({ variables: { id: (await forCell(c, 'restoreClosure', () => deletedClosureIn(c.lga))).id } }) },
  'Mutation.deleteClosureRegion': {
    ...CLOSURE_ADMINISTRATORS,
    document: 'mutation($c: ID!, $r: ID!) { deleteClosureRegion(closureId: $c, regionId: $r) { id } }',
    call: async (c) => {
      const closure = await forCell(c, 'deleteClosureRegion', () => closureIn(c.lga, 2));
      return { variables: { c: closure.id, r: closure.regions[1].id } };
    },
  },
  'Mutation.attachClosureMedia': {
    ...CLOSURE_ADMINISTRATORS,
    document: 'mutation($c: ID!, $m: ID!) { attachClosureMedia(closureId: $c, mediaId: $m) { id } }',
    call: async (c) => ({ variables: { c: (await forCell(c, 'attachClosureMedia', () => closureIn(c.lga))).id, m: await ownUpload(c) } }),
    note: "the caller's own upload; someone else's is refused (security/media-ownership.test.ts)",
  },
  'Mutation.detachClosureMedia': {
    ...CLOSURE_ADMINISTRATORS,
    document: 'mutation($c: ID!, $m: ID!) { detachClosureMedia(closureId: $c, mediaId: $m) { id } }',
    call: async (c) => {
      const { closure, mediaId } = await forCell(c, 'detachClosureMedia', async () => {
        const closure = await closureIn(c.lga);
        return { closure, mediaId: await upload(await matrixAdmin(), closure.id) };
      });
      return { variables: { c: closure.id, m: mediaId } };
    },
  },
  'Mutation.createMediaUpload': {
    expected: SIGNED_IN,
    document: 'mutation { createMediaUpload(input: { contentType: "image/jpeg", size: 2048 }) { media { id } } }',
    note: 'an upload for nothing yet; for a closure only its administrators (closures/authorization.test.ts)',
  },
  'Mutation.removeMedia': {
    expected: OWNER_OR_ADMIN,
    document: 'mutation($id: ID!) { removeMedia(id: $id) }',
    call: async () => ({ variables: { id: await upload(await residentAuth()) } }),
    note: "a fresh upload of the resident's per cell: the uploader or an admin",
  },
  'Subscription.onClosureChanged': { expected: EVERYONE, document: 'subscription($c: String) { onClosureChanged(lgaCode: $c) { id lgaCode } }', call: (c) => ({ variables: { c: c.lga } }) },

  // --- directions ---
  'Query.directions': {
    expected: EVERYONE,
    document: 'query($l: [CoordinateInput!]!) { directions(locations: $l) { distance } }',
    call: () => ({ variables: { l: ON_NEWELL } }),
  },
  'Query.searchPlaces': { expected: EVERYONE, document: 'query { searchPlaces(query: "Forbes", limit: 1) { name } }' },
};
