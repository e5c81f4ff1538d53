// The role rules of spec §6 as a table: each row a principal, each column a question.
import { describe, expect, it } from 'vitest';
import {
  canManageLga,
  canModerateLga,
  hasActiveCustomer,
  hasRole,
  isExCustomerStatus,
  isStaff,
  isValidSubscription,
  staffAccess,
  type Principal,
  type StaffRole,
} from '../../lambdas/core/access';

const FORBES = '12900';
const principal = (over: Partial<Principal>): Principal => ({ uid: 'u', email: 'u@example.com', admin: false, managed: [], ...over });
const staffWith = (roles: StaffRole[], customerStatus: Principal['managed'][number]['customerStatus'] = 'active', lgaCode = FORBES) =>
  principal({ managed: [{ lgaCode, roles, customerStatus }] });

const cases: [string, Principal, { manage: boolean; moderate: boolean; closures: 'ok' | 'forbidden' | 'unpaid'; staff: boolean }][] = [
  ['resident', principal({}), { manage: false, moderate: false, closures: 'forbidden', staff: false }],
  ['admin', principal({ admin: true }), { manage: true, moderate: true, closures: 'ok', staff: false }],
  ['account manager', staffWith(['account_manager']), { manage: true, moderate: true, closures: 'forbidden', staff: true }],
  ['closure administrator', staffWith(['closure_administrator']), { manage: true, moderate: true, closures: 'ok', staff: true }],
  ['submission moderator', staffWith(['submission_moderator']), { manage: false, moderate: true, closures: 'forbidden', staff: true }],
  ['media comms manager', staffWith(['media_comms_manager']), { manage: false, moderate: false, closures: 'forbidden', staff: true }],
  ['closure admin of another LGA', staffWith(['closure_administrator'], 'active', '10050'), { manage: false, moderate: false, closures: 'forbidden', staff: true }],
  ['ex-customer closure admin', staffWith(['closure_administrator'], 'canceled'), { manage: true, moderate: true, closures: 'unpaid', staff: true }],
  ['trialing closure admin', staffWith(['closure_administrator'], 'trialing'), { manage: true, moderate: true, closures: 'ok', staff: true }],
  ['new-customer closure admin', staffWith(['closure_administrator'], 'none'), { manage: true, moderate: true, closures: 'unpaid', staff: true }],
];

describe.each(cases)('%s', (_name, p, expected) => {
  it('canManageLGA', () => expect(canManageLga(p, FORBES)).toBe(expected.manage));
  it('canModerateLGA', () => expect(canModerateLga(p, FORBES)).toBe(expected.moderate));
  it('may change Forbes closures', () => expect(staffAccess(p, FORBES, 'closure_administrator')).toBe(expected.closures));
  it('is staff', () => expect(isStaff(p)).toBe(expected.staff));
});

describe('subscription states (spec §4)', () => {
  it('treats active and trialing as valid, canceled and unpaid as ex-customer, none as neither', () => {
    expect(['active', 'trialing', 'canceled', 'unpaid', 'none'].map((s) => isValidSubscription(s as never))).toEqual([true, true, false, false, false]);
    expect(['active', 'trialing', 'canceled', 'unpaid', 'none'].map((s) => isExCustomerStatus(s as never))).toEqual([false, false, true, true, false]);
  });

  it('lets admins pass the active-customer check anywhere', () => {
    expect(hasActiveCustomer(principal({ admin: true }), '99999')).toBe(true);
    expect(hasRole(principal({ admin: true }), '99999', 'announcement_manager')).toBe(true);
  });
});
