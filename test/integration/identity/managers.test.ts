// User Role Assignment (/lga/{code}/accounts): list, add by email (also someone who has no
// account yet), edit roles, remove; the last account manager cannot remove themselves; the
// Cognito staff group follows the table.
import {
  AdminListGroupsForUserCommand,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cognitoClient } from '../../../local/cognito';
import { db } from '../../../lambdas/adapters/db/db';
import { LAST_ACCOUNT_MANAGER } from '../../../lambdas/core/identity/staff-access';
import { signIn, useStackTable } from '../../support/api';
import { call, createUser, outboxFor, partition, prepareLga, unique, type TestUser } from './support';

const LGA = '50770';
const OTHER = '50840';
const LIST = 'query($c: String!) { managers(lgaCode: $c) { lgaCode email roles displayName registered addedBy updatedAt } }';
const SET = 'mutation($c: String!, $e: String!, $r: [String!]!) { setManager(lgaCode: $c, email: $e, roles: $r) { email roles registered displayName } }';
const REMOVE = 'mutation($c: String!, $e: String!) { removeManager(lgaCode: $c, email: $e) { email roles } }';

const stack = () => inject('stack');
let accountManager: TestUser;
let admin: TestUser;

async function groupsOf(username: string): Promise<string[]> {
  const result = await cognitoClient(stack().ports.cognitoInternal).send(new AdminListGroupsForUserCommand({ UserPoolId: stack().userPoolId, Username: username }));
  return (result.Groups ?? []).map((g) => g.GroupName!).sort();
}

beforeAll(async () => {
  useStackTable();
  await prepareLga(LGA, 'active');
  await prepareLga(OTHER, 'canceled');
  accountManager = await createUser({ name: 'Alex Manager', manages: [{ lgaCode: LGA, roles: ['account_manager', 'closure_administrator'] }] });
  admin = await createUser({ admin: true });
});

describe('managers', () => {
  it('lists each manager with roles, name and whether they have an account', async () => {
    const invited = `invited.${unique()}@example.com`;
    await db().entities.manager.put({ lgaCode: LGA, email: invited, roles: ['media_comms_manager'], addedBy: accountManager.email }).go();
    const res = await call(LIST, { c: LGA }, accountManager);
    expect(res.errors).toBeUndefined();
    const byEmail = new Map(res.data!.managers.map((m: any) => [m.email, m]));
    expect(byEmail.get(accountManager.email)).toMatchObject({ lgaCode: LGA, roles: ['account_manager', 'closure_administrator'], displayName: 'Alex Manager', registered: true });
    expect(byEmail.get(invited)).toMatchObject({ roles: ['media_comms_manager'], displayName: null, registered: false, addedBy: accountManager.email });
  });

  it('is NotFound for an unknown LGA, even to an admin', async () => {
    const res = await call(LIST, { c: '99997' }, admin);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Invalid LGA' });
  });
});

describe('setManager', () => {
  it('adds a user by email with roles: they become staff, join the staff group and are told by mail', async () => {
    const user = await createUser({});
    const res = await call(SET, { c: LGA, e: `  ${user.email.toUpperCase()} `, r: ['submission_moderator', 'closure_administrator'] }, accountManager);
    expect(res.errors).toBeUndefined();
    expect(res.data!.setManager).toEqual({ email: user.email, roles: ['closure_administrator', 'submission_moderator'], registered: true, displayName: user.name });
    expect(await groupsOf(user.uid)).toEqual(['staff']);
    const me = await call('query { me { staff managed { lgaCode roles } } }', {}, user);
    expect(me.data!.me).toEqual({ staff: true, managed: [{ lgaCode: LGA, roles: ['closure_administrator', 'submission_moderator'] }] });
    const mail = await outboxFor(user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('You have access to Boyup Brook in Road Closures');
    expect(mail[0].body).toContain('closure administrator, submission moderator');
  });

  it('edits roles: the whole set is replaced, and nobody is mailed again', async () => {
    const user = await createUser({ manages: [{ lgaCode: LGA, roles: ['closure_administrator', 'media_comms_manager'] }] });
    const res = await call(SET, { c: LGA, e: user.email, r: ['announcement_manager'] }, accountManager);
    expect(res.data!.setManager.roles).toEqual(['announcement_manager']);
    expect([...(await db().entities.manager.get({ lgaCode: LGA, email: user.email }).go()).data!.roles]).toEqual(['announcement_manager']);
    expect(await outboxFor(user.email)).toHaveLength(0);
  });

  it('invites an email with no account; when they sign up they are staff and in the staff group at once', async () => {
    const email = `newcomer.${unique()}@example.com`;
    const res = await call(SET, { c: LGA, e: email, r: ['media_comms_manager'] }, accountManager);
    expect(res.data!.setManager).toMatchObject({ email, registered: false });
    expect((await outboxFor(email))[0].subject).toBe('You have access to Boyup Brook in Road Closures');

    const cognito = cognitoClient(stack().ports.cognito);
    await cognito.send(new SignUpCommand({ ClientId: stack().userPoolClientId, Username: email, Password: 'Correct#Horse9', UserAttributes: [{ Name: 'email', Value: email }] }));
    const code = (await outboxFor(email)).find((m) => m.code && /^\d{6}$/.test(m.code))!.code!;
    await cognito.send(new ConfirmSignUpCommand({ ClientId: stack().userPoolClientId, Username: email, ConfirmationCode: code }));
    const { accessToken } = await signIn(email, 'Correct#Horse9');
    expect(decodeJwt(accessToken)['cognito:groups']).toEqual(['staff']);
    const me = await call('query { me { staff managed { lgaCode roles } } }', {}, { uid: '', email, name: '', token: accessToken });
    expect(me.data!.me).toEqual({ staff: true, managed: [{ lgaCode: LGA, roles: ['media_comms_manager'] }] });
  });

  it.each([
    ['no roles', { r: [] }, 'Choose at least one role'],
    ['a role that does not exist', { r: ['owner'] }, 'Invalid role'],
    ['a malformed email', { e: 'not-an-email', r: ['closure_administrator'] }, 'Invalid email address'],
    ['a malformed LGA code', { c: '5077', r: ['closure_administrator'] }, 'Invalid LGA'],
  ])('refuses %s and changes nothing', async (_name, variables, message) => {
    const before = await partition(`LGA#${LGA}`);
    const res = await call(SET, { c: LGA, e: `someone.${unique()}@example.com`, ...variables }, accountManager);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message });
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
  });
});

describe('removeManager', () => {
  it('removes the manager; without another LGA they leave the staff group and are no longer staff', async () => {
    const user = await createUser({});
    await call(SET, { c: LGA, e: user.email, r: ['submission_moderator'] }, accountManager);
    expect(await groupsOf(user.uid)).toEqual(['staff']);
    const res = await call(REMOVE, { c: LGA, e: user.email }, accountManager);
    expect(res.data!.removeManager).toEqual({ email: user.email, roles: ['submission_moderator'] });
    expect((await db().entities.manager.get({ lgaCode: LGA, email: user.email }).go()).data).toBeNull();
    expect(await groupsOf(user.uid)).toEqual([]);
    expect((await call('query { me { staff managed { lgaCode } } }', {}, user)).data!.me).toEqual({ staff: false, managed: [] });
  });

  it('keeps the staff group of someone who still manages another LGA', async () => {
    const user = await createUser({ manages: [{ lgaCode: OTHER, roles: ['closure_administrator'] }] });
    await call(SET, { c: LGA, e: user.email, r: ['submission_moderator'] }, accountManager);
    await call(REMOVE, { c: LGA, e: user.email }, accountManager);
    expect(await groupsOf(user.uid)).toEqual(['staff']);
  });

  it('is NotFound for someone who is not a manager of the LGA', async () => {
    const res = await call(REMOVE, { c: LGA, e: `stranger.${unique()}@example.com` }, accountManager);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'This user is not a manager of the LGA' });
  });
});

describe('the last account manager', () => {
  it('cannot drop their own account_manager role or remove themselves; with a second one they can', async () => {
    const code = OTHER; // an ex-customer: account management works without a subscription
    const alone = await createUser({ manages: [{ lgaCode: code, roles: ['account_manager', 'closure_administrator'] }] });
    for (const existing of (await db().entities.manager.query.byLga({ lgaCode: code }).go()).data) {
      if (existing.email !== alone.email && existing.roles.includes('account_manager')) await db().entities.manager.delete({ lgaCode: code, email: existing.email }).go();
    }
    const drop = await call(SET, { c: code, e: alone.email, r: ['closure_administrator'] }, alone);
    expect(drop.errors?.[0]).toMatchObject({ errorType: 'Conflict', message: LAST_ACCOUNT_MANAGER });
    const leave = await call(REMOVE, { c: code, e: alone.email }, alone);
    expect(leave.errors?.[0]).toMatchObject({ errorType: 'Conflict', message: LAST_ACCOUNT_MANAGER });
    expect([...(await db().entities.manager.get({ lgaCode: code, email: alone.email }).go()).data!.roles].sort()).toEqual(['account_manager', 'closure_administrator']);

    const second = await createUser({});
    expect((await call(SET, { c: code, e: second.email, r: ['account_manager'] }, alone)).errors).toBeUndefined();
    const now = await call(SET, { c: code, e: alone.email, r: ['closure_administrator'] }, alone);
    expect(now.errors).toBeUndefined();
    expect(now.data!.setManager.roles).toEqual(['closure_administrator']);
  });

  it('can be removed by an admin, who can repair the LGA afterwards', async () => {
    const code = '50910';
    await prepareLga(code, 'active');
    const alone = await createUser({ manages: [{ lgaCode: code, roles: ['account_manager'] }] });
    const res = await call(REMOVE, { c: code, e: alone.email }, admin);
    expect(res.errors).toBeUndefined();
  });
});
