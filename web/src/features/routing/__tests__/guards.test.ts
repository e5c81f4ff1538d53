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

  it('newCustomer: a visitor signs in first and comes back; the onboarding pages run guard 8 themselves', () => {
    expect(evaluateGuards(['newCustomer'], ctx(null, { path: '/onboard?lga=12900' }))).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fonboard%3Flga%3D12900' });
    expect(evaluateGuards(['newCustomer'], { ...ctx(null), status: 'loading' })).toEqual({ kind: 'pending', waitingFor: 'newCustomer' });
    expect(evaluateGuards(['newCustomer'], ctx(resident, { path: '/onboard?lga=12900' }))).toEqual({ kind: 'allow' });
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
