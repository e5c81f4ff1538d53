import { describe, expect, it } from 'vitest';
import { deriveAccess } from '../../auth/access';
import type { Me } from '../../auth/api/me';
import { showRequestAccess } from '../../navigation/nav-model';

const me = (over: Partial<Me>): Me => ({
  uid: 'u', email: 'x@forbes.example', displayName: 'X', preferredName: null, admin: false, staff: false, managed: [], lgaCode: null, ...over,
});

describe('Request Access to LGA button', () => {
  it('shows when the server offers it (me.canRequestAccess) and hides once a request is pending', () => {
    const access = deriveAccess(me({ canRequestAccess: true }));
    expect(showRequestAccess(access)).toBe(true);
    expect(showRequestAccess(access, true)).toBe(false);
  });
  it('hides for assigned staff, residents and admins', () => {
    expect(showRequestAccess(deriveAccess(me({ canRequestAccess: true, staff: true, managed: [{ lgaCode: '12900', lgaName: 'Forbes', roles: [], customerStatus: 'active' }] })))).toBe(false);
    expect(showRequestAccess(deriveAccess(me({})))).toBe(false);
    expect(showRequestAccess(deriveAccess(me({ staff: true })))).toBe(false);
    expect(showRequestAccess(deriveAccess(me({ canRequestAccess: true, admin: true })))).toBe(false);
  });
});
