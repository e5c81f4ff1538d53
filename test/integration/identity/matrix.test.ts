// The authorization matrix (docs/security.md#threat-model-who-can-do-what) for every identity
// operation: one test per cell of {anonymous, resident, staff without the role, staff with the
// role, staff of another LGA, ex-customer staff, admin}. "The role" is account_manager for account
// management, the managed claim (the council's mail domain) for requestLgaAccess, and being signed
// in for the rest. Ex-customer staff act on their own LGA, whose subscription was cancelled;
// everyone else on A.
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../../lambdas/core/access';
import { db } from '../../../lambdas/adapters/db/db';
import { createAccessRequest } from '../../../lambdas/adapters/identity/staff';
import { accessRequestId } from '../../../lambdas/core/identity/staff-access';
import { useStackTable } from '../../support/api';
import { call, createUser, outcomeOf, prepareLga, unique, type Outcome, type TestUser } from './support';

const CELLS = ['anonymous', 'resident', 'staffWithoutRole', 'staffWithRole', 'staffOfAnotherLga', 'exCustomerStaff', 'admin'] as const;
type Cell = (typeof CELLS)[number];

// Western Australian LGAs that no other test uses.
const A = '50080';
const B = '50210';
const EX = '50250';
const A_DOMAIN = 'matrix-a.wa.gov.example';

const ALL_BUT_ACCOUNT_MANAGER = STAFF_ROLES.filter((r) => r !== 'account_manager') as StaffRole[];
const lgaOf = (cell: Cell) => (cell === 'exCustomerStaff' ? EX : A);

async function makeUser(cell: Exclude<Cell, 'anonymous'>): Promise<TestUser> {
  const id = unique();
  switch (cell) {
    case 'resident':
      return createUser({ email: `resident.${id}@example.com`, lgaCode: A });
    case 'staffWithoutRole':
      return createUser({ email: `without.${id}@example.com`, manages: [{ lgaCode: A, roles: ALL_BUT_ACCOUNT_MANAGER }] });
    case 'staffWithRole':
      return createUser({ email: `am.${id}@example.com`, manages: [{ lgaCode: A, roles: ['account_manager'] }] });
    case 'staffOfAnotherLga':
      return createUser({ email: `other.${id}@example.com`, manages: [{ lgaCode: B, roles: [...STAFF_ROLES] }] });
    case 'exCustomerStaff':
      return createUser({ email: `ex.${id}@example.com`, manages: [{ lgaCode: EX, roles: [...STAFF_ROLES] }] });
    case 'admin':
      return createUser({ email: `admin.${id}@example.com`, admin: true });
  }
}

const users = {} as Record<Exclude<Cell, 'anonymous'>, TestUser>;
const userOf = (cell: Cell) => (cell === 'anonymous' ? null : users[cell]);

beforeAll(async () => {
  useStackTable();
  await prepareLga(A, 'active', A_DOMAIN);
  await prepareLga(B, 'active');
  await prepareLga(EX, 'canceled');
  for (const cell of CELLS) if (cell !== 'anonymous') users[cell] = await makeUser(cell);
}, 120_000);

const expectations = (ok: Cell[], otherwise: Outcome, overrides: Partial<Record<Cell, Outcome>> = {}) =>
  Object.fromEntries(CELLS.map((cell) => [cell, overrides[cell] ?? (ok.includes(cell) ? 'ok' : otherwise)])) as Record<Cell, Outcome>;

const ACCOUNT_MANAGERS: Cell[] = ['staffWithRole', 'exCustomerStaff', 'admin'];
const SIGNED_IN: Cell[] = ['resident', 'staffWithoutRole', 'staffWithRole', 'staffOfAnotherLga', 'exCustomerStaff', 'admin'];
const accountManagement = expectations(ACCOUNT_MANAGERS, 'Forbidden', { anonymous: 'Unauthorized' });
const signedIn = expectations(SIGNED_IN, 'Unauthorized');

interface Operation {
  name: string;
  expected: Record<Cell, Outcome>;
  run(cell: Cell, user: TestUser | null): Promise<{ outcome: Outcome; data: any }>;
}

const run = async (query: string, variables: Record<string, unknown>, user: TestUser | null) => {
  const res = await call(query, variables, user);
  return { outcome: outcomeOf(res), data: res.data };
};

const operations: Operation[] = [
  {
    name: 'myProfile',
    expected: signedIn,
    run: (_cell, user) => run('query { myProfile { uid email } }', {}, user),
  },
  {
    name: 'updateProfile',
    expected: signedIn,
    run: (_cell, user) => run('mutation($i: ProfileInput!) { updateProfile(input: $i) { preferredName } }', { i: { preferredName: 'Matrix' } }, user),
  },
  {
    name: 'acceptTerms',
    expected: signedIn,
    run: (_cell, user) => run('mutation { acceptTerms { acceptedTermsAt } }', {}, user),
  },
  {
    name: 'deleteAccount',
    expected: signedIn,
    // Each cell deletes a fresh account of its kind.
    run: async (cell) => run('mutation { deleteAccount }', {}, cell === 'anonymous' ? null : await makeUser(cell)),
  },
  {
    name: 'myAccessRequests',
    expected: signedIn,
    run: (_cell, user) => run('query { myAccessRequests { id } }', {}, user),
  },
  {
    name: 'requestLgaAccess',
    expected: expectations(['admin'], 'Forbidden', {
      anonymous: 'Unauthorized',
      staffWithoutRole: 'Conflict',
      staffWithRole: 'Conflict',
      exCustomerStaff: 'Conflict',
    }),
    run: (cell, user) => run('mutation($c: String!) { requestLgaAccess(lgaCode: $c, roles: []) { id status } }', { c: lgaOf(cell) }, user),
  },
  {
    name: 'accessRequests',
    expected: accountManagement,
    run: (cell, user) => run('query($c: String!) { accessRequests(lgaCode: $c) { pendingCount items { id } } }', { c: lgaOf(cell) }, user),
  },
  {
    name: 'respondToAccessRequest',
    expected: accountManagement,
    run: async (cell, user) => {
      const request = { lgaCode: lgaOf(cell), uid: `requester-${unique()}`, requestedAt: Math.floor(Date.now() / 1000), email: `req.${unique()}@example.com`, roles: ['media_comms_manager'] };
      expect(await createAccessRequest(request)).toBe(true);
      return run(
        'mutation($c: String!, $r: ID!) { respondToAccessRequest(lgaCode: $c, requestId: $r, decision: ACCEPT) { status grantedRoles } }',
        { c: request.lgaCode, r: accessRequestId(request) },
        user,
      );
    },
  },
  {
    name: 'managers',
    expected: accountManagement,
    run: (cell, user) => run('query($c: String!) { managers(lgaCode: $c) { email roles } }', { c: lgaOf(cell) }, user),
  },
  {
    name: 'setManager',
    expected: accountManagement,
    run: (cell, user) =>
      run('mutation($c: String!, $e: String!) { setManager(lgaCode: $c, email: $e, roles: ["submission_moderator"]) { email roles } }', { c: lgaOf(cell), e: `added.${unique()}@example.com` }, user),
  },
  {
    name: 'removeManager',
    expected: accountManagement,
    run: async (cell, user) => {
      const email = `leaving.${unique()}@example.com`;
      await db().entities.manager.put({ lgaCode: lgaOf(cell), email, roles: ['media_comms_manager'], addedBy: 'test' }).go();
      return run('mutation($c: String!, $e: String!) { removeManager(lgaCode: $c, email: $e) { email } }', { c: lgaOf(cell), e: email }, user);
    },
  },
  {
    name: 'signLgaRequest',
    expected: signedIn,
    run: (_cell, user) => run('mutation($c: String!) { signLgaRequest(lgaCode: $c) { signatoryCount signed } }', { c: B }, user),
  },
  {
    name: 'lgaRequest',
    expected: expectations([...CELLS], 'ok'),
    run: (_cell, user) => run('query($c: String!) { lgaRequest(lgaCode: $c) { signatoryCount signed } }', { c: A }, user),
  },
  {
    name: 'demoSetActivePersona (this deployment is not in demo mode)',
    expected: expectations([], 'Forbidden'),
    run: (_cell, user) => run('mutation { demoSetActivePersona(persona: PUBLIC) { token } }', {}, user),
  },
];

describe.each(operations)('$name', (operation) => {
  it.each(CELLS)('%s', async (cell) => {
    const { outcome, data } = await operation.run(cell, userOf(cell));
    expect(outcome).toBe(operation.expected[cell]);
    if (outcome === 'ok') expect(Object.values(data ?? {})[0]).not.toBeNull();
  });
});

describe('requestLgaAccess: the claim holder (not staff, email at the council domain)', () => {
  it('may ask, and the request waits for an account manager', async () => {
    const officer = await createUser({ email: `officer.${unique()}@${A_DOMAIN}` });
    const res = await call('mutation($c: String!) { requestLgaAccess(lgaCode: $c, roles: ["closure_administrator"]) { status roles } }', { c: A }, officer);
    expect(res.errors).toBeUndefined();
    expect(res.data!.requestLgaAccess).toEqual({ status: 'pending', roles: ['closure_administrator'] });
  });
});
