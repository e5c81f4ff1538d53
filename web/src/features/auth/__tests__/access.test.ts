import { describe, expect, it } from 'vitest';
import { deriveAccess } from '../access';
import { validateSignUp, MIN_PASSWORD_LENGTH } from '../validation';
import { ALL_ROLES, makeMe, managed } from '../../routing/__tests__/fixtures';

describe('deriveAccess', () => {
  it('anonymous has nothing', () => {
    const a = deriveAccess(null);
    expect([a.signedIn, a.isAdmin, a.isStaff, a.hasActiveCustomer]).toEqual([false, false, false, false]);
  });

  it('customer states: active, new and ex-customer', () => {
    expect(deriveAccess(makeMe({ staff: true, managed: [managed('1', [], 'trialing')] })).hasActiveCustomer).toBe(true);
    const fresh = deriveAccess(makeMe({ staff: true, managed: [managed('1', [], 'none')] }));
    expect([fresh.isNewCustomer, fresh.isExCustomer, fresh.hasActiveCustomer]).toEqual([true, false, false]);
    const lapsed = deriveAccess(makeMe({ staff: true, managed: [managed('1', [], 'unpaid')] }));
    expect([lapsed.isNewCustomer, lapsed.isExCustomer]).toEqual([false, true]);
    const mixed = deriveAccess(makeMe({ staff: true, managed: [managed('1', [], 'canceled'), managed('2', [], 'active')] }));
    expect([mixed.isExCustomer, mixed.hasActiveCustomer]).toEqual([false, true]);
  });

  it('admins pass the customer check and hold every role', () => {
    const a = deriveAccess(makeMe({ admin: true }));
    expect([a.hasActiveCustomer, a.hasRole('media_comms_manager'), a.managesLga('999'), a.isNewCustomer]).toEqual([true, true, true, false]);
  });

  it('canManageLGA and canModerateLGA follow spec §6', () => {
    const closureAdmin = deriveAccess(makeMe({ staff: true, managed: [managed('12900', ['closure_administrator'])] }));
    expect([closureAdmin.canManageLGA('12900'), closureAdmin.canModerateLGA('12900'), closureAdmin.canManageLGA('1')]).toEqual([true, true, false]);
    const moderator = deriveAccess(makeMe({ staff: true, managed: [managed('12900', ['submission_moderator'])] }));
    expect([moderator.canManageLGA(), moderator.canModerateLGA()]).toEqual([false, true]);
    const comms = deriveAccess(makeMe({ staff: true, managed: [managed('12900', ['media_comms_manager'])] }));
    expect([comms.canManageLGA(), comms.canModerateLGA()]).toEqual([false, false]);
  });

  it('ignores unknown role names', () => {
    const a = deriveAccess(makeMe({ staff: true, managed: [managed('12900', [...ALL_ROLES, 'wizard'])] }));
    expect(a.rolesByLga['12900']).toHaveLength(5);
  });
});

describe('validateSignUp', () => {
  const good = { name: 'Sam', email: ' Sam@Example.COM ', password: 'long enough', confirmPassword: 'long enough' };

  it('accepts a complete form (email is trimmed and lowercased before checking)', () => {
    expect(validateSignUp(good)).toEqual({});
  });

  it('refuses empty fields, short and mismatched passwords', () => {
    expect(validateSignUp({ name: ' ', email: '', password: '', confirmPassword: '' })).toEqual({
      name: 'Enter your name', email: 'Enter your email address', password: 'Enter a password', confirmPassword: 'Enter the password again',
    });
    expect(validateSignUp({ ...good, password: 'x'.repeat(MIN_PASSWORD_LENGTH - 1), confirmPassword: 'x'.repeat(MIN_PASSWORD_LENGTH - 1) }).password).toMatch(/at least 8/);
    expect(validateSignUp({ ...good, confirmPassword: 'different!' }).confirmPassword).toBe('The passwords do not match');
    expect(validateSignUp({ ...good, email: 'nope' }).email).toMatch(/valid email/);
  });
});
