// The seven callers of the communications authorization matrix
// (docs/security.md#threat-model-who-can-do-what): anonymous, resident, Forbes staff without
// media_comms_manager, Forbes staff with it (the demo staff account), another LGA's
// media_comms_manager, an ex-customer LGA's media_comms_manager, and admin.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureCognitoUser } from '../../../local/cognito';
import { DEMO_PASSWORD, gql, signIn, useStackTable, type Auth } from '../../support/api';
import { FORBES, PARKES, WEDDIN, closureInput, lineAt, type Role } from '../closures/support';

export { FORBES, WEDDIN };
export type { Role };

async function staffMember(email: string, lgaCode: string, roles: string[]): Promise<void> {
  const stack = inject('stack');
  const { sub } = await ensureCognitoUser(stack.ports.cognitoInternal, stack.userPoolId, { email, name: email.split('@')[0], password: DEMO_PASSWORD, groups: ['staff'] });
  const { db } = await import('../../../lambdas/adapters/db/db');
  const { createProfile } = await import('../../../lambdas/adapters/identity/principal');
  await createProfile(sub, email);
  await db().entities.manager.put({ lgaCode, email, roles: roles as never, addedBy: 'test' }).go();
}

let callers: Promise<Record<Role, Auth>> | undefined;

export function commsCallers(): Promise<Record<Role, Auth>> {
  callers ??= (async () => {
    useStackTable();
    const { db } = await import('../../../lambdas/adapters/db/db');
    await db().entities.customer.put({ lgaCode: WEDDIN, subscriptionStatus: 'canceled' }).go();
    const suffix = randomUUID().slice(0, 8);
    const emails = { staffNoRole: `closures-${suffix}@forbes.example`, otherLgaStaff: `comms-${suffix}@parkes.example`, exCustomer: `comms-${suffix}@weddin.example` };
    await staffMember(emails.staffNoRole, FORBES, ['closure_administrator', 'submission_moderator']);
    await staffMember(emails.otherLgaStaff, PARKES, ['media_comms_manager']);
    await staffMember(emails.exCustomer, WEDDIN, ['media_comms_manager', 'closure_administrator']);
    const [admin, staff, resident, staffNoRole, otherLgaStaff, exCustomer] = await Promise.all(
      ['admin@example.com', 'staff@forbes.example', 'resident@example.com', emails.staffNoRole, emails.otherLgaStaff, emails.exCustomer].map((e) => signIn(e)),
    );
    return {
      anonymous: { apiKey: true },
      resident: { token: resident.accessToken },
      staffNoRole: { token: staffNoRole.accessToken },
      staff: { token: staff.accessToken },
      otherLgaStaff: { token: otherLgaStaff.accessToken },
      exCustomer: { token: exCustomer.accessToken },
      admin: { token: admin.accessToken },
    };
  })();
  return callers;
}

/** A fresh Forbes closure (flood, closed) made by the demo staff account. */
export async function forbesClosure(auth: Auth, overrides: Record<string, unknown> = {}): Promise<{ id: string }> {
  // A box wholly inside Forbes (its north-east corner of the old box reached into Parkes and Lachlan,
  // about 1 in 18 calls, which the server rightly refuses).
  const lng = 147.6 + Math.random() * 0.3;
  const lat = -33.55 + Math.random() * 0.15;
  const res = await gql<{ createClosure: { id: string } }>(
    `mutation($input: ClosureInput!) { createClosure(input: $input) { id lgaCode } }`,
    { input: closureInput({ regions: [{ geometry: lineAt(lng, lat) }], ...overrides }) },
    auth,
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createClosure;
}

export const TASK = `id lgaCode name status closureIds posts { closureId text } error created initiated completed approved`;

/** The feeds and the map file promise to show a change within a minute; waits that long at most. */
export const FEED_FRESHNESS_MS = 60_000;

/** Reads until `done` holds or `withinMs` has passed (then returns the last value for the assertion to show). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = FEED_FRESHNESS_MS): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}
