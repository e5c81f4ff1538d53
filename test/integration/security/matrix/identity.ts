// Matrix rows of identity: the caller's own account, access requests, role assignment, "please
// join" requests and demo personas. Account management needs account_manager and no paying
// customer, so it acts on the matrix's own councils (a paying one, and a cancelled one).
import { accessRequestId } from '../../../../lambdas/core/identity/staff-access';
import { createAccessRequest } from '../../../../lambdas/adapters/identity/staff';
import { db } from '../../../../lambdas/adapters/db/db';
import { unique } from '../../identity/support';
import { freshAccount, userAt, MATRIX_ACTIVE, MATRIX_CANCELED } from './callers';
import { freshLga } from './fixtures';
import { ACCOUNT_MANAGERS, EVERYONE, SIGNED_IN, outcomes, type Rows } from './types';

const ACCOUNTS = { roles: ['account_manager'], home: MATRIX_ACTIVE, exHome: MATRIX_CANCELED } as const;

/** A council with a mail domain: holding an address there is the "managed claim". */
const CLAIM_DOMAIN = `claim-${unique()}.tas.gov.example`;
let claimLga: Promise<string> | undefined;
const claimCouncil = () => (claimLga ??= freshLga({ emailSuffix: CLAIM_DOMAIN }));

/** A council no one has asked to join yet. */
let joinLga: Promise<string> | undefined;
const unjoinedCouncil = () => (joinLga ??= freshLga());

export const identityRows: Rows = {
  'Query.myProfile': { expected: SIGNED_IN, document: 'query { myProfile { uid } }' },
  'Query.myAccessRequests': { expected: SIGNED_IN, document: 'query { myAccessRequests { id } }' },
  'Query.accessRequests': {
    ...ACCOUNTS,
    expected: ACCOUNT_MANAGERS,
    document: 'query($c: String!) { accessRequests(lgaCode: $c) { pendingCount } }',
    call: (c) => ({ variables: { c: c.lga } }),
  },
  'Query.managers': { ...ACCOUNTS, expected: ACCOUNT_MANAGERS, document: 'query($c: String!) { managers(lgaCode: $c) { email } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.lgaRequest': { expected: EVERYONE, document: 'query($c: String!) { lgaRequest(lgaCode: $c) { signatoryCount } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Mutation.updateProfile': { expected: SIGNED_IN, document: 'mutation { updateProfile(input: { preferredName: "Matrix" }) { preferredName } }' },
  'Mutation.acceptTerms': { expected: SIGNED_IN, document: 'mutation { acceptTerms { acceptedTermsAt } }' },
  'Mutation.refreshMfaStatus': {
    expected: SIGNED_IN,
    document: 'mutation { refreshMfaStatus { totpEnrolled } }',
    note: "reads the caller's own user-pool account only (the username comes from the token)",
  },
  'Mutation.deleteAccount': {
    expected: SIGNED_IN,
    document: 'mutation { deleteAccount }',
    call: async (c) => ({ auth: await freshAccount(identityRows['Mutation.deleteAccount'], c) }),
    note: 'each cell deletes a fresh account of its kind',
  },
  'Mutation.requestLgaAccess': {
    expected: outcomes(['staff', 'admin'], 'Forbidden', { anonymous: 'Unauthorized', staffNoRole: 'Conflict', exCustomer: 'Conflict' }),
    document: 'mutation($c: String!) { requestLgaAccess(lgaCode: $c, roles: ["closure_administrator"]) { status } }',
    home: () => claimCouncil(),
    call: async (c) => ({ variables: { c: c.lga }, ...(c.caller === 'staff' ? { auth: await userAt(CLAIM_DOMAIN) } : {}) }),
    note: "'the role' is the managed claim: an address at the council's mail domain (the staff cell is such a user, not yet staff); staff of the council already have access (Conflict); admins hold the claim everywhere",
  },
  'Mutation.respondToAccessRequest': {
    ...ACCOUNTS,
    expected: ACCOUNT_MANAGERS,
    document: 'mutation($c: String!, $r: ID!) { respondToAccessRequest(lgaCode: $c, requestId: $r, decision: REJECT) { status } }',
    call: async (c) => {
      const request = { lgaCode: c.lga, uid: `matrix-requester-${unique()}`, requestedAt: Math.floor(Date.now() / 1000), email: `matrix-requester-${unique()}@matrix.example`, roles: ['media_comms_manager'] };
      if (!(await createAccessRequest(request))) throw new Error('access request not created');
      return { variables: { c: c.lga, r: accessRequestId(request) } };
    },
  },
  'Mutation.setManager': {
    ...ACCOUNTS,
    expected: ACCOUNT_MANAGERS,
    document: 'mutation($c: String!, $e: String!) { setManager(lgaCode: $c, email: $e, roles: ["submission_moderator"]) { email } }',
    call: (c) => ({ variables: { c: c.lga, e: `matrix-added-${unique()}@matrix.example` } }),
  },
  'Mutation.removeManager': {
    ...ACCOUNTS,
    expected: ACCOUNT_MANAGERS,
    document: 'mutation($c: String!, $e: String!) { removeManager(lgaCode: $c, email: $e) { email } }',
    call: async (c) => {
      const email = `matrix-leaving-${unique()}@matrix.example`;
      await db().entities.manager.put({ lgaCode: c.lga, email, roles: ['media_comms_manager'], addedBy: 'authorization-matrix' }).go();
      return { variables: { c: c.lga, e: email } };
    },
  },
  'Mutation.signLgaRequest': {
    expected: SIGNED_IN,
    document: 'mutation($c: String!) { signLgaRequest(lgaCode: $c) { signed } }',
    call: async () => ({ variables: { c: await unjoinedCouncil() } }),
  },
  'Mutation.demoSetActivePersona': {
    expected: outcomes([], 'Forbidden'),
    document: 'mutation { demoSetActivePersona(persona: PUBLIC) { token } }',
    note: 'outside demo mode nobody may (open to the API key so a demo visitor can pick a persona)',
  },
};
