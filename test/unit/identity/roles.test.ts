// The role rules of spec §6 as one table: each row a principal, each column a rule, for the
// Forbes LGA. Admin passes everything; roles are per LGA; ex-customers keep account management.
import { describe, expect, it } from 'vitest';
import {
  accessRequestCheck,
  accountsPageAccess,
  canManageAccounts,
  canManageLga,
  canModerateLga,
  dashboardCards,
  emailMatchesSuffix,
  hasActiveCustomer,
  holdsManagedClaim,
  staffAccess,
  type CustomerStatus,
  type Principal,
  type StaffRole,
} from '../../../lambdas/core/access';

const FORBES = { code: '12900', emailSuffix: 'forbes.nsw.gov.au' };
const base = (over: Partial<Principal>): Principal => ({ uid: 'u', email: 'someone@gmail.com', admin: false, managed: [], ...over });
const staff = (roles: StaffRole[], customerStatus: CustomerStatus = 'active', lgaCode = FORBES.code, email = 'officer@forbes.nsw.gov.au') =>
  base({ email, managed: [{ lgaCode, roles, customerStatus }] });

type Row = {
  manage: boolean;
  moderate: boolean;
  accounts: boolean;
  closures: 'ok' | 'forbidden' | 'unpaid';
  activeCustomer: boolean;
  request: ReturnType<typeof accessRequestCheck>;
  cards: string[];
};

const table: [string, Principal, Row][] = [
  ['resident (other mail domain)', base({}), { manage: false, moderate: false, accounts: false, closures: 'forbidden', activeCustomer: false, request: 'no-claim', cards: [] }],
  ['council officer, not yet staff', base({ email: 'new.officer@forbes.nsw.gov.au' }), { manage: false, moderate: false, accounts: false, closures: 'forbidden', activeCustomer: false, request: 'ok', cards: [] }],
  ['admin', base({ admin: true }), {
    manage: true, moderate: true, accounts: true, closures: 'ok', activeCustomer: true, request: 'ok',
    cards: ['access_requests', 'closure_summary', 'recent_changes', 'overdue_reopening', 'pending_reports', 'social_tasks', 'unsealed_roads'],
  }],
  ['account manager', staff(['account_manager']), { manage: true, moderate: true, accounts: true, closures: 'forbidden', activeCustomer: true, request: 'already-staff', cards: ['access_requests'] }],
  ['closure administrator', staff(['closure_administrator']), {
    manage: true, moderate: true, accounts: false, closures: 'ok', activeCustomer: true, request: 'already-staff', cards: ['closure_summary', 'recent_changes', 'overdue_reopening'],
  }],
  ['submission moderator', staff(['submission_moderator']), { manage: false, moderate: true, accounts: false, closures: 'forbidden', activeCustomer: true, request: 'already-staff', cards: ['pending_reports'] }],
  ['media comms manager', staff(['media_comms_manager']), { manage: false, moderate: false, accounts: false, closures: 'forbidden', activeCustomer: true, request: 'already-staff', cards: ['social_tasks'] }],
  ['announcement manager', staff(['announcement_manager']), { manage: false, moderate: false, accounts: false, closures: 'forbidden', activeCustomer: true, request: 'already-staff', cards: ['unsealed_roads'] }],
  ['account manager of another LGA', staff(['account_manager'], 'active', '10050', 'am@albury.nsw.gov.au'), {
    manage: false, moderate: false, accounts: false, closures: 'forbidden', activeCustomer: false, request: 'no-claim', cards: [],
  }],
  ['ex-customer account manager + closure admin', staff(['account_manager', 'closure_administrator'], 'canceled'), {
    manage: true, moderate: true, accounts: true, closures: 'unpaid', activeCustomer: false, request: 'already-staff', cards: ['access_requests'],
  }],
  ['trialing closure administrator', staff(['closure_administrator'], 'trialing'), {
    manage: true, moderate: true, accounts: false, closures: 'ok', activeCustomer: true, request: 'already-staff', cards: ['closure_summary', 'recent_changes', 'overdue_reopening'],
  }],
  ['new-customer account manager', staff(['account_manager'], 'none'), { manage: true, moderate: true, accounts: true, closures: 'forbidden', activeCustomer: false, request: 'already-staff', cards: ['access_requests'] }],
];

describe.each(table)('%s', (_name, p, row) => {
  it('canManageLGA', () => expect(canManageLga(p, FORBES.code)).toBe(row.manage));
  it('canModerateLGA', () => expect(canModerateLga(p, FORBES.code)).toBe(row.moderate));
  it('may manage accounts and answer access requests', () => expect(canManageAccounts(p, FORBES.code)).toBe(row.accounts));
  it('may change closures', () => expect(staffAccess(p, FORBES.code, 'closure_administrator')).toBe(row.closures));
  it('passes the active-customer guard', () => expect(hasActiveCustomer(p, FORBES.code)).toBe(row.activeCustomer));
  it('may request access', () => expect(accessRequestCheck(p, FORBES)).toBe(row.request));
  it('sees these dashboard cards', () => expect(dashboardCards(p, FORBES.code)).toEqual(row.cards));
});

describe('requesting access signed out', () => {
  it('is the signed-out case, whatever the LGA', () => expect(accessRequestCheck(null, FORBES)).toBe('signed-out'));
});

describe('the managed claim (email domain of the council)', () => {
  it.each([
    ['officer@forbes.nsw.gov.au', 'forbes.nsw.gov.au', true],
    ['Officer@FORBES.nsw.gov.au ', 'forbes.nsw.gov.au', true],
    ['it@it.forbes.nsw.gov.au', 'forbes.nsw.gov.au', true],
    ['officer@forbes.nsw.gov.au', '@forbes.nsw.gov.au', true],
    ['x@notforbes.nsw.gov.au', 'forbes.nsw.gov.au', false],
    ['x@forbes.nsw.gov.au.evil.example', 'forbes.nsw.gov.au', false],
    ['x@forbes.nsw.gov.au', undefined, false],
    ['x@forbes.nsw.gov.au', '  ', false],
    ['not-an-email', 'forbes.nsw.gov.au', false],
  ])('%s with suffix %s → %s', (email, suffix, expected) => {
    expect(emailMatchesSuffix(email, suffix)).toBe(expected);
  });

  it('is held by every admin and by no one for an LGA without a suffix', () => {
    expect(holdsManagedClaim(base({ admin: true }), { code: '10050' })).toBe(true);
    expect(holdsManagedClaim(base({ email: 'a@albury.nsw.gov.au' }), { code: '10050' })).toBe(false);
  });
});

describe('the accounts page (spec §2 billing-info rule)', () => {
  it.each([
    ['active', 'ok'],
    ['trialing', 'ok'],
    ['canceled', 'ok'],
    ['unpaid', 'ok'],
    ['none', 'billing'],
  ] as const)('an account manager of a %s customer → %s', (status, expected) => {
    expect(accountsPageAccess(staff(['account_manager'], status), FORBES.code, status)).toBe(expected);
  });

  it('sends anyone without the role away, whatever the subscription', () => {
    expect(accountsPageAccess(staff(['closure_administrator']), FORBES.code, 'active')).toBe('forbidden');
    expect(accountsPageAccess(base({ admin: true }), FORBES.code, 'none')).toBe('billing');
  });
});
