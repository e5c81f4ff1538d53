import { describe, expect, it } from 'vitest';
import { deriveAccess } from '../../auth/access';
import type { Me } from '../../auth/api/me';
import { evaluateGuards, GUARD_ORDER, signedInRedirect, sortGuards, type Guard, type GuardContext } from '../guards';
import { PERMISSION_MESSAGE, safeRedirect } from '../redirect';
import { ALL_ROLES, makeMe, managed } from './fixtures';

const permission404 = `/404?${new URLSearchParams({ message: PERMISSION_MESSAGE })}`;

function ctx(me: Me | null, extra: Partial<GuardContext> = {}): GuardContext {
  return {
    status: me ? 'signedIn' : 'anonymous',
    access: deriveAccess(me),
    path: '/somewhere?tab=1',
    params: {},
    localDataInstalled: true,
    ...extra,
  };
}

const resident = makeMe({ lgaCode: '12900' });
const staffAllRoles = makeMe({ staff: true, managed: [managed('12900', ALL_ROLES)] });
const staffNoRoles = makeMe({ staff: true, managed: [managed('12900', [])] });
const admin = makeMe({ admin: true });

describe('each guard on its own', () => {
  it('auth: anonymous goes to /login with the page as redirect, signed in passes, loading waits', () => {
    expect(evaluateGuards(['auth'], ctx(null))).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fsomewhere%3Ftab%3D1' });
    expect(evaluateGuards(['auth'], ctx(resident))).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['auth'], { ...ctx(null), status: 'loading' })).toEqual({ kind: 'pending', waitingFor: 'auth' });
  });

  it('activeCustomer: active or trialing passes, none/canceled/unpaid go to /dashboard, admins pass', () => {
    for (const status of ['active', 'trialing']) {
      const me = makeMe({ staff: true, managed: [managed('1', [], status)] });
      expect(evaluateGuards(['activeCustomer'], ctx(me))).toEqual({ kind: 'allow' });
    }
    for (const status of ['none', 'canceled', 'unpaid']) {
      const me = makeMe({ staff: true, managed: [managed('1', [], status)] });
      expect(evaluateGuards(['activeCustomer'], ctx(me))).toEqual({ kind: 'redirect', to: '/dashboard' });
    }
    expect(evaluateGuards(['activeCustomer'], ctx(resident))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(evaluateGuards(['activeCustomer'], ctx(admin))).toEqual({ kind: 'allow' });
  });

  it('staffOfLga: only the LGA in the route counts; admins pass', () => {
    expect(evaluateGuards(['staffOfLga'], ctx(staffAllRoles, { params: { code: '12900' } }))).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['staffOfLga'], ctx(staffAllRoles, { params: { code: '10050' } }))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(evaluateGuards(['staffOfLga'], ctx(admin, { params: { code: '10050' } }))).toEqual({ kind: 'allow' });
  });

  it('role: missing role ends on /404 with the permission message; admins pass', () => {
    expect(evaluateGuards(['role:closure_administrator'], ctx(staffNoRoles))).toEqual({ kind: 'redirect', to: permission404 });
    expect(evaluateGuards(['role:closure_administrator'], ctx(staffAllRoles))).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['role:closure_administrator'], ctx(admin))).toEqual({ kind: 'allow' });
  });

  it('role inside /lga/{code} is checked for that LGA only', () => {
    const me = makeMe({ staff: true, managed: [managed('12900', ['account_manager']), managed('10050', [])] });
    expect(evaluateGuards(['role:account_manager'], ctx(me, { params: { code: '12900' } }))).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['role:account_manager'], ctx(me, { params: { code: '10050' } }))).toEqual({ kind: 'redirect', to: permission404 });
  });

  it('staff: staff or admin claim passes, others go to /dashboard', () => {
    expect(evaluateGuards(['staff'], ctx(staffNoRoles))).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['staff'], ctx(admin))).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['staff'], ctx(resident))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('admin: only the admin claim passes', () => {
    expect(evaluateGuards(['admin'], ctx(admin))).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['admin'], ctx(staffAllRoles))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('localData: missing goes to /init with a redirect back; unknown waits', () => {
    expect(evaluateGuards(['localData'], ctx(null, { localDataInstalled: false, path: '/map' }))).toEqual({ kind: 'redirect', to: '/init?redirect=%2Fmap' });
    expect(evaluateGuards(['localData'], ctx(null, { localDataInstalled: undefined }))).toEqual({ kind: 'pending', waitingFor: 'localData' });
    expect(evaluateGuards(['localData'], ctx(null, { localDataInstalled: true }))).toEqual({ kind: 'allow' });
  });

  it('newCustomer: tells each visitor what is true for them, in guard 8\'s order', () => {
    const forbes = { code: '12900', name: 'Forbes', customerStatus: 'none', emailSuffix: 'forbes.nsw.gov.au' };
    const clerk = makeMe({ email: 'clerk@forbes.nsw.gov.au' });
    const check = (me: Me | null, onboarding: GuardContext['onboarding'], path = '/onboard?lga=12900') =>
      evaluateGuards(['newCustomer'], ctx(me, { path, onboarding }));
    // Signed out: sign in first, and come back here.
    expect(check(null, { email: null, lga: forbes })).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fonboard%3Flga%3D12900' });
    expect(check(clerk, { email: 'not-an-email', lga: forbes })).toEqual({ kind: 'error', message: 'Invalid email address' });
    expect(check(clerk, { email: 'clerk@forbes.nsw.gov.au', lga: null })).toMatchObject({ kind: 'error', message: 'Invalid LGA' });
    expect(check(clerk, undefined)).toEqual({ kind: 'pending', waitingFor: 'newCustomer' });
    // A new customer at the council's domain (or a subdomain) subscribes it.
    expect(check(clerk, { email: 'Clerk@Forbes.nsw.gov.au ', lga: forbes })).toEqual({ kind: 'allow' });
    expect(check(clerk, { email: 'it@staff.forbes.nsw.gov.au', lga: forbes })).toEqual({ kind: 'allow' });
    // Another address: told which address it takes, offered another sign-in.
    expect(check(clerk, { email: 'clerk@gmail.com', lga: forbes })).toMatchObject({
      kind: 'error', message: 'Invalid email address', detail: expect.stringContaining('needs an email address at forbes.nsw.gov.au'),
    });
    // A resident of a council that already pays is not welcomed aboard as its account manager.
    const payingForbes = { ...forbes, customerStatus: 'active' };
    expect(check(resident, { email: 'resident@example.com', lga: payingForbes })).toMatchObject({
      kind: 'error', detail: expect.stringContaining('Forbes already has a subscription'),
    });
    expect(check(resident, { email: 'resident@example.com', lga: payingForbes }, '/onboard/success?lga=12900')).toMatchObject({ kind: 'error' });
    // Its own staff go to the success page; the success page is theirs once it pays.
    expect(check(clerk, { email: 'clerk@forbes.nsw.gov.au', lga: payingForbes })).toEqual({ kind: 'redirect', to: '/onboard/success?lga=12900' });
    expect(check(clerk, { email: 'clerk@forbes.nsw.gov.au', lga: payingForbes }, '/onboard/success?lga=12900')).toEqual({ kind: 'allow' });
    // The account manager of a cancelled council resubscribes it; no success page until it pays.
    const lachlanManager = makeMe({ email: 'am@lachlan.example', staff: true, managed: [managed('14750', ['account_manager'], 'canceled')] });
    const lachlan = { code: '14750', name: 'Lachlan', customerStatus: 'canceled', emailSuffix: 'lachlan.nsw.gov.au' };
    expect(check(lachlanManager, { email: 'am@lachlan.example', lga: lachlan }, '/onboard?lga=14750')).toEqual({ kind: 'allow' });
    expect(check(lachlanManager, { email: 'am@lachlan.example', lga: lachlan }, '/onboard/success?lga=14750')).toEqual({ kind: 'redirect', to: '/onboard?lga=14750' });
    // ...and opening another council that pays is told so, not "Invalid LGA".
    expect(check(lachlanManager, { email: 'am@lachlan.example', lga: payingForbes })).toMatchObject({ kind: 'error', message: 'Invalid email address' });
    // No mail domain on record: nobody but an administrator can subscribe it from here, and the page says why.
    const parkes = { code: '16200', name: 'Parkes', customerStatus: 'none', emailSuffix: null };
    expect(check(clerk, { email: 'clerk@parkes.nsw.gov.au', lga: parkes }, '/onboard?lga=16200')).toMatchObject({
      kind: 'error', message: 'Invalid email address', detail: expect.stringContaining('Parkes has no council mail domain on record'),
    });
    expect(check(admin, { email: 'admin@example.com', lga: parkes }, '/onboard?lga=16200')).toEqual({ kind: 'allow' });
    // /onboard without ?lga=: the council picker opens for a valid email; the LGA checks wait for the pick.
    expect(check(clerk, { email: 'clerk@forbes.nsw.gov.au', lga: null, choosing: true }, '/onboard')).toEqual({ kind: 'allow' });
    expect(check(clerk, { email: null, lga: null, choosing: true }, '/onboard')).toEqual({ kind: 'error', message: 'Invalid email address' });
  });

  it('lgaHadSubscription: an LGA that never subscribed goes to its billing page', () => {
    const base = { params: { code: '12900' } };
    expect(evaluateGuards(['lgaHadSubscription'], ctx(staffAllRoles, { ...base, routeLgaCustomerStatus: 'none' }))).toEqual({ kind: 'redirect', to: '/lga/12900/billing' });
    expect(evaluateGuards(['lgaHadSubscription'], ctx(staffAllRoles, { ...base, routeLgaCustomerStatus: 'canceled' }))).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['lgaHadSubscription'], ctx(staffAllRoles, base))).toEqual({ kind: 'pending', waitingFor: 'lgaHadSubscription' });
  });
});

describe('spec order', () => {
  const everything: Guard[] = ['lgaHadSubscription', 'newCustomer', 'localData', 'admin', 'staff', 'role:closure_administrator', 'staffOfLga', 'activeCustomer', 'auth'];

  it('sorts any listing into the order 1 auth … 8 new customer', () => {
    expect(sortGuards(everything)).toEqual(['auth', 'activeCustomer', 'staffOfLga', 'role:closure_administrator', 'staff', 'admin', 'localData', 'newCustomer', 'lgaHadSubscription']);
    expect(GUARD_ORDER.slice(0, 8)).toEqual(['auth', 'activeCustomer', 'staffOfLga', 'role', 'staff', 'admin', 'localData', 'newCustomer']);
  });

  it('auth comes before everything else', () => {
    expect(evaluateGuards(everything, ctx(null, { localDataInstalled: false }))).toMatchObject({ kind: 'redirect', to: expect.stringMatching(/^\/login\?redirect=/) });
  });

  it('active customer comes before role: a resident on a role page goes to /dashboard, not /404', () => {
    expect(evaluateGuards(['role:closure_administrator', 'activeCustomer', 'auth'], ctx(resident))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('staff-of-LGA comes before role', () => {
    const me = makeMe({ staff: true, managed: [managed('10050', ALL_ROLES)] });
    expect(evaluateGuards(['role:account_manager', 'staffOfLga', 'auth'], ctx(me, { params: { code: '12900' } }))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('role comes before staff: a non-staff user with an active council but no role sees the permission message', () => {
    const me = makeMe({ staff: false, managed: [managed('12900', [])] });
    expect(evaluateGuards(['staff', 'role:submission_moderator', 'activeCustomer', 'auth'], ctx(me))).toEqual({ kind: 'redirect', to: permission404 });
  });

  it('staff comes before admin, and admin before local data', () => {
    expect(evaluateGuards(['admin', 'staff', 'auth'], ctx(resident))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(evaluateGuards(['localData', 'admin', 'auth'], ctx(staffAllRoles, { localDataInstalled: false }))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(evaluateGuards(['localData', 'admin', 'auth'], ctx(admin, { localDataInstalled: false, path: '/admin/map' }))).toEqual({ kind: 'redirect', to: '/init?redirect=%2Fadmin%2Fmap' });
  });

  it('a later guard does not wait for data when an earlier one already failed', () => {
    expect(evaluateGuards(['auth', 'admin', 'localData'], ctx(resident, { localDataInstalled: undefined }))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('everything passes for an admin with local data', () => {
    const guards: Guard[] = ['auth', 'activeCustomer', 'staffOfLga', 'role:media_comms_manager', 'staff', 'admin', 'localData'];
    expect(evaluateGuards(guards, ctx(admin, { params: { code: '12900' } }))).toEqual({ kind: 'allow' });
  });
});

describe('signed-in redirects of public entry pages', () => {
  it('/home sends signed-in users to /dashboard and lets visitors stay', () => {
    expect(signedInRedirect('dashboard', { status: 'signedIn' }, '')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(signedInRedirect('dashboard', { status: 'anonymous' }, '')).toEqual({ kind: 'allow' });
  });

  it('/login follows a safe redirect query and refuses off-site ones', () => {
    expect(signedInRedirect('redirectQuery', { status: 'signedIn' }, '?redirect=%2Fclosures%2Factive')).toEqual({ kind: 'redirect', to: '/closures/active' });
    expect(signedInRedirect('redirectQuery', { status: 'signedIn' }, '?redirect=https%3A%2F%2Fevil.example')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(signedInRedirect('redirectQuery', { status: 'loading' }, '')).toEqual({ kind: 'pending', waitingFor: 'auth' });
  });

  it('safeRedirect rejects protocol-relative and sign-in loops', () => {
    expect(safeRedirect('//evil.example/x')).toBe('/dashboard');
    expect(safeRedirect('/login?redirect=/x')).toBe('/dashboard');
    expect(safeRedirect('/map?x=1')).toBe('/map?x=1');
  });
});
