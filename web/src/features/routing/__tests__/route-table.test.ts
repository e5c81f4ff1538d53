import { describe, expect, it } from 'vitest';
import { deriveAccess } from '../../auth/access';
import type { Me } from '../../auth/api/me';
import { evaluateGuards, type GuardContext } from '../guards';
import { PERMISSION_MESSAGE } from '../redirect';
import { ROUTES, routeNeedsAuth } from '../route-table';
import { ALL_ROLES, makeMe, managed } from './fixtures';

function route(path: string) {
  const def = ROUTES.find((r) => r.path === path);
  if (!def) throw new Error(`no route ${path}`);
  return def;
}

function open(path: string, me: Me | null, params: Record<string, string> = {}, localDataInstalled = true) {
  const ctx: GuardContext = { status: me ? 'signedIn' : 'anonymous', access: deriveAccess(me), path, params, localDataInstalled };
  return evaluateGuards(route(path).guards ?? [], ctx);
}

const resident = makeMe({ lgaCode: '12900' });
const staff = makeMe({ staff: true, managed: [managed('12900', ALL_ROLES)] });
const moderatorOnly = makeMe({ staff: true, managed: [managed('12900', ['submission_moderator'])] });
const admin = makeMe({ admin: true });

describe('route table', () => {
  it('has one definition per path and a catch-all last', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.at(-1)).toBe('*');
  });

  it('covers the spec route families', () => {
    for (const path of ['/', '/home', '/login', '/sign-up', '/signin-link', '/logout', '/welcome', '/dashboard', '/map', '/staff-map',
      '/lga-embed', '/admin/map', '/quote/:id', '/reports', '/my-reports', '/reports/:reportId', '/report-clusters',
      '/report-clusters/:clusterId', '/notifications', '/notifications/:id', '/profile', '/subscriptions', '/closures',
      '/closures/:id', '/admin', '/lga/:code', '/comms', '/comms/tasks/:taskId', '/customer/:code', '/init', '/genseed',
      '/legal', '/legal/:document', '/help', '/onboard', '/onboard/processing', '/onboard/success', '/404']) {
      expect(ROUTES.some((r) => r.path === path), path).toBe(true);
    }
  });

  it('a resident opening closures is sent to the dashboard (active customer is checked before role)', () => {
    expect(open('/closures/active', resident)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('staff without the closure role get the permission message on closures', () => {
    expect(open('/closures/active', moderatorOnly)).toEqual({ kind: 'redirect', to: `/404?${new URLSearchParams({ message: PERMISSION_MESSAGE })}` });
    expect(open('/closures/active', staff)).toEqual({ kind: 'allow' });
  });

  it('User Role Assignment needs to be staff of that LGA but no active customer', () => {
    const lapsed = makeMe({ staff: true, managed: [managed('12900', ['account_manager'], 'canceled')] });
    expect(open('/lga/:code/billing', lapsed, { code: '12900' })).toEqual({ kind: 'allow' });
    expect(open('/lga/:code/billing', resident, { code: '12900' })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('admin pages refuse staff and welcome admins', () => {
    expect(open('/admin', staff)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(open('/admin', admin)).toEqual({ kind: 'allow' });
    expect(open('/admin/lga-data', admin, {}, false)).toEqual({ kind: 'redirect', to: '/init?redirect=%2Fadmin%2Flga-data' });
  });

  it('the public map needs no guard; the staff map still needs local data', () => {
    expect(open('/map', null, {}, true)).toEqual({ kind: 'allow' });
    // The public map lists closures without the boundaries and installs them itself.
    expect(open('/map', null, {}, false)).toEqual({ kind: 'allow' });
    expect(open('/staff-map', null, {}, false)).toMatchObject({ kind: 'redirect' });
  });

  it('knows which routes need a signed-in user (for /logout)', () => {
    expect(routeNeedsAuth(route('/dashboard'))).toBe(true);
    expect(routeNeedsAuth(route('/map'))).toBe(false);
    expect(routeNeedsAuth(route('/home'))).toBe(false);
  });
});
