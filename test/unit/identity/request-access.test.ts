// "Request Access to LGA" (spec §2): offered to someone at a council's mail domain who is on no
// LGA's managers list and has no request waiting; the mail domains the council lookup reads.
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../lambdas/core/access';
import { canRequestAccess, candidateEmailDomains } from '../../../lambdas/core/identity/request-access';

const FORBES = { code: '12900', emailSuffix: 'forbes.nsw.gov.au' };
const officer = (over: Partial<Principal> = {}): Principal => ({ uid: 'u1', email: 'jo@forbes.nsw.gov.au', admin: false, managed: [], ...over });

describe('candidateEmailDomains', () => {
  it('lists the domain and each parent down to two labels', () => {
    expect(candidateEmailDomains('Jo@IT.Forbes.nsw.gov.au')).toEqual(['it.forbes.nsw.gov.au', 'forbes.nsw.gov.au', 'nsw.gov.au', 'gov.au']);
    expect(candidateEmailDomains('jo@example.com')).toEqual(['example.com']);
  });
  it('gives nothing for addresses that have no usable domain', () => {
    expect(candidateEmailDomains('jo@localhost')).toEqual([]);
    expect(candidateEmailDomains('no-at-sign')).toEqual([]);
    expect(candidateEmailDomains('a@b@c.com')).toEqual([]);
    expect(candidateEmailDomains(`jo@${'a.'.repeat(20)}au`)).toEqual([]);
  });
});

describe('canRequestAccess', () => {
  it('offers the button to someone at the council mail domain (or a subdomain) with nothing pending', () => {
    expect(canRequestAccess(officer(), { councils: [FORBES], pendingRequests: 0 })).toBe(true);
    expect(canRequestAccess(officer({ email: 'jo@it.forbes.nsw.gov.au' }), { councils: [FORBES], pendingRequests: 0 })).toBe(true);
  });
  it('hides it while a request is pending', () => {
    expect(canRequestAccess(officer(), { councils: [FORBES], pendingRequests: 1 })).toBe(false);
  });
  it('hides it for staff already on a managers list and for admins', () => {
    const managed = [{ lgaCode: '12900', roles: [], customerStatus: 'active' as const }];
    expect(canRequestAccess(officer({ managed }), { councils: [FORBES], pendingRequests: 0 })).toBe(false);
    expect(canRequestAccess(officer({ admin: true }), { councils: [FORBES], pendingRequests: 0 })).toBe(false);
  });
  it('hides it without the managed claim: no council, a stale lookup, a lookalike domain, an unverified email', () => {
    expect(canRequestAccess(officer({ email: 'jo@gmail.com' }), { councils: [], pendingRequests: 0 })).toBe(false);
    expect(canRequestAccess(officer(), { councils: [{ code: '12900', emailSuffix: 'other.nsw.gov.au' }], pendingRequests: 0 })).toBe(false);
    expect(canRequestAccess(officer({ email: 'jo@notforbes.nsw.gov.au' }), { councils: [FORBES], pendingRequests: 0 })).toBe(false);
    expect(canRequestAccess(officer({ emailUnverified: true }), { councils: [FORBES], pendingRequests: 0 })).toBe(false);
  });
});
