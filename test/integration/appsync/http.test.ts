import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, accessToken, startTestApi, type TestApi } from './support';

const CLOSURE = 'query ($id: ID!) { closure(id: $id) { id lgaCode reason updatedAt } }';

describe('local AppSync over HTTP', () => {
  let api: TestApi;
  let staffToken: string;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi();
    staffToken = await accessToken(api.issuer, { sub: 'staff-1', username: 'staff' });
    adminToken = await accessToken(api.issuer, { sub: 'admin-1', username: 'admin', groups: ['admin'] });
  });
  afterAll(() => api.close());

  it('answers the CORS preflight for any origin with the headers amplify sends', async () => {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key,content-type,x-amz-user-agent' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/x-api-key.*authorization.*x-amz-user-agent.*x-amz-date/);
  });

  it('leaves other paths to the host server', async () => {
    const response = await fetch(`${api.url}/config.json`);
    expect(response.status).toBe(404);
  });

  it('runs a public query with the API key and hands the Lambda an AppSync event', async () => {
    const { status, body } = await api.post({ query: CLOSURE, variables: { id: 'c-1' } }, { 'x-api-key': API_KEY });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { closure: { id: 'c-1', lgaCode: '12900', reason: 'Flooding', updatedAt: 1_700_000_000 } } });
    const event = api.events.get('Query.closure')!.at(-1) as any;
    expect(event).toMatchObject({
      arguments: { id: 'c-1' },
      identity: null,
      source: null,
      prev: null,
      stash: {},
      request: { domainName: null, headers: { 'x-api-key': API_KEY } },
      info: { fieldName: 'closure', parentTypeName: 'Query', variables: { id: 'c-1' }, selectionSetList: ['id', 'lgaCode', 'reason', 'updatedAt'] },
    });
    expect(event.info.selectionSetGraphQL).toContain('lgaCode');
  });

  it('refuses with the API key a field that only user pools may read, as AppSync does', async () => {
    const { status, body } = await api.post({ query: '{ me { uid } }' }, { 'x-api-key': API_KEY });
    expect(status).toBe(200);
    expect(body.data).toEqual({ me: null });
    expect(body.errors).toEqual([
      expect.objectContaining({ path: ['me'], errorType: 'Unauthorized', message: 'Not Authorized to access me on type Query' }),
    ]);
    expect(api.events.has('Query.me')).toBe(false);
  });

  it('applies the auth rules to nested fields and types too', async () => {
    const query = '{ closure(id: "c-2") { id internalNotes owner { uid } } }';
    const { body } = await api.post({ query }, { 'x-api-key': API_KEY });
    expect(body.data).toEqual({ closure: { id: 'c-2', internalNotes: null, owner: null } });
    expect(body.errors.map((e: any) => [e.path, e.errorType, e.message])).toEqual([
      [['closure', 'internalNotes'], 'Unauthorized', 'Not Authorized to access internalNotes on type Closure'],
      // owner inherits Closure's @aws_api_key, but Owner's own fields are user-pool only.
      [['closure', 'owner', 'uid'], 'Unauthorized', 'Not Authorized to access uid on type Owner'],
    ]);
    const asStaff = await api.post({ query }, { authorization: staffToken });
    expect(asStaff.body).toEqual({ data: { closure: { id: 'c-2', internalNotes: 'staff only', owner: { uid: 'owner-1' } } } });
  });

  it('accepts a user-pool token, raw or as a Bearer token, and passes the Cognito identity', async () => {
    const raw = await api.post({ query: '{ me { uid username groups } }' }, { authorization: adminToken });
    expect(raw.body).toEqual({ data: { me: { uid: 'admin-1', username: 'admin', groups: ['admin'] } } });
    const bearer = await api.post({ query: '{ me { uid } }' }, { authorization: `Bearer ${staffToken}` });
    expect(bearer.body).toEqual({ data: { me: { uid: 'staff-1' } } });
    const identity = (api.events.get('Query.me')!.at(-1) as any).identity;
    expect(identity).toMatchObject({ sub: 'staff-1', username: 'staff', defaultAuthStrategy: 'ALLOW', groups: null, sourceIp: ['127.0.0.1'] });
    expect(identity.issuer).toBe(api.issuer.issuer);
    expect(identity.claims.token_use).toBe('access');
  });

  it('enforces cognito_groups of @aws_cognito_user_pools', async () => {
    const staff = await api.post({ query: '{ adminReport }' }, { authorization: staffToken });
    expect(staff.body.errors[0]).toMatchObject({ errorType: 'Unauthorized', path: ['adminReport'] });
    const admin = await api.post({ query: '{ adminReport }' }, { authorization: adminToken });
    expect(admin.body).toEqual({ data: { adminReport: 'all good' } });
  });

  it('answers 401 UnauthorizedException without credentials, with a wrong key, or a forged token', async () => {
    const missing = await api.post({ query: CLOSURE, variables: { id: '1' } });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ errors: [{ errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.' }] });

    const wrongKey = await api.post({ query: CLOSURE, variables: { id: '1' } }, { 'x-api-key': 'da2-wrong' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.errors[0]).toEqual({ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' });

    const forged = await api.issuer.sign({ sub: 'attacker', username: 'attacker' }, { key: api.issuer.foreignKey });
    const forgedResponse = await api.post({ query: '{ me { uid } }' }, { authorization: forged });
    expect(forgedResponse.status).toBe(401);
    expect(forgedResponse.body.errors[0].errorType).toBe('UnauthorizedException');

    const garbage = await api.post({ query: '{ me { uid } }' }, { authorization: 'not-a-jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.errors[0].message).toBe('Unable to parse JWT token.');
  });

  it('reports a typed resolver error with its errorType and message, and masks anything else', async () => {
    const typed = await api.post({ query: '{ failing(kind: "typed") }' }, { 'x-api-key': API_KEY });
    expect(typed.body).toEqual({
      data: { failing: null },
      errors: [
        {
          path: ['failing'],
          data: null,
          errorType: 'NotFound',
          errorInfo: null,
          locations: [{ line: 1, column: 3, sourceName: null }],
          message: 'Closure not found',
        },
      ],
    });

    const crash = await api.post({ query: '{ failing(kind: "crash") }' }, { 'x-api-key': API_KEY });
    expect(crash.body.errors).toEqual([
      expect.objectContaining({ path: ['failing'], errorType: 'Internal', message: 'Something went wrong. Please try again.' }),
    ]);
    expect(JSON.stringify(crash.body)).not.toMatch(/ECONNREFUSED|road-closures-local|at /);
    expect(api.logs.some((line) => line.includes('Query.failing') && line.includes('ECONNREFUSED'))).toBe(true);
  });

  it('round-trips AWSJSON: a JSON string in, the parsed value to the Lambda, a JSON string out', async () => {
    const value = { type: 'LineString', coordinates: [[148.0, -33.4], [148.1, -33.5]] };
    const { body } = await api.post({ query: 'query ($v: AWSJSON!) { echoJson(value: $v) }', variables: { v: JSON.stringify(value) } }, { 'x-api-key': API_KEY });
    expect(typeof body.data.echoJson).toBe('string');
    expect(JSON.parse(body.data.echoJson)).toEqual(value);
    expect((api.events.get('Query.echoJson')!.at(-1) as any).arguments.value).toEqual(value);

    const objectInstead = await api.post({ query: 'query ($v: AWSJSON!) { echoJson(value: $v) }', variables: { v: value } }, { 'x-api-key': API_KEY });
    expect(objectInstead.body.data).toBeNull();
    expect(objectInstead.body.errors[0].message).toMatch(/valid JSON/);
  });

  it('returns null for a root field without a resolver, and GraphQL errors for invalid documents', async () => {
    const unresolved = await api.post({ query: '{ unresolved }' }, { 'x-api-key': API_KEY });
    expect(unresolved.body).toEqual({ data: { unresolved: null } });

    const invalid = await api.post({ query: '{ closure(id: "1") { nope } }' }, { 'x-api-key': API_KEY });
    expect(invalid.status).toBe(200);
    expect(invalid.body.data).toBeNull();
    expect(invalid.body.errors[0].message).toMatch(/nope/);

    const notJson = await api.post('{', { 'x-api-key': API_KEY });
    expect(notJson.status).toBe(400);
  });
});
