// The seven callers of the authorization matrix, made fresh for each run on the test stack:
// anonymous (the API key), a resident, staff of the row's LGA without and with the role the
// operation needs, staff (every role) of another LGA, staff (every role) of a council whose
// subscription was cancelled acting on that council, and an administrator. A staff member is made
// staff of a row's LGA when a row first needs it, so one account serves every row.
import { STAFF_ROLES, type StaffRole } from '../../../../lambdas/core/access';
import { db } from '../../../../lambdas/adapters/db/db';
import { useStackTable, type Auth } from '../../../support/api';
import { createUser, prepareLga, unique, type TestUser } from '../../identity/support';
import type { Caller, Cell, Row } from './types';

export const FORBES = '12900';
export const PARKES = '16200';
export const WEDDIN = '18100';
/** Councils of the matrix's own (Tasmanian, used by no other test): one paying, one cancelled. */
export const MATRIX_ACTIVE = '62810';
export const MATRIX_CANCELED = '62610';
export const MAIL_DOMAIN = 'matrix.example';

const run = unique();
const ALL_ROLES = [...STAFF_ROLES] as StaffRole[];
/** Rows that no staff role grants test "staff without the role" with a one-role staff member. */
const ONE_ROLE: StaffRole[] = ['media_comms_manager'];

let base: Promise<{ resident: TestUser; admin: TestUser; otherLgaStaff: TestUser; exCustomer: TestUser }> | undefined;
const staffUsers = new Map<string, Promise<TestUser>>();
const managerItems = new Map<string, Promise<void>>();

const key = (roles: readonly StaffRole[]) => [...roles].sort().join('+');
const email = (label: string) => `matrix-${label}-${run}@${MAIL_DOMAIN}`;

function staffUser(roles: readonly StaffRole[]): Promise<TestUser> {
  const k = key(roles);
  if (!staffUsers.has(k)) staffUsers.set(k, createUser({ email: email(`staff-${staffUsers.size}`), name: `Matrix staff ${k}` }));
  return staffUsers.get(k)!;
}

/** Makes the user staff of the LGA with the roles (once per user and LGA). */
function ensureManager(user: TestUser, lgaCode: string, roles: readonly StaffRole[]): Promise<void> {
  const k = `${user.email}|${lgaCode}`;
  if (!managerItems.has(k)) managerItems.set(k, db().entities.manager.put({ lgaCode, email: user.email, roles: [...roles], addedBy: 'authorization-matrix' }).go().then(() => undefined));
  return managerItems.get(k)!;
}

/** The accounts every row shares; the councils they belong to. */
export function setUpCallers() {
  base ??= (async () => {
    useStackTable();
    await Promise.all([prepareLga(WEDDIN, 'canceled'), prepareLga(MATRIX_ACTIVE, 'active'), prepareLga(MATRIX_CANCELED, 'canceled')]);
    const [resident, admin, otherLgaStaff, exCustomer] = await Promise.all([
      createUser({ email: email('resident'), lgaCode: FORBES }),
      createUser({ email: email('admin'), admin: true }),
      createUser({ email: email('other-lga'), manages: [{ lgaCode: PARKES, roles: ALL_ROLES }] }),
      createUser({ email: email('ex-customer'), manages: [{ lgaCode: WEDDIN, roles: ALL_ROLES }] }),
    ]);
    return { resident, admin, otherLgaStaff, exCustomer };
  })();
  return base;
}

/** The staff roles a row's "staff" and "staff without the role" hold in its LGA. */
export function rolesOf(row: Row, caller: 'staff' | 'staffNoRole'): StaffRole[] {
  if (caller === 'staff') return row.roles ? [row.roles[0]] : ALL_ROLES;
  return row.roles ? ALL_ROLES.filter((r) => !row.roles!.includes(r)) : ONE_ROLE;
}

const resolve = async (lga: Row['home'] | Row['exHome'], caller: Caller, fallback: string) =>
  typeof lga === 'function' ? lga(caller) : (lga ?? fallback);

const asCell = (row: Row, caller: Caller, lga: string, user?: TestUser): Cell => ({
  caller,
  lga,
  expected: row.expected[caller],
  auth: user ? { token: user.token } : { apiKey: true },
  user: user ? { uid: user.uid, email: user.email } : undefined,
});

/** One caller of one row, made staff of the row's LGA when that is what they are. */
export async function cellFor(row: Row, caller: Caller): Promise<Cell> {
  const accounts = await setUpCallers();
  if (caller === 'exCustomer') {
    const lga = await resolve(row.exHome, caller, WEDDIN);
    await ensureManager(accounts.exCustomer, lga, ALL_ROLES);
    return asCell(row, caller, lga, accounts.exCustomer);
  }
  const lga = await resolve(row.home, caller, FORBES);
  switch (caller) {
    case 'anonymous':
      return asCell(row, caller, lga);
    case 'staff':
    case 'staffNoRole': {
      const roles = rolesOf(row, caller);
      const user = await staffUser(roles);
      await ensureManager(user, lga, roles);
      return asCell(row, caller, lga, user);
    }
    default:
      return asCell(row, caller, lga, accounts[caller]);
  }
}

/** A new account of the cell's kind (for a call that uses its account up). */
export async function freshAccount(row: Row, cell: Cell): Promise<Auth> {
  const label = `${cell.caller}-${unique()}`;
  const user = await (async () => {
    switch (cell.caller) {
      case 'anonymous':
        return undefined;
      case 'resident':
        return createUser({ email: email(label) });
      case 'admin':
        return createUser({ email: email(label), admin: true });
      case 'staff':
      case 'staffNoRole':
        return createUser({ email: email(label), manages: [{ lgaCode: cell.lga, roles: rolesOf(row, cell.caller) }] });
      case 'otherLgaStaff':
        return createUser({ email: email(label), manages: [{ lgaCode: PARKES, roles: ALL_ROLES }] });
      case 'exCustomer':
        return createUser({ email: email(label), manages: [{ lgaCode: cell.lga, roles: ALL_ROLES }] });
    }
  })();
  return user ? { token: user.token } : { apiKey: true };
}

/** A signed-in user who is nobody's staff, with an address at the given mail domain. */
export async function userAt(domain: string): Promise<Auth> {
  const user = await createUser({ email: `matrix-claim-${unique()}@${domain}` });
  return { token: user.token };
}

export async function matrixAdmin(): Promise<Auth> {
  return { token: (await setUpCallers()).admin.token };
}

export async function matrixResident(): Promise<TestUser> {
  return (await setUpCallers()).resident;
}
