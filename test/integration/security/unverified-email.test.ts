// Nothing is done in a person's name from an email address nobody proved to own: an account
// whose profile is marked unverified (a Facebook sign-in, say, using a council officer's address)
// cannot take that officer's roles away by deleting itself, and a signature it puts on a "please
// join" request does not carry the address, nor does it show as the officer on the council's
// accounts page. No resolver makes a profile: a token whose profile is
// missing (a deleted account whose token still lives) gets "not set up", not a fresh profile.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { ACCOUNT_NOT_SET_UP } from '../../../lambdas/api/resolver';
import { signIn, useStackTable } from '../../support/api';
import { call, createUser, partition, prepareLga, type TestUser } from '../identity/support';

const LGA = '50350';

beforeAll(async () => {
  useStackTable();
  await prepareLga(LGA, 'active');
});

/** A second account wearing `email`, as a provider that vouches for nothing would make it. */
async function unverifiedImpostorOf(email: string): Promise<TestUser> {
  const impostor = await createUser({});
  await db().entities.user.patch({ uid: impostor.uid }).set({ email, emailVerified: false }).go();
  return impostor;
}

describe('an unverified email acts for nobody', () => {
  it('deleting an account with an unverified copy of an officer address leaves the officer their roles', async () => {
    const officer = await createUser({ manages: [{ lgaCode: LGA, roles: ['account_manager', 'closure_administrator'] }] });
    const impostor = await unverifiedImpostorOf(officer.email);

    const res = await call('mutation { deleteAccount }', {}, impostor);
    expect(res.errors).toBeUndefined();

    expect(await partition(`USER#${impostor.uid}`)).toEqual([]);
    const { data: roles } = await db().entities.manager.query.byEmail({ email: officer.email }).go();
    expect(roles.map((m) => [m.lgaCode, [...(m.roles ?? [])].sort()])).toEqual([[LGA, ['account_manager', 'closure_administrator']]]);
    const me = await call('query { me { managed { lgaCode roles } } }', {}, officer);
    expect(me.data!.me.managed).toEqual([{ lgaCode: LGA, roles: ['account_manager', 'closure_administrator'] }]);
  });

  it('a verified account still takes its own roles with it', async () => {
    const officer = await createUser({ manages: [{ lgaCode: LGA, roles: ['closure_administrator'] }] });
    const res = await call('mutation { deleteAccount }', {}, officer);
    expect(res.errors).toBeUndefined();
    expect((await db().entities.manager.query.byEmail({ email: officer.email }).go()).data).toEqual([]);
  });

  it('an invited officer is not shown as registered under the name an unverified account chose', async () => {
    const accountManager = await createUser({ manages: [{ lgaCode: LGA, roles: ['account_manager'] }] });
    const invited = `invited.${Date.now()}@example.com`;
    await db().entities.manager.put({ lgaCode: LGA, email: invited, roles: ['closure_administrator'], addedBy: 'test' }).go();
    const impostor = await unverifiedImpostorOf(invited);
    await db().entities.user.patch({ uid: impostor.uid }).set({ displayName: 'Not the officer' }).go();

    const res = await call('query($c: String!) { managers(lgaCode: $c) { email displayName registered } }', { c: LGA }, accountManager);
    expect(res.data!.managers.find((m: { email: string }) => m.email === invited)).toEqual({ email: invited, displayName: null, registered: false });
  });

  it('a signature from an unverified account does not carry the address', async () => {
    const officer = await createUser({});
    const impostor = await unverifiedImpostorOf(officer.email);
    const res = await call('mutation { signLgaRequest(lgaCode: "50420") { signed } }', {}, impostor);
    expect(res.errors).toBeUndefined();
    const signature = (await db().entities.signatory.get({ lgaCode: '50420', uid: impostor.uid }).go()).data!;
    expect(signature.email).toBeUndefined();
  });
});

describe('no resolver makes a profile', () => {
  it('a live ID token of an account without a profile is told to sign in again, and no profile appears', async () => {
    const user = await createUser({});
    await db().entities.user.patch({ uid: user.uid }).set({ emailVerified: false }).go();
    // The ID token carries the email; the old resolver made a new, "verified" profile from it.
    const { idToken } = await signIn(user.email);
    await db().entities.user.delete({ uid: user.uid }).go();

    const res = await call('query { me { uid email } }', {}, { ...user, token: idToken });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: ACCOUNT_NOT_SET_UP });
    expect(await partition(`USER#${user.uid}`)).toEqual([]);
  });
});
