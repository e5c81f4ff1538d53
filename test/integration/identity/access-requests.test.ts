// Access requests end to end: who may ask (the spec's two messages), the account managers'
// dashboard card (5 newest pending + count), accepting (with adjusted roles) or rejecting in one
// transaction, what the requester then sees, and the domain events.
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cognitoClient } from '../../../local/cognito';
import { setLocalEventSink, type DomainEvent } from '../../../lambdas/adapters/platform/events';
import { db } from '../../../lambdas/adapters/db/db';
import { createAccessRequest } from '../../../lambdas/adapters/identity/staff';
import { accessRequestId } from '../../../lambdas/core/identity/staff-access';
import { handler } from '../../../lambdas/api/identity/handler';
import { useStackTable } from '../../support/api';
import { call, createUser, partition, prepareLga, unique, type TestUser } from './support';

const LGA = '50560'; // active customer, council mail domain below
const CARD_LGA = '50630'; // only the dashboard-card test writes here, so its count is exact
const DOMAIN = 'requests.wa.gov.example';
const REQUEST = 'mutation($c: String!, $r: [String!]) { requestLgaAccess(lgaCode: $c, roles: $r) { id lgaCode lgaName uid email roles status requestedAt } }';
const LIST = 'query($c: String!, $s: AccessRequestStatus, $l: Int) { accessRequests(lgaCode: $c, status: $s, limit: $l) { pendingCount items { id status roles email requestedAt } } }';
const RESPOND = 'mutation($c: String!, $r: ID!, $d: AccessRequestDecision!, $roles: [String!]) { respondToAccessRequest(lgaCode: $c, requestId: $r, decision: $d, roles: $roles) { id status roles grantedRoles respondedAt } }';
const MINE = 'query { myAccessRequests { id lgaCode status grantedRoles } }';

let accountManager: TestUser;
const pendingCount = async (code: string) => (await db().entities.counter.get({ name: 'accessRequestsPending', scope: code }).go()).data?.count ?? 0;
const officer = () => createUser({ email: `officer.${unique()}@${DOMAIN}` });

beforeAll(async () => {
  useStackTable();
  await prepareLga(LGA, 'active', DOMAIN);
  await prepareLga(CARD_LGA, 'active');
  accountManager = await createUser({ manages: [{ lgaCode: LGA, roles: ['account_manager'] }, { lgaCode: CARD_LGA, roles: ['account_manager'] }] });
});

describe('requestLgaAccess', () => {
  it('tells a signed-out visitor to sign in as staff', async () => {
    const res = await call(REQUEST, { c: LGA, r: [] }, null);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: 'You must be signed in as a staff member to request access to an LGA' });
  });

  it('refuses someone without the managed claim (not at the council mail domain) and stores nothing', async () => {
    const resident = await createUser({});
    const before = await partition(`LGA#${LGA}`);
    const res = await call(REQUEST, { c: LGA, r: [] }, resident);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'Forbidden', message: "You don't have permissions to request access to an LGA." });
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
  });

  it.each([
    ['a malformed LGA code', { c: 'x1', r: [] }, 'ValidationError', 'Invalid LGA'],
    ['an unknown LGA', { c: '99998', r: [] }, 'NotFound', 'Invalid LGA'],
    ['a role that does not exist', { c: LGA, r: ['superuser'] }, 'ValidationError', 'Invalid role'],
  ])('refuses %s and stores nothing', async (_name, variables, errorType, message) => {
    const user = await officer();
    const before = await partition(`LGA#${LGA}`);
    const res = await call(REQUEST, variables, user);
    expect(res.errors?.[0]).toMatchObject({ errorType, message });
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
    expect((await call(MINE, {}, user)).data!.myAccessRequests).toEqual([]);
  });

  it('lets a council officer ask once; a second request while one is pending is a conflict', async () => {
    const user = await officer();
    const countBefore = await pendingCount(LGA);
    const res = await call(REQUEST, { c: LGA, r: ['submission_moderator', 'closure_administrator'] }, user);
    expect(res.errors).toBeUndefined();
    expect(res.data!.requestLgaAccess).toMatchObject({
      lgaCode: LGA,
      lgaName: 'Beverley',
      uid: user.uid,
      email: user.email,
      roles: ['closure_administrator', 'submission_moderator'],
      status: 'pending',
    });
    expect(await pendingCount(LGA)).toBe(countBefore + 1);
    const again = await call(REQUEST, { c: LGA, r: [] }, user);
    expect(again.errors?.[0]).toMatchObject({ errorType: 'Conflict', message: 'You already have a pending request for this LGA' });
    expect(await pendingCount(LGA)).toBe(countBefore + 1);
    expect((await call(MINE, {}, user)).data!.myAccessRequests).toEqual([
      { id: res.data!.requestLgaAccess.id, lgaCode: LGA, status: 'pending', grantedRoles: null },
    ]);
  });
});

describe('the account managers’ dashboard card', () => {
  it('shows the 5 newest pending requests and the count of all pending ones', async () => {
    const base = 1_750_000_000;
    const made = [];
    for (let i = 0; i < 7; i++) {
      const request = { lgaCode: CARD_LGA, uid: `card-${i}-${unique()}`, requestedAt: base + i, email: `card${i}@example.com`, roles: [] };
      expect(await createAccessRequest(request)).toBe(true);
      made.push(request);
    }
    // One answered request: listed after the pending ones, not counted.
    await call(RESPOND, { c: CARD_LGA, r: accessRequestId(made[6]), d: 'REJECT' }, accountManager);

    const card = await call(LIST, { c: CARD_LGA, s: 'PENDING', l: 5 }, accountManager);
    expect(card.errors).toBeUndefined();
    expect(card.data!.accessRequests.pendingCount).toBe(6);
    expect(card.data!.accessRequests.items.map((r: any) => r.email)).toEqual(['card5@example.com', 'card4@example.com', 'card3@example.com', 'card2@example.com', 'card1@example.com']);

    const all = await call(LIST, { c: CARD_LGA }, accountManager);
    expect(all.data!.accessRequests.items.map((r: any) => r.status)).toEqual([...Array(6).fill('pending'), 'rejected']);
  });

  it.each([
    ['a limit of 0', { l: 0 }, 'Invalid limit'],
    ['a limit over 100', { l: 101 }, 'Invalid limit'],
  ])('refuses %s', async (_name, variables, message) => {
    const res = await call(LIST, { c: CARD_LGA, ...variables }, accountManager);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message });
  });
});

describe('respondToAccessRequest', () => {
  async function pendingRequest(roles: string[] = ['closure_administrator']) {
    const user = await officer();
    const res = await call(REQUEST, { c: LGA, r: roles }, user);
    return { user, id: res.data!.requestLgaAccess.id as string };
  }

  it('accepts with adjusted roles: the manager, the request and the count change together; the requester sees it', async () => {
    const { user, id } = await pendingRequest(['closure_administrator', 'submission_moderator']);
    const countBefore = await pendingCount(LGA);
    const res = await call(RESPOND, { c: LGA, r: id, d: 'ACCEPT', roles: ['submission_moderator', 'announcement_manager'] }, accountManager);
    expect(res.errors).toBeUndefined();
    expect(res.data!.respondToAccessRequest).toMatchObject({
      status: 'accepted',
      roles: ['closure_administrator', 'submission_moderator'],
      grantedRoles: ['submission_moderator', 'announcement_manager'],
    });
    expect(await pendingCount(LGA)).toBe(countBefore - 1);
    const manager = (await db().entities.manager.get({ lgaCode: LGA, email: user.email }).go()).data!;
    expect([...manager.roles].sort()).toEqual(['announcement_manager', 'submission_moderator']);
    expect((await call(MINE, {}, user)).data!.myAccessRequests[0]).toMatchObject({ id, status: 'accepted', grantedRoles: ['submission_moderator', 'announcement_manager'] });
    const me = await call('query { me { staff managed { lgaCode roles customerStatus } } }', {}, user);
    expect(me.data!.me).toEqual({ staff: true, managed: [{ lgaCode: LGA, roles: ['announcement_manager', 'submission_moderator'], customerStatus: 'active' }] });
    const stack = inject('stack');
    const groups = await cognitoClient(stack.ports.cognitoInternal).send(new AdminListGroupsForUserCommand({ UserPoolId: stack.userPoolId, Username: user.uid }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['staff']);
  });

  it('accepts with the requested roles when none are given, adding to roles the user already has', async () => {
    const { user, id } = await pendingRequest(['media_comms_manager']);
    await db().entities.manager.put({ lgaCode: LGA, email: user.email, roles: ['closure_administrator'], addedBy: 'test' }).go();
    const res = await call(RESPOND, { c: LGA, r: id, d: 'ACCEPT' }, accountManager);
    expect(res.data!.respondToAccessRequest.grantedRoles).toEqual(['media_comms_manager']);
    const manager = (await db().entities.manager.get({ lgaCode: LGA, email: user.email }).go()).data!;
    expect([...manager.roles].sort()).toEqual(['closure_administrator', 'media_comms_manager']);
  });

  it('rejects: no manager, and the request cannot be answered twice', async () => {
    const { user, id } = await pendingRequest();
    const res = await call(RESPOND, { c: LGA, r: id, d: 'REJECT' }, accountManager);
    expect(res.data!.respondToAccessRequest).toMatchObject({ status: 'rejected', grantedRoles: [] });
    expect((await db().entities.manager.get({ lgaCode: LGA, email: user.email }).go()).data).toBeNull();
    expect((await call(MINE, {}, user)).data!.myAccessRequests[0].status).toBe('rejected');
    const again = await call(RESPOND, { c: LGA, r: id, d: 'ACCEPT', roles: ['account_manager'] }, accountManager);
    expect(again.errors?.[0]).toMatchObject({ errorType: 'Conflict', message: 'This access request has already been answered' });
    expect((await db().entities.manager.get({ lgaCode: LGA, email: user.email }).go()).data).toBeNull();
  });

  it.each([
    ['accepting with no roles at all', { d: 'ACCEPT', roles: [] }, 'ValidationError', 'Choose at least one role'],
    ['an unknown decision', { d: 'MAYBE' }, undefined, undefined],
    ['a role that does not exist', { d: 'ACCEPT', roles: ['root'] }, 'ValidationError', 'Invalid role'],
  ])('refuses %s and changes nothing', async (_name, variables, errorType, message) => {
    const { id } = await pendingRequest([]);
    const before = await partition(`LGA#${LGA}`);
    const res = await call(RESPOND, { c: LGA, r: id, ...variables }, accountManager);
    expect(res.errors?.length).toBeGreaterThan(0);
    if (errorType) expect(res.errors![0]).toMatchObject({ errorType, message });
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
  });

  it('finds no request under another LGA or with a made-up id', async () => {
    const { id } = await pendingRequest();
    const elsewhere = await call(RESPOND, { c: CARD_LGA, r: id, d: 'REJECT' }, accountManager);
    expect(elsewhere.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Access request not found' });
    const madeUp = await call(RESPOND, { c: LGA, r: 'not-an-id', d: 'REJECT' }, accountManager);
    expect(madeUp.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Access request not found' });
  });
});

describe('domain events', () => {
  const events: DomainEvent[] = [];
  const context = { functionName: 'identity', awsRequestId: '1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
  const invoke = (fieldName: string, args: Record<string, unknown>, user: TestUser) =>
    handler(
      {
        arguments: args,
        identity: { sub: user.uid, username: user.uid, claims: { sub: user.uid } },
        info: { fieldName, parentTypeName: 'Mutation' },
        source: null,
        request: { headers: {} },
      } as unknown as AppSyncResolverEvent<Record<string, unknown>>,
      context,
    );

  beforeAll(() => {
    const stack = inject('stack');
    Object.assign(process.env, { USER_POOL_ID: stack.userPoolId, COGNITO_ENDPOINT: `http://127.0.0.1:${stack.ports.cognitoInternal}` });
    setLocalEventSink((event) => events.push(event));
  });
  afterAll(() => setLocalEventSink(undefined));

  it('publishes accessRequest.created and accessRequest.answered', async () => {
    const user = await officer();
    const created = (await invoke('requestLgaAccess', { lgaCode: LGA, roles: ['media_comms_manager'] }, user)) as { id: string };
    expect(events.at(-1)).toMatchObject({ type: 'accessRequest.created', actor: user.uid, detail: { lgaCode: LGA, requestId: created.id, uid: user.uid } });
    await invoke('respondToAccessRequest', { lgaCode: LGA, requestId: created.id, decision: 'ACCEPT' }, accountManager);
    expect(events.at(-1)).toMatchObject({
      type: 'accessRequest.answered',
      actor: accountManager.uid,
      detail: { lgaCode: LGA, requestId: created.id, uid: user.uid, decision: 'accepted', roles: ['media_comms_manager'] },
    });
  });
});
