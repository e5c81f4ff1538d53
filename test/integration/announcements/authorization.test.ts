// The authorization matrix (docs/security.md#threat-model-who-can-do-what) of the announcement
// operations: anonymous, resident, Forbes staff without announcement_manager, staff@forbes.example
// (who has it), staff of another LGA, ex-customer staff and admin. Refused calls change nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import { matrixCallers, ROLES, WEDDIN, type Callers, type Role } from '../closures/support';
import { A, now, resetToOpen, type Unsealed } from './support';

const FORBES = '12900';
type Outcome = 'ok' | 'Unauthorized' | 'Forbidden' | 'PaymentRequired';
const MANAGERS_ONLY: Record<Role, Outcome> = {
  anonymous: 'Unauthorized',
  resident: 'Forbidden',
  staffNoRole: 'Forbidden',
  staff: 'ok',
  otherLgaStaff: 'Forbidden',
  exCustomer: 'PaymentRequired',
  admin: 'ok',
};

let c: Callers;
let exCustomer: Auth;

beforeAll(async () => {
  useStackTable();
  c = await matrixCallers();
  // The matrix's ex-customer is a closure administrator; give them the announcement role too.
  const { db } = await import('../../../lambdas/adapters/db/db');
  const { data: managers } = await db().entities.manager.query.byLga({ lgaCode: WEDDIN }).go({ pages: 'all' });
  for (const m of managers.filter((x) => x.email.startsWith('closures-'))) {
    await db().entities.manager.patch({ lgaCode: WEDDIN, email: m.email }).set({ roles: ['closure_administrator', 'announcement_manager'] as never }).go();
  }
  exCustomer = c.auth.exCustomer;
  await resetToOpen(FORBES, { token: (await signIn('admin@example.com')).accessToken });
});

const lgaOf = (role: Role) => (role === 'exCustomer' ? WEDDIN : FORBES);
/** What a refused call must not change (notificationSent is set asynchronously by the consumer). */
async function snapshot(lgaCode: string) {
  const res = await gql<{ announcements: any[] }>(A.list, { lgaCode }, c.auth.admin);
  return res.data!.announcements.map((a) => ({ id: a.id, status: a.status, message: a.message, expiresAt: a.expiresAt, unsealedRoadsStatus: a.unsealedRoadsStatus }));
}

const errorTypeOf = (res: { errors?: { errorType?: string }[] }): Outcome => (res.errors?.length ? (res.errors[0]!.errorType as Outcome) : 'ok');

/** An archived announcement in the caller's LGA, made by an admin (admins manage announcements anywhere). */
async function archivedIn(lgaCode: string): Promise<string> {
  const set = await gql<{ setUnsealedRoadsStatus: Unsealed }>(A.set, { lgaCode, input: { status: 'CLOSED', message: 'matrix' } }, c.auth.admin);
  if (set.errors) throw new Error(JSON.stringify(set.errors));
  const id = set.data!.setUnsealedRoadsStatus.announcement!.id;
  await gql(A.archive, { id }, c.auth.admin);
  return id;
}

describe('announcements authorization', () => {
  it.each(ROLES)('setUnsealedRoadsStatus as %s', async (role) => {
    const lgaCode = lgaOf(role);
    const before = await snapshot(lgaCode);
    const res = await gql<{ setUnsealedRoadsStatus: Unsealed }>(A.set, { lgaCode, input: { status: 'CLOSED', message: `by ${role}` } }, c.auth[role]);
    expect(errorTypeOf(res)).toBe(MANAGERS_ONLY[role]);
    if (MANAGERS_ONLY[role] === 'ok') {
      expect(res.data!.setUnsealedRoadsStatus).toMatchObject({ status: 'closed', announcement: { message: `by ${role}` } });
      await gql(A.set, { lgaCode, input: { status: 'OPEN' } }, c.auth.admin);
    } else {
      expect(await snapshot(lgaCode)).toEqual(before);
    }
  });

  it('archive, reactivate and delete: refused for every caller but the LGA\'s announcement managers and admins', async () => {
    // One announcement per LGA that every refused call is tried on (refusals change nothing)…
    const refused = ROLES.filter((role) => MANAGERS_ONLY[role] !== 'ok');
    const subjects = new Map<string, string>();
    for (const lgaCode of [FORBES, WEDDIN]) subjects.set(lgaCode, await archivedIn(lgaCode));
    for (const lgaCode of subjects.keys()) await gql(A.reactivate, { id: subjects.get(lgaCode) }, c.auth.admin);
    for (const role of refused) {
      const lgaCode = lgaOf(role);
      const id = subjects.get(lgaCode)!;
      const before = await snapshot(lgaCode);
      for (const op of ['archive', 'reactivate', 'remove'] as const) {
        const res = await gql(A[op], op === 'reactivate' ? { id, expiresAt: now() + 7200 } : { id }, c.auth[role]);
        expect(errorTypeOf(res), `${op} as ${role}`).toBe(MANAGERS_ONLY[role]);
      }
      expect(await snapshot(lgaCode), role).toEqual(before);
    }
    // …and the allowed callers walk one through its whole life.
    for (const role of ROLES.filter((r) => MANAGERS_ONLY[r] === 'ok')) {
      const id = role === 'staff' ? subjects.get(FORBES)! : await archivedIn(FORBES).then(async (x) => (await gql(A.reactivate, { id: x }, c.auth.admin), x));
      expect((await gql<{ archiveAnnouncement: any }>(A.archive, { id }, c.auth[role])).data?.archiveAnnouncement.status, role).toBe('archived');
      expect((await gql<{ reactivateAnnouncement: any }>(A.reactivate, { id, expiresAt: now() + 7200 }, c.auth[role])).data?.reactivateAnnouncement.status, role).toBe('active');
      expect((await gql<{ deleteAnnouncement: any }>(A.remove, { id }, c.auth[role])).data?.deleteAnnouncement.status, role).toBe('deleted');
    }
    await gql(A.remove, { id: subjects.get(WEDDIN) }, c.auth.admin);
  });

  it('public reads: anyone sees the status and the active announcements; managers also see archived ones', async () => {
    const id = await archivedIn(FORBES);
    for (const role of ROLES) {
      const status = await gql<{ unsealedRoadsStatus: Unsealed }>(A.status, { lgaCode: FORBES }, c.auth[role]);
      expect(status.data!.unsealedRoadsStatus.status, role).toBe('open');
      const list = await gql<{ announcements: { id: string }[] }>(A.list, { lgaCode: FORBES }, c.auth[role]);
      expect(list.data!.announcements.some((a) => a.id === id), role).toBe(role === 'staff' || role === 'admin');
    }
    expect(exCustomer).toBeDefined();
    await gql(A.remove, { id }, c.auth.admin);
  });

  it('refuses a crafted input: unknown fields, bad LGA codes', async () => {
    const extra = await gql(A.set, { lgaCode: FORBES, input: { status: 'CLOSED', createdBy: 'x' } }, c.auth.staff);
    expect(extra.errors?.[0]?.message).toBeTruthy();
    const badLga = await gql(A.set, { lgaCode: 'ABC', input: { status: 'CLOSED' } }, c.auth.admin);
    expect(badLga.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid LGA' });
  });
});
