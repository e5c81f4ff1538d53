// Shared pieces of the closures integration tests: the seven callers of the authorization matrix
// (docs/security.md#threat-model-who-can-do-what), closure inputs on real Forbes roads and the
// GraphQL documents.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureCognitoUser } from '../../../local/cognito';
import { DEMO_PASSWORD, gql, signIn, useStackTable, type Auth } from '../../support/api';

export const FORBES = '12900';
/** Staff of another LGA (no customer needed to be refused in Forbes). */
export const PARKES = '16200';
/** An LGA whose subscription was cancelled: its closure administrators are ex-customers. */
export const WEDDIN = '18100';

export const CLOSURE_FIELDS = `id lgaCode active condition view scheduled type { value text } reason position { lat lng } geohash
  formattedAddress nearestLocation { name distance location { lat lng } } regions { id geometry createdAt updatedAt }
  scheduledFor estimatedReopening openedAt archivedAt deletedAt createdAt updatedAt subscriberCount mediaIds`;

export const CREATE = `mutation($input: ClosureInput!) { createClosure(input: $input) { ${CLOSURE_FIELDS} } }`;
export const UPDATE = `mutation($id: ID!, $input: ClosureInput!) { updateClosure(id: $id, input: $input) { ${CLOSURE_FIELDS} } }`;
export const REOPEN = `mutation($id: ID!) { reopenClosure(id: $id) { ${CLOSURE_FIELDS} } }`;
export const DELETE = `mutation($id: ID!) { deleteClosure(id: $id) { ${CLOSURE_FIELDS} } }`;
export const RESTORE = `mutation($id: ID!) { restoreClosure(id: $id) { ${CLOSURE_FIELDS} } }`;
export const DELETE_REGION = `mutation($closureId: ID!, $regionId: ID!) { deleteClosureRegion(closureId: $closureId, regionId: $regionId) { ${CLOSURE_FIELDS} } }`;
export const GET = `query($id: ID!) { closure(id: $id) { ${CLOSURE_FIELDS} } }`;
export const IN_BOUNDS = `query($bounds: BoundsInput!, $includeScheduled: Boolean) { closuresInBounds(bounds: $bounds, includeScheduled: $includeScheduled) { id lgaCode view condition } }`;
export const BY_LGA = `query($lgaCode: String!, $view: ClosureView, $limit: Int, $nextToken: String) { closuresByLga(lgaCode: $lgaCode, view: $view, limit: $limit, nextToken: $nextToken) { items { id view updatedAt estimatedReopening } nextToken count } }`;
export const ACTIVITIES = `query($id: ID!) { closureActivities(id: $id) { id timestamp action user { uid email } payload } }`;

/** A stretch of the Newell Highway south-west of Forbes (on the road graph). */
export const NEWELL: [number, number][] = [
  [147.92986, -33.42686],
  [147.944298, -33.416541],
  [147.952366, -33.411383],
];

/** A small line near (lng, lat): unique per test so viewport queries see only their own closures. */
export function lineAt(lng: number, lat: number, length = 0.002): string {
  return JSON.stringify({ type: 'LineString', coordinates: [[lng, lat], [lng + length, lat + length / 2]] });
}

export function closureInput(overrides: Record<string, unknown> = {}) {
  return {
    lgaCode: FORBES,
    type: 'flood',
    reason: 'Water over the road',
    regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: NEWELL }) }],
    ...overrides,
  };
}

export type Role = 'anonymous' | 'resident' | 'staffNoRole' | 'staff' | 'otherLgaStaff' | 'exCustomer' | 'admin';
export const ROLES: Role[] = ['anonymous', 'resident', 'staffNoRole', 'staff', 'otherLgaStaff', 'exCustomer', 'admin'];

export interface Callers {
  auth: Record<Role, Auth>;
  uid: Partial<Record<Role, string>>;
}

let callers: Promise<Callers> | undefined;

async function ensureStaff(email: string, lgaCode: string, roles: string[]): Promise<string> {
  const stack = inject('stack');
  const { sub } = await ensureCognitoUser(stack.ports.cognitoInternal, stack.userPoolId, {
    email,
    name: email.split('@')[0],
    password: DEMO_PASSWORD,
    groups: ['staff'],
  });
  const { db } = await import('../../../lambdas/adapters/db/db');
  const { createProfile } = await import('../../../lambdas/adapters/identity/principal');
  await createProfile(sub, email);
  await db().entities.manager.put({ lgaCode, email, roles: roles as never, addedBy: 'test' }).go();
  return sub;
}

/** The seven callers, created once per test file (unique emails per run of the stack). */
export function matrixCallers(): Promise<Callers> {
  callers ??= (async () => {
    useStackTable();
    const { db } = await import('../../../lambdas/adapters/db/db');
    await db().entities.customer.put({ lgaCode: WEDDIN, subscriptionStatus: 'canceled' }).go();
    const suffix = randomUUID().slice(0, 8);
    const emails = {
      staffNoRole: `moderator-${suffix}@forbes.example`,
      otherLgaStaff: `closures-${suffix}@parkes.example`,
      exCustomer: `closures-${suffix}@weddin.example`,
    };
    const uid: Callers['uid'] = {
      staffNoRole: await ensureStaff(emails.staffNoRole, FORBES, ['submission_moderator', 'media_comms_manager']),
      otherLgaStaff: await ensureStaff(emails.otherLgaStaff, PARKES, ['closure_administrator']),
      exCustomer: await ensureStaff(emails.exCustomer, WEDDIN, ['closure_administrator']),
    };
    const [admin, staff, resident, staffNoRole, otherLgaStaff, exCustomer] = await Promise.all([
      signIn('admin@example.com'),
      signIn('staff@forbes.example'),
      signIn('resident@example.com'),
      signIn(emails.staffNoRole),
      signIn(emails.otherLgaStaff),
      signIn(emails.exCustomer),
    ]);
    return {
      uid,
      auth: {
        anonymous: { apiKey: true },
        resident: { token: resident.accessToken },
        staffNoRole: { token: staffNoRole.accessToken },
        staff: { token: staff.accessToken },
        otherLgaStaff: { token: otherLgaStaff.accessToken },
        exCustomer: { token: exCustomer.accessToken },
        admin: { token: admin.accessToken },
      },
    };
  })();
  return callers;
}

export async function createClosure(auth: Auth, overrides: Record<string, unknown> = {}) {
  const res = await gql<{ createClosure: any }>(CREATE, { input: closureInput(overrides) }, auth);
  if (res.errors) throw new Error(`createClosure failed: ${JSON.stringify(res.errors)}`);
  return res.data!.createClosure;
}

export const errorOf = (res: { errors?: { errorType?: string; message: string }[] }) => res.errors?.[0];
