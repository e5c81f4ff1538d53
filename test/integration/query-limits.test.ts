// On the real local stack: the one-line denial of service (500 aliased `lgas` fields from an
// anonymous caller) is refused at once instead of being served.
import { describe, expect, inject, it } from 'vitest';
import { QUERY_LIMIT_ERROR_TYPE, queryLimitMessages } from '../../lib/api-limits';

describe('request limits on the local stack', () => {
  it('refuses 500 aliased lgas fields from an anonymous caller', async () => {
    const stack = inject('stack');
    const query = `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: lgas { code name }`).join(' ')} }`;
    const response = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': stack.apiKey },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { data: unknown; errors: { errorType: string; message: string }[] };
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([expect.objectContaining({ errorType: QUERY_LIMIT_ERROR_TYPE, message: queryLimitMessages.resolvers(500) })]);
    expect(JSON.stringify(body).length).toBeLessThan(1000);
  });
});
