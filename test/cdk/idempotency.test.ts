// Safe retries in AWS: every domain that serves a keyed write may write its idempotency records
// to the table (the table's TTL on `expiresAt`, which removes old records, is asserted in stack.test.ts).
import { describe, expect, it } from 'vitest';
import { apiDomains } from '../../lambdas/api/domains';
import { IDEMPOTENT_MUTATIONS } from '../../lambdas/core/idempotency';
import { domainTableAccess } from '../../lib/api';

describe('idempotency records in AWS', () => {
  it('every keyed write is served by a domain with read-write table access', () => {
    for (const name of IDEMPOTENT_MUTATIONS) {
      const domain = Object.entries(apiDomains).find(([, d]) => d.fields.Mutation?.includes(name))?.[0];
      expect(domain, `${name} is wired to a domain`).toBeDefined();
      expect(domainTableAccess[domain!] ?? 'readwrite', `${name} (${domain})`).toBe('readwrite');
    }
  });
});
