// The signed-in user's own account: /welcome and /profile edits, terms, and deleting the account
// (the Cognito user and the user's items go; their reports stay, anonymised).
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cognitoClient } from '../../../local/cognito';
import { db } from '../../../lambdas/adapters/db/db';
import { DELETED_USER } from '../../../lambdas/adapters/identity/account';
import { createAccessRequest } from '../../../lambdas/adapters/identity/staff';
import { signIn, useStackTable } from '../../support/api';
import { call, createUser, partition, prepareLga, unique } from './support';

const PROFILE = 'uid email displayName preferredName address { formatted lat lng } lgaCode mapOptions acceptedTermsAt demo';
const UPDATE = `mutation($i: ProfileInput!) { updateProfile(input: $i) { ${PROFILE} } }`;
const LGA = '50350';

beforeAll(async () => {
  useStackTable();
  await prepareLga(LGA, 'active');
});

describe('myProfile and updateProfile', () => {
  it('sets the LGA on /welcome, then names, address and map options on /profile', async () => {
    const user = await createUser({ name: 'Pat Example' });
    const mine = await call(`query { myProfile { ${PROFILE} } }`, {}, user);
    expect(mine.data!.myProfile).toMatchObject({ uid: user.uid, email: user.email, displayName: 'Pat Example', lgaCode: null, demo: false });

    const welcome = await call(UPDATE, { i: { lgaCode: '12900' } }, user);
    expect(welcome.data!.updateProfile.lgaCode).toBe('12900');

    const res = await call(
      UPDATE,
      {
        i: {
          displayName: 'Patricia Example',
          preferredName: 'Pat',
          address: { formatted: 'Newell Highway, Forbes, NSW', lat: -33.384, lng: 148.008 },
          mapOptions: JSON.stringify({ zoom: 12, layers: ['closures'] }),
        },
      },
      user,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateProfile).toMatchObject({
      displayName: 'Patricia Example',
      preferredName: 'Pat',
      address: { formatted: 'Newell Highway, Forbes, NSW', lat: -33.384, lng: 148.008 },
      lgaCode: '12900',
    });
    expect(JSON.parse(res.data!.updateProfile.mapOptions)).toEqual({ zoom: 12, layers: ['closures'] });
    const me = await call('query { me { displayName preferredName lgaCode } }', {}, user);
    expect(me.data!.me).toEqual({ displayName: 'Patricia Example', preferredName: 'Pat', lgaCode: '12900' });
  });

  it('clears optional fields with null and leaves omitted ones', async () => {
    const user = await createUser({});
    await call(UPDATE, { i: { preferredName: 'Sam', lgaCode: '12900' } }, user);
    const res = await call(UPDATE, { i: { preferredName: null } }, user);
    expect(res.data!.updateProfile).toMatchObject({ preferredName: null, lgaCode: '12900' });
  });

  it.each([
    ['an unknown LGA', { lgaCode: '99999' }, 'Invalid LGA'],
    ['a malformed LGA code', { lgaCode: 'forbes' }, 'Invalid LGA'],
    ['a blank name', { displayName: '  ' }, 'Name is required'],
    ['a long preferred name', { preferredName: 'x'.repeat(101) }, 'Preferred name is too long (maximum 100 characters)'],
    ['an address in Paris', { address: { formatted: 'Somewhere', lat: 48.85, lng: 2.35 } }, 'Invalid coordinates'],
    ['map options that are a list', { mapOptions: '[1,2,3]' }, 'Map options must be a JSON object'],
    ['map options over 2000 characters', { mapOptions: JSON.stringify({ x: 'y'.repeat(2100) }) }, 'Map options are too large (maximum 2000 characters)'],
  ])('refuses %s with its message and changes nothing', async (_name, input, message) => {
    const user = await createUser({ lgaCode: '12900' });
    const before = await partition(`USER#${user.uid}`);
    const res = await call(UPDATE, { i: input }, user);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message });
    expect(await partition(`USER#${user.uid}`)).toEqual(before);
  });

  it('does not let a user make themselves an admin', async () => {
    const user = await createUser({});
    const res = await call('mutation { updateProfile(input: { admin: true }) { uid } }', {}, user);
    expect(res.errors).toBeDefined();
    expect((await db().entities.user.get({ uid: user.uid }).go()).data!.admin).toBe(false);
  });
});

describe('acceptTerms', () => {
  it('records when the user accepted the terms', async () => {
    const user = await createUser({});
    const before = Math.floor(Date.now() / 1000);
    const res = await call('mutation { acceptTerms { acceptedTermsAt } }', {}, user);
    expect(res.data!.acceptTerms.acceptedTermsAt).toBeGreaterThanOrEqual(before);
    const me = await call('query { me { acceptedTermsAt } }', {}, user);
    expect(me.data!.me.acceptedTermsAt).toBe(res.data!.acceptTerms.acceptedTermsAt);
  });
});

describe('deleteAccount', () => {
  it('removes the Cognito user and everything of theirs, keeping reports (anonymised) and the signature count', async () => {
    const user = await createUser({ manages: [{ lgaCode: LGA, roles: ['submission_moderator'] }] });
    // What the user has accumulated: a subscription, a notification, a signature, a pending
    // access request elsewhere, and a report with an activity log naming them.
    await db().entities.lgaSubscription.create({ uid: user.uid, lgaCode: '12900' }).go();
    await db().entities.notification.create({ uid: user.uid, id: `n-${unique()}`, title: 'Hello' }).go();
    const signed = await call('mutation { signLgaRequest(lgaCode: "50420") { signatoryCount } }', {}, user);
    const count = signed.data!.signLgaRequest.signatoryCount;
    expect(await createAccessRequest({ lgaCode: '50490', uid: user.uid, requestedAt: 1_700_000_000, email: user.email, roles: [] })).toBe(true);
    const reportId = `r-${unique()}`;
    await db()
      .entities.report.create({ id: reportId, uid: user.uid, lgaCode: '12900', type: 'flood', position: { lat: -33.38, lng: 148.0 }, activity: [{ what: 'submitted', who: user.uid }] })
      .go();
    const pendingBefore = (await db().entities.counter.get({ name: 'accessRequestsPending', scope: '50490' }).go()).data!.count;

    const res = await call('mutation { deleteAccount }', {}, user);
    expect(res.errors).toBeUndefined();
    expect(res.data!.deleteAccount).toBe(true);

    await expect(
      cognitoClient(inject('stack').ports.cognitoInternal).send(new AdminGetUserCommand({ UserPoolId: inject('stack').userPoolId, Username: user.email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expect(signIn(user.email)).rejects.toThrow();
    expect(await partition(`USER#${user.uid}`)).toEqual([]);
    expect((await db().entities.manager.query.byEmail({ email: user.email }).go()).data).toEqual([]);
    expect((await db().entities.accessRequest.query.byUser({ uid: user.uid }).go()).data).toEqual([]);
    expect((await db().entities.counter.get({ name: 'accessRequestsPending', scope: '50490' }).go()).data!.count).toBe(pendingBefore - 1);

    const report = (await db().entities.report.get({ id: reportId }).go()).data!;
    expect(report.uid).toBe(DELETED_USER);
    expect(JSON.stringify(report)).not.toContain(user.uid);
    expect((await db().entities.report.query.byAuthor({ uid: user.uid }).go()).data).toEqual([]);

    const signature = (await db().entities.signatory.get({ lgaCode: '50420', uid: user.uid }).go()).data!;
    expect(signature.email).toBeUndefined();
    expect(signature.displayName).toBeUndefined();
    const status = await call('query { lgaRequest(lgaCode: "50420") { signatoryCount } }', {}, null);
    expect(status.data!.lgaRequest.signatoryCount).toBe(count);
  });

  it('can be repeated after a failure half-way (every step is idempotent)', async () => {
    const user = await createUser({});
    const { deleteUserData } = await import('../../../lambdas/adapters/identity/account');
    await deleteUserData(user.uid);
    // The Cognito user still exists: the user signs in again and finishes the deletion.
    const { accessToken } = await signIn(user.email);
    const res = await call('mutation { deleteAccount }', {}, { ...user, token: accessToken });
    expect(res.data!.deleteAccount).toBe(true);
    await expect(signIn(user.email)).rejects.toThrow();
  });
});
