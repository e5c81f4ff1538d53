// The authorization matrix (docs/security.md#threat-model-who-can-do-what) of every closure
// operation: anonymous, resident, staff without closure_administrator, staff with it, staff of
// another LGA, ex-customer staff (their own LGA's subscription cancelled) and admin. Refused calls
// must change nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable, type Auth } from '../../support/api';
import {
  BY_LGA,
  FORBES,
  ROLES,
  WEDDIN,
  closureInput,
  createClosure,
  errorOf,
  lineAt,
  matrixCallers,
  type Callers,
  type Role,
} from './support';

let c: Callers;

type Outcome = 'ok' | 'Unauthorized' | 'Forbidden' | 'PaymentRequired';
const STAFF_ONLY: Record<Role, Outcome> = {
  anonymous: 'Unauthorized',
  resident: 'Forbidden',
  staffNoRole: 'Forbidden',
  staff: 'ok',
  otherLgaStaff: 'Forbidden',
  exCustomer: 'PaymentRequired',
  admin: 'ok',
};

/** Ex-customer staff act on their own (cancelled) LGA; everyone else on Forbes. */
const lgaOf = (role: Role) => (role === 'exCustomer' ? WEDDIN : FORBES);
const placeOf = (role: Role): [number, number] => (role === 'exCustomer' ? [148.0, -33.87] : [147.6 + Math.random() * 0.37, -33.5 + Math.random() * 0.19]);

async function adminClosure(role: Role, extra: Record<string, unknown> = {}) {
  return createClosure(c.auth.admin, { lgaCode: lgaOf(role), regions: [{ geometry: lineAt(...placeOf(role)) }], ...extra });
}

async function adminUpload(closureId?: string, auth = c.auth.admin): Promise<string> {
  const res = await gql<{ createMediaUpload: any }>(
    `mutation($i: MediaUploadInput!) { createMediaUpload(input: $i) { media { id } } }`,
    { i: { contentType: 'image/png', size: 1000, closureId } },
    auth,
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createMediaUpload.media.id;
}

async function versionOf(id: string): Promise<number | undefined> {
  const { getClosure } = await import('../../../lambdas/adapters/closures/store');
  return (await getClosure(id))?.version;
}

interface Operation {
  document: string;
  /** Builds the variables for one caller (fresh closures, so successes do not interfere). */
  prepare(role: Role): Promise<{ variables: Record<string, unknown>; closureId?: string }>;
  expected: Record<Role, Outcome>;
}

const CL = `{ id lgaCode }`;
const OPERATIONS: Record<string, Operation> = {
  createClosure: {
    document: `mutation($input: ClosureInput!) { createClosure(input: $input) ${CL} }`,
    prepare: async (role) => ({ variables: { input: closureInput({ lgaCode: lgaOf(role), regions: [{ geometry: lineAt(...placeOf(role)) }] }) } }),
    expected: STAFF_ONLY,
  },
  updateClosure: {
    document: `mutation($id: ID!, $input: ClosureInput!) { updateClosure(id: $id, input: $input) ${CL} }`,
    prepare: async (role) => {
      const closure = await adminClosure(role);
      const input = closureInput({ lgaCode: closure.lgaCode, type: 'hazard', regions: [{ id: closure.regions[0].id, geometry: closure.regions[0].geometry }] });
      return { variables: { id: closure.id, input }, closureId: closure.id };
    },
    expected: STAFF_ONLY,
  },
  reopenClosure: {
    document: `mutation($id: ID!) { reopenClosure(id: $id) ${CL} }`,
    prepare: async (role) => {
      const closure = await adminClosure(role);
      return { variables: { id: closure.id }, closureId: closure.id };
    },
    expected: STAFF_ONLY,
  },
  deleteClosure: {
    document: `mutation($id: ID!) { deleteClosure(id: $id) ${CL} }`,
    prepare: async (role) => {
      const closure = await adminClosure(role);
      return { variables: { id: closure.id }, closureId: closure.id };
    },
    expected: STAFF_ONLY,
  },
  restoreClosure: {
    document: `mutation($id: ID!) { restoreClosure(id: $id) ${CL} }`,
    prepare: async (role) => {
      const closure = await adminClosure(role);
      await gql(`mutation($id: ID!) { deleteClosure(id: $id) { id } }`, { id: closure.id }, c.auth.admin);
      return { variables: { id: closure.id }, closureId: closure.id };
    },
    expected: STAFF_ONLY,
  },
  deleteClosureRegion: {
    document: `mutation($closureId: ID!, $regionId: ID!) { deleteClosureRegion(closureId: $closureId, regionId: $regionId) ${CL} }`,
    prepare: async (role) => {
      const [lng, lat] = placeOf(role);
      const closure = await adminClosure(role, { regions: [{ geometry: lineAt(lng, lat) }, { geometry: lineAt(lng + 0.01, lat) }] });
      return { variables: { closureId: closure.id, regionId: closure.regions[1].id }, closureId: closure.id };
    },
    expected: STAFF_ONLY,
  },
  attachClosureMedia: {
    document: `mutation($closureId: ID!, $mediaId: ID!) { attachClosureMedia(closureId: $closureId, mediaId: $mediaId) ${CL} }`,
    prepare: async (role) => {
      const closure = await adminClosure(role);
      // The caller's own upload (staff attach only their own or photos published in the LGA).
      const mediaId = await adminUpload(undefined, role === 'anonymous' ? c.auth.admin : c.auth[role]);
      return { variables: { closureId: closure.id, mediaId }, closureId: closure.id };
    },
    expected: STAFF_ONLY,
  },
  detachClosureMedia: {
    document: `mutation($closureId: ID!, $mediaId: ID!) { detachClosureMedia(closureId: $closureId, mediaId: $mediaId) ${CL} }`,
    prepare: async (role) => {
      const closure = await adminClosure(role);
      return { variables: { closureId: closure.id, mediaId: await adminUpload(closure.id) }, closureId: closure.id };
    },
    expected: STAFF_ONLY,
  },
  createMediaUploadForClosure: {
    document: `mutation($i: MediaUploadInput!) { createMediaUpload(input: $i) { url closureId media { id } } }`,
    prepare: async (role) => {
      const closure = await adminClosure(role);
      return { variables: { i: { contentType: 'image/jpeg', size: 2048, closureId: closure.id } }, closureId: closure.id };
    },
    expected: STAFF_ONLY,
  },
  closuresByLga: {
    document: BY_LGA,
    prepare: async (role) => ({ variables: { lgaCode: lgaOf(role), view: 'ACTIVE', limit: 5 } }),
    expected: STAFF_ONLY,
  },
  closureActivities: {
    document: `query($id: ID!) { closureActivities(id: $id) { action } }`,
    prepare: async (role) => ({ variables: { id: (await adminClosure(role)).id } }),
    expected: STAFF_ONLY,
  },
  dashboard: {
    document: `query($l: String!) { dashboard(lgaCode: $l) { overdueCount closureCounts { active } } }`,
    prepare: async (role) => ({ variables: { l: lgaOf(role) } }),
    expected: STAFF_ONLY,
  },
  snapToRoads: {
    document: `query($p: [CoordinateInput!]!) { snapToRoads(points: $p) { distance } }`,
    prepare: async () => ({ variables: { p: [{ lat: -33.42686, lng: 147.92986 }, { lat: -33.41147, lng: 147.95997 }] } }),
    expected: { ...Object.fromEntries(ROLES.map((r) => [r, 'ok'])), anonymous: 'Unauthorized' } as Record<Role, Outcome>,
  },
  closuresInBounds: {
    document: `query($b: BoundsInput!) { closuresInBounds(bounds: $b) { id } }`,
    prepare: async () => ({ variables: { b: { west: 147.9, south: -33.45, east: 148.0, north: -33.4 } } }),
    expected: Object.fromEntries(ROLES.map((r) => [r, 'ok'])) as Record<Role, Outcome>,
  },
  reverseGeocode: {
    document: `query { reverseGeocode(lat: -33.41147, lng: 147.95997) }`,
    prepare: async () => ({ variables: {} }),
    expected: Object.fromEntries(ROLES.map((r) => [r, 'ok'])) as Record<Role, Outcome>,
  },
};

beforeAll(async () => {
  useStackTable();
  c = await matrixCallers();
});

describe.each(Object.entries(OPERATIONS))('%s', (_name, op) => {
  it.each(ROLES)('as %s', async (role) => {
    const { variables, closureId } = await op.prepare(role);
    const before = closureId ? await versionOf(closureId) : undefined;
    const auth: Auth = c.auth[role];
    const res = await gql(op.document, variables, auth);
    const expected = op.expected[role];
    if (expected === 'ok') {
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      expect(Object.values(res.data ?? {})[0]).not.toBeNull();
      return;
    }
    expect(errorOf(res)?.errorType).toBe(expected);
    if (expected === 'Forbidden') expect(errorOf(res)?.message).toBe('You do not have permission to view this resource');
    if (expected === 'PaymentRequired') expect(errorOf(res)?.message).toBe('LGA does not have an active subscription');
    if (closureId) expect(await versionOf(closureId)).toBe(before);
  });
});

describe('closure(id) visibility', () => {
  it('shows active closures to everyone, deleted ones only to staff of that LGA and admins', async () => {
    const active = await adminClosure('staff');
    const deleted = await adminClosure('staff');
    await gql(`mutation($id: ID!) { deleteClosure(id: $id) { id } }`, { id: deleted.id }, c.auth.admin);
    const read = (id: string, role: Role) => gql<{ closure: any }>(`query($id: ID!) { closure(id: $id) { id view } }`, { id }, c.auth[role]);
    for (const role of ROLES) {
      expect((await read(active.id, role)).data!.closure.id).toBe(active.id);
      const res = await read(deleted.id, role);
      if (['staff', 'staffNoRole', 'admin'].includes(role)) expect(res.data!.closure.view, role).toBe('DELETED');
      else expect(errorOf(res)?.errorType, role).toBe('NotFound');
    }
  });
});
