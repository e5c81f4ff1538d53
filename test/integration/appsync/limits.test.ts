// The local AppSync refuses deep, wide and oversized requests before any resolver runs, with the
// limits AppSync applies in AWS (lib/api-limits.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_DEPTH_LIMIT, QUERY_LIMIT_ERROR_TYPE, RESOLVER_COUNT_LIMIT, queryLimitMessages } from '../../../lib/api-limits';
import { API_KEY, startTestApi, type TestApi } from './support';

const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `c${i}: closure(id: "c-${i}") { id }`).join(' ')} }`;

/** An introspection selection nested `levels` fields deep (__Type.ofType is recursive). */
function nested(levels: number): string {
  let inner = 'name';
  for (let depth = 1; depth < levels - 2; depth++) inner = `ofType { ${inner} }`;
  return `{ __schema { queryType { ${inner} } } }`;
}

describe('request limits of the local AppSync', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const calls = () => api.events.get('Query.closure')?.length ?? 0;

  it('refuses 500 aliased root fields at once without running a resolver', async () => {
    const before = calls();
    const { status, body } = await api.post({ query: aliased(500) }, { 'x-api-key': API_KEY });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([expect.objectContaining({ errorType: QUERY_LIMIT_ERROR_TYPE, message: queryLimitMessages.resolvers(500) })]);
    expect(calls()).toBe(before);
  });

  it('refuses aliases hidden in fragments the same way', async () => {
    const fields = Array.from({ length: 30 }, (_, i) => `c${i}: closure(id: "x") { id }`).join(' ');
    const query = `query { ...A } fragment A on Query { ${fields} }`;
    const { body } = await api.post({ query }, { 'x-api-key': API_KEY });
    expect(body.errors[0]).toMatchObject({ errorType: QUERY_LIMIT_ERROR_TYPE, message: queryLimitMessages.resolvers(30) });
  });

  it(`serves ${RESOLVER_COUNT_LIMIT} root fields, the most one request may run`, async () => {
    const { body } = await api.post({ query: aliased(RESOLVER_COUNT_LIMIT) }, { 'x-api-key': API_KEY });
    expect(body.errors).toBeUndefined();
    expect(Object.keys(body.data)).toHaveLength(RESOLVER_COUNT_LIMIT);
  });

  it(`refuses a query nested deeper than ${QUERY_DEPTH_LIMIT} levels and serves one at the limit`, async () => {
    const deep = await api.post({ query: nested(QUERY_DEPTH_LIMIT + 1) }, { 'x-api-key': API_KEY });
    expect(deep.body.errors).toEqual([
      expect.objectContaining({ errorType: QUERY_LIMIT_ERROR_TYPE, message: queryLimitMessages.depth(QUERY_DEPTH_LIMIT + 1) }),
    ]);
    const atLimit = await api.post({ query: nested(QUERY_DEPTH_LIMIT) }, { 'x-api-key': API_KEY });
    expect(atLimit.body.errors).toBeUndefined();
    expect(atLimit.body.data.__schema.queryType).toBeTruthy();
  });

  it('refuses a document of more tokens than the limit before parsing it all', async () => {
    const query = `{ closure(id: "x") { ${'id '.repeat(20_000)} } }`;
    const { body } = await api.post({ query }, { 'x-api-key': API_KEY });
    expect(body.errors).toEqual([expect.objectContaining({ errorType: QUERY_LIMIT_ERROR_TYPE, message: queryLimitMessages.tokens() })]);
  });

  it('refuses a request body over the size limit with 413', async () => {
    const { status, body } = await api.post({ query: '{ closure(id: "x") { id } }', variables: { pad: 'x'.repeat(2 * 1024 * 1024) } }, { 'x-api-key': API_KEY });
    expect(status).toBe(413);
    expect(body.errors).toEqual([expect.objectContaining({ errorType: 'PayloadTooLargeException', message: queryLimitMessages.body() })]);
  });
});
