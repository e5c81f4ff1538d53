import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, RealtimeClient, accessToken, startTestApi, type TestApi } from './support';

const ON_CHANGED = 'subscription ($lgaCode: String) { onClosureChanged(lgaCode: $lgaCode) { id lgaCode reason } }';
const UPDATE = 'mutation ($id: ID!, $lgaCode: String!, $reason: String, $geometry: AWSJSON) { updateClosure(id: $id, lgaCode: $lgaCode, reason: $reason, geometry: $geometry) { id lgaCode reason geometry updatedAt internalNotes } }';

describe('local AppSync realtime endpoint', () => {
  let api: TestApi;
  let staffToken: string;
  const clients: RealtimeClient[] = [];
  const apiKeyHeader = () => ({ host: `127.0.0.1:${api.port}`, 'x-amz-date': '20260101T000000Z', 'x-api-key': API_KEY });
  const userPoolHeader = () => ({ host: `127.0.0.1:${api.port}`, Authorization: staffToken });
  const connect = async (header: Record<string, string> = apiKeyHeader(), transport?: 'subprotocol' | 'query') => {
    const client = await RealtimeClient.connect(api.port, header, transport);
    clients.push(client);
    return client;
  };
  const mutate = (variables: Record<string, unknown>, headers: Record<string, string> = { authorization: staffToken }) =>
    api.post({ query: UPDATE, variables }, headers);

  beforeAll(async () => {
    api = await startTestApi({ keepAliveIntervalMs: 25 });
    staffToken = await accessToken(api.issuer, { sub: 'staff-1', username: 'staff' });
  });
  afterEach(() => {
    clients.splice(0).forEach((client) => client.close());
  });
  afterAll(() => api.close());

  it('acknowledges connection_init with AppSync connectionTimeoutMs, then keeps the connection alive', async () => {
    const client = await connect();
    expect(client.ws.protocol).toBe('graphql-ws');
    const ack = await client.init();
    expect(ack).toEqual({ type: 'connection_ack', payload: { connectionTimeoutMs: 300_000 } });
    await client.next((m) => m.type === 'ka' && client.messages.filter((n) => n.type === 'ka').length >= 3);
    expect(client.messages.filter((m) => m.type === 'ka').length).toBeGreaterThanOrEqual(3);
  });

  it('accepts the connection header as ?header=…&payload=e30= too', async () => {
    const client = await connect(userPoolHeader(), 'query');
    expect((await client.init()).type).toBe('connection_ack');
  });

  it('refuses a connection with a wrong API key with a 401 connection_error and closes it', async () => {
    const client = await connect({ ...apiKeyHeader(), 'x-api-key': 'da2-wrong' });
    const reply = await client.init();
    expect(reply).toEqual({
      type: 'connection_error',
      payload: { errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.', errorCode: 401 }] },
    });
    await client.closed;
  });

  it('delivers a mutation to the subscribers whose arguments match its result, shaped by their selection', async () => {
    const council = await connect();
    await council.init();
    const [forA, forB, forAll] = await Promise.all([
      council.start('sub-a', ON_CHANGED, { lgaCode: 'A' }, apiKeyHeader()),
      council.start('sub-b', ON_CHANGED, { lgaCode: 'B' }, apiKeyHeader()),
      council.start('sub-all', 'subscription { onClosureChanged { id geometry } }', {}, apiKeyHeader()),
    ]);
    expect([forA, forB, forAll]).toEqual([
      { type: 'start_ack', id: 'sub-a' },
      { type: 'start_ack', id: 'sub-b' },
      { type: 'start_ack', id: 'sub-all' },
    ]);

    const geometry = { type: 'LineString', coordinates: [[148, -33], [148.1, -33.1]] };
    const response = await mutate({ id: 'c-1', lgaCode: 'A', reason: 'Flooding', geometry: JSON.stringify(geometry) });
    expect(response.body.errors).toBeUndefined();

    const dataA = await council.next((m) => m.type === 'data' && m.id === 'sub-a');
    expect(dataA).toEqual({ type: 'data', id: 'sub-a', payload: { data: { onClosureChanged: { id: 'c-1', lgaCode: 'A', reason: 'Flooding' } } } });
    const dataAll = await council.next((m) => m.type === 'data' && m.id === 'sub-all');
    expect(JSON.parse(dataAll.payload.data.onClosureChanged.geometry)).toEqual(geometry);

    await mutate({ id: 'c-2', lgaCode: 'B', reason: 'Roadworks' });
    const dataB = await council.next((m) => m.type === 'data' && m.id === 'sub-b');
    expect(dataB.payload.data.onClosureChanged).toEqual({ id: 'c-2', lgaCode: 'B', reason: 'Roadworks' });
    const received = (id: string) => council.messages.filter((m) => m.type === 'data' && m.id === id).map((m) => m.payload.data.onClosureChanged.id);
    expect(received('sub-a')).toEqual(['c-1']);
    expect(received('sub-b')).toEqual(['c-2']);
  });

  it("applies the subscriber's auth rules and the mutation's selection set to the payload", async () => {
    const visitor = await connect();
    await visitor.init();
    const staff = await connect(userPoolHeader());
    await staff.init();
    const query = 'subscription { onClosureChanged(lgaCode: "N") { id internalNotes owner { uid } } }';
    await visitor.start('v', query, {}, apiKeyHeader());
    await staff.start('s', query, {}, userPoolHeader());

    await mutate({ id: 'c-3', lgaCode: 'N' });
    const forStaff = await staff.next((m) => m.type === 'data');
    // owner was not selected by the mutation, so AppSync has nothing to send for it.
    expect(forStaff.payload.data).toEqual({ onClosureChanged: { id: 'c-3', internalNotes: 'staff only', owner: null } });
    const forVisitor = await visitor.next((m) => m.type === 'data');
    expect(forVisitor.payload.data).toEqual({ onClosureChanged: { id: 'c-3', internalNotes: null, owner: null } });
    expect(forVisitor.payload.errors).toEqual([
      expect.objectContaining({ path: ['onClosureChanged', 'internalNotes'], errorType: 'Unauthorized', message: 'Not Authorized to access internalNotes on type Closure' }),
    ]);
  });

  it("invokes the subscription's resolver at start with the subscriber's identity, and fails the start when it throws", async () => {
    const client = await connect(userPoolHeader());
    await client.init();
    const refused = await client.start('g-b', 'subscription { onGuardedClosure(lgaCode: "B") { id } }', {}, userPoolHeader());
    expect(refused).toEqual({ type: 'error', id: 'g-b', payload: { errors: [{ errorType: 'Forbidden', message: 'You may only follow council A' }] } });

    const accepted = await client.start('g-a', 'subscription { onGuardedClosure(lgaCode: "A") { id } }', {}, userPoolHeader());
    expect(accepted).toEqual({ type: 'start_ack', id: 'g-a' });
    const event = api.events.get('Subscription.onGuardedClosure')!.at(-1) as any;
    expect(event).toMatchObject({ arguments: { lgaCode: 'A' }, identity: { sub: 'staff-1', username: 'staff' }, info: { parentTypeName: 'Subscription', fieldName: 'onGuardedClosure' } });

    await mutate({ id: 'c-4', lgaCode: 'B' });
    await mutate({ id: 'c-5', lgaCode: 'A' });
    const data = await client.next((m) => m.type === 'data');
    expect(data).toMatchObject({ id: 'g-a', payload: { data: { onGuardedClosure: { id: 'c-5' } } } });
    expect(client.messages.filter((m) => m.id === 'g-b' && m.type === 'data')).toEqual([]);
  });

  it('refuses a subscription the auth directives do not allow, or whose credentials are wrong', async () => {
    const client = await connect();
    await client.init();
    const directive = await client.start('staff-only', 'subscription { onStaffOnly { id } }', {}, apiKeyHeader());
    expect(directive).toEqual({ type: 'error', id: 'staff-only', payload: { errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access onStaffOnly on type Subscription' }] } });
    const forged = await api.issuer.sign({ sub: 'x' }, { key: api.issuer.foreignKey });
    const badToken = await client.start('bad', ON_CHANGED, {}, { host: 'x', Authorization: forged });
    expect(badToken).toMatchObject({ type: 'error', id: 'bad', payload: { errors: [{ errorType: 'UnauthorizedException' }] } });
  });

  it('completes a stopped subscription and sends it nothing more', async () => {
    const client = await connect();
    await client.init();
    await client.start('s-1', ON_CHANGED, { lgaCode: 'S' }, apiKeyHeader());
    api.appsync.publish('updateClosure', { id: 'c-6', lgaCode: 'S', reason: 'direct publish' });
    expect((await client.next((m) => m.type === 'data')).payload.data.onClosureChanged.reason).toBe('direct publish');

    client.send({ type: 'stop', id: 's-1' });
    expect(await client.next((m) => m.type === 'complete')).toEqual({ type: 'complete', id: 's-1' });
    api.appsync.publish('updateClosure', { id: 'c-7', lgaCode: 'S' });
    // A fresh subscription on the same socket proves the publish was processed before we look.
    await client.start('s-2', ON_CHANGED, { lgaCode: 'S' }, apiKeyHeader());
    api.appsync.publish('updateClosure', { id: 'c-8', lgaCode: 'S' });
    await client.next((m) => m.type === 'data' && m.id === 's-2');
    expect(client.messages.filter((m) => m.type === 'data').map((m) => [m.id, m.payload.data.onClosureChanged.id])).toEqual([
      ['s-1', 'c-6'],
      ['s-2', 'c-8'],
    ]);
  });

  it('reports an invalid subscription document and unknown message types as errors', async () => {
    const client = await connect();
    await client.init();
    const invalid = await client.start('bad-doc', 'subscription { onClosureChanged { nope } }', {}, apiKeyHeader());
    expect(invalid.type).toBe('error');
    expect(invalid.payload.errors[0].message).toMatch(/nope/);
    client.send({ type: 'publish', id: 'p' });
    expect(await client.next((m) => m.id === 'p')).toMatchObject({ type: 'error', payload: { errors: [{ errorType: 'UnsupportedOperation' }] } });
  });
});
