// "Request Access to LGA" on `me` (spec §2) with real users: an admin sets a council's mail
// domain through updateCustomer (which keeps the council-by-domain lookup in the same
// transaction), someone at that domain is offered the button, loses it while their request is
// pending, and people elsewhere never get it. The council's settings are restored afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { backfillMailDomains } from '../../../lambdas/adapters/identity/mail-domain-backfill';
import { useStackTable } from '../../support/api';
import { call, createUser, unique, type TestUser } from './support';

const LGA = '10650'; // Berrigan: no other test uses it
const DOMAIN = `berrigan-${unique()}.nsw.gov.example`;
const MOVED = `berrigan-${unique()}.vic.gov.example`;
const UPDATE = 'mutation($c: ID!, $i: CustomerSettingsInput!) { updateCustomer(code: $c, input: $i) { lgaCode emailSuffix } }';
const ME = 'query { me { uid staff managed { lgaCode } canRequestAccess } }';
const REQUEST = 'mutation($c: String!) { requestLgaAccess(lgaCode: $c) { id status } }';

let admin: TestUser;
let hadCustomer = false;
let suffixBefore: string | undefined;

const canRequest = async (user: TestUser) => {
  const res = await call(ME, {}, user);
  expect(res.errors).toBeUndefined();
  return res.data!.me.canRequestAccess as boolean;
};
const lookup = async (domain: string) => (await db().entities.mailDomain.query.byDomain({ domain }).go()).data.map((d) => d.lgaCode);

beforeAll(async () => {
  useStackTable();
  hadCustomer = !!(await db().entities.customer.get({ lgaCode: LGA }).go()).data;
  suffixBefore = (await db().entities.lga.get({ code: LGA }).go()).data?.emailSuffix;
  admin = await createUser({ admin: true });
  const res = await call(UPDATE, { c: LGA, i: { emailSuffix: `@${DOMAIN.toUpperCase()}` } }, admin);
  expect(res.data?.updateCustomer).toEqual({ lgaCode: LGA, emailSuffix: DOMAIN });
});

afterAll(async () => {
  await call(UPDATE, { c: LGA, i: { emailSuffix: suffixBefore ?? '' } }, admin);
  if (!hadCustomer) await db().entities.customer.delete({ lgaCode: LGA }).go();
  const requests = await db().entities.accessRequest.query.byLga({ lgaCode: LGA }).go({ pages: 'all' });
  for (const r of requests.data.filter((item) => item.email.endsWith(DOMAIN))) {
    await db().entities.accessRequest.delete({ lgaCode: LGA, requestedAt: r.requestedAt, uid: r.uid }).go();
  }
});

describe('me.canRequestAccess', () => {
  it('offers the button to a new user at the council mail domain and hides it while their request is pending', async () => {
    const officer = await createUser({ email: `officer.${unique()}@${DOMAIN}` });
    expect(await canRequest(officer)).toBe(true);
    const sent = await call(REQUEST, { c: LGA }, officer);
    expect(sent.data?.requestLgaAccess).toMatchObject({ status: 'pending' });
    expect(await canRequest(officer)).toBe(false);
  });

  it('offers it at a subdomain of the council mail domain too', async () => {
    expect(await canRequest(await createUser({ email: `it.${unique()}@depot.${DOMAIN}` }))).toBe(true);
  });

  it('never offers it to residents elsewhere, lookalike domains, staff already assigned, or admins', async () => {
    expect(await canRequest(await createUser({}))).toBe(false);
    expect(await canRequest(await createUser({ email: `x.${unique()}@not${DOMAIN}` }))).toBe(false);
    const assigned = await createUser({ email: `staff.${unique()}@${DOMAIN}`, manages: [{ lgaCode: LGA, roles: ['closure_administrator'] }] });
    expect(await canRequest(assigned)).toBe(false);
    await db().entities.manager.delete({ lgaCode: LGA, email: assigned.email }).go();
    expect(await canRequest(admin)).toBe(false);
  });

  it('follows the mail domain when the admin changes or clears it (the lookup moves in the same write)', async () => {
    const before = await createUser({ email: `a.${unique()}@${DOMAIN}` });
    const after = await createUser({ email: `b.${unique()}@${MOVED}` });
    expect((await call(UPDATE, { c: LGA, i: { emailSuffix: MOVED } }, admin)).errors).toBeUndefined();
    expect(await lookup(DOMAIN)).not.toContain(LGA);
    expect(await lookup(MOVED)).toContain(LGA);
    expect(await canRequest(before)).toBe(false);
    expect(await canRequest(after)).toBe(true);
    expect((await call(UPDATE, { c: LGA, i: { emailSuffix: '' } }, admin)).errors).toBeUndefined();
    expect(await lookup(MOVED)).not.toContain(LGA);
    expect(await canRequest(after)).toBe(false);
    expect((await call(UPDATE, { c: LGA, i: { emailSuffix: DOMAIN } }, admin)).errors).toBeUndefined();
    expect(await canRequest(before)).toBe(true);
  });

  it('finds councils whose mail domain was stored before the lookup once the backfill has run', async () => {
    const older = `berrigan-${unique()}.old.gov.example`;
    await db().entities.lga.patch({ code: LGA }).set({ emailSuffix: older }).go(); // as an older version wrote it
    const officer = await createUser({ email: `c.${unique()}@${older}` });
    expect(await canRequest(officer)).toBe(false);
    expect((await backfillMailDomains({ force: true })).written).toBeGreaterThan(0);
    expect(await lookup(older)).toEqual([LGA]);
    expect(await canRequest(officer)).toBe(true);
    await db().entities.mailDomain.delete({ domain: older, lgaCode: LGA }).go();
    await db().entities.lga.patch({ code: LGA }).set({ emailSuffix: DOMAIN }).go();
  });
});
