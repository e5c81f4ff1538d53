// Demo mode: demoSetActivePersona gives a one-time token for a persona account, and the web
// client signs in with it through CUSTOM_AUTH (the same aws-amplify path as an email link).
// The shared test stack is not in demo mode, so the resolver also runs here in this process
// with DEMO_MODE=1, against the same table and user pool.
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { STAFF_ROLES } from '../../../lambdas/core/access';
import { DEMO_MODE_OFF, DEMO_PERSONAS, DISABLED_IN_DEMO } from '../../../lambdas/core/identity/demo';
import { db } from '../../../lambdas/adapters/db/db';
import { handler } from '../../../lambdas/api/identity/handler';
import { gql, useStackTable } from '../../support/api';

const stack = () => inject('stack');
const context = { functionName: 'identity', awsRequestId: '1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const CUSTOM = { authFlowType: 'CUSTOM_WITHOUT_SRP' as const };

async function setPersona(persona: 'PUBLIC' | 'STAFF') {
  const event = { arguments: { persona }, identity: null, info: { fieldName: 'demoSetActivePersona', parentTypeName: 'Mutation' }, source: null, request: { headers: {} } };
  return (await handler(event as unknown as AppSyncResolverEvent<Record<string, unknown>>, context)) as { username: string; token: string; expiresAt: number };
}

async function signInAs(persona: 'PUBLIC' | 'STAFF') {
  const { username, token } = await setPersona(persona);
  await signIn({ username, options: CUSTOM });
  const done = await confirmSignIn({ challengeResponse: token });
  expect(done.isSignedIn).toBe(true);
  return (await fetchAuthSession()).tokens!;
}

const ME = 'query { me { email admin staff lgaCode managed { lgaCode roles } } }';

beforeAll(() => {
  useStackTable();
  Object.assign(process.env, {
    DEMO_MODE: '1',
    USER_POOL_ID: stack().userPoolId,
    COGNITO_ENDPOINT: `http://127.0.0.1:${stack().ports.cognitoInternal}`,
  });
  Amplify.configure({
    Auth: { Cognito: { userPoolId: stack().userPoolId, userPoolClientId: stack().userPoolClientId, userPoolEndpoint: `http://127.0.0.1:${stack().ports.cognito}` } },
  });
});

afterEach(async () => {
  await signOut().catch(() => undefined);
});

afterAll(async () => {
  delete process.env.DEMO_MODE;
  // Other test files count Forbes' managers; the demo persona should not be one of them.
  await db().entities.manager.delete({ lgaCode: '12900', email: DEMO_PERSONAS.STAFF.email }).go();
});

describe('demoSetActivePersona', () => {
  it('is refused by a deployment that is not in demo mode', async () => {
    const res = await gql('mutation { demoSetActivePersona(persona: STAFF) { token } }');
    expect(res.errors?.[0]).toMatchObject({ errorType: 'Forbidden', message: DEMO_MODE_OFF });
  });

  it('signs the council staff persona in with its one-time token: Forbes, all five roles, staff group', async () => {
    const tokens = await signInAs('STAFF');
    expect(tokens.accessToken.payload['cognito:groups']).toEqual(['staff']);
    const me = await gql<{ me: any }>(ME, {}, { token: tokens.accessToken.toString() });
    expect(me.errors).toBeUndefined();
    expect(me.data!.me).toMatchObject({ email: DEMO_PERSONAS.STAFF.email, admin: false, staff: true, lgaCode: '12900' });
    expect(me.data!.me.managed).toEqual([{ lgaCode: '12900', roles: [...STAFF_ROLES].sort() }]);
  });

  it('signs the general public persona in as a Forbes resident', async () => {
    const tokens = await signInAs('PUBLIC');
    const me = await gql<{ me: any }>(ME, {}, { token: tokens.accessToken.toString() });
    expect(me.data!.me).toMatchObject({ email: DEMO_PERSONAS.PUBLIC.email, staff: false, lgaCode: '12900', managed: [] });
  });

  it('accepts a token once, and only the newest one', async () => {
    const older = await setPersona('PUBLIC');
    const newer = await setPersona('PUBLIC');
    await signIn({ username: newer.username, options: CUSTOM });
    expect((await confirmSignIn({ challengeResponse: older.token })).isSignedIn).toBe(false);
    expect((await confirmSignIn({ challengeResponse: newer.token })).isSignedIn).toBe(true);
    await signOut();
    await signIn({ username: newer.username, options: CUSTOM });
    expect((await confirmSignIn({ challengeResponse: newer.token })).isSignedIn).toBe(false);
  });

  it('puts the persona back as it was when a visitor changed its roles or LGA', async () => {
    const { uid } = (await db().entities.user.query.byEmail({ email: DEMO_PERSONAS.STAFF.email }).go()).data[0];
    await db().entities.manager.put({ lgaCode: '12900', email: DEMO_PERSONAS.STAFF.email, roles: ['media_comms_manager'] }).go();
    await db().entities.user.patch({ uid }).set({ lgaCode: '10050' }).go();
    await setPersona('STAFF');
    const manager = await db().entities.manager.get({ lgaCode: '12900', email: DEMO_PERSONAS.STAFF.email }).go();
    expect([...manager.data!.roles].sort()).toEqual([...STAFF_ROLES].sort());
    expect((await db().entities.user.get({ uid }).go()).data!.lgaCode).toBe('12900');
  });

  it('keeps the persona profile and account from being changed or deleted', async () => {
    const token = (await signInAs('PUBLIC')).accessToken.toString();
    const update = await gql('mutation { updateProfile(input: { displayName: "Mallory" }) { displayName } }', {}, { token });
    expect(update.errors?.[0]).toMatchObject({ errorType: 'Forbidden', message: DISABLED_IN_DEMO });
    const removal = await gql('mutation { deleteAccount }', {}, { token });
    expect(removal.errors?.[0]).toMatchObject({ errorType: 'Forbidden', message: DISABLED_IN_DEMO });
    const me = await gql<{ myProfile: any }>('query { myProfile { displayName demo } }', {}, { token });
    expect(me.data!.myProfile).toEqual({ displayName: DEMO_PERSONAS.PUBLIC.displayName, demo: true });
  });
});
