// Role lists, access request ids, the dashboard order and the last-account-manager guard.
import { describe, expect, it } from 'vitest';
import {
  ROLES_REQUIRED,
  accessRequestId,
  leavesNoAccountManager,
  optionalRoles,
  orderAccessRequests,
  requestIdSchema,
  requiredRoles,
} from '../../../lambdas/core/identity/staff-access';

describe('role lists', () => {
  it('deduplicates and puts roles in the canonical order', () => {
    expect(optionalRoles.parse(['submission_moderator', 'account_manager', 'submission_moderator'])).toEqual(['account_manager', 'submission_moderator']);
  });

  it('allows an empty request but not an empty assignment', () => {
    expect(optionalRoles.parse([])).toEqual([]);
    const empty = requiredRoles.safeParse([]);
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0].message).toBe(ROLES_REQUIRED);
  });

  it('refuses a role that does not exist', () => {
    const result = optionalRoles.safeParse(['superuser']);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Invalid role');
  });
});

describe('access request ids', () => {
  it('round-trips requestedAt and uid', () => {
    const key = { requestedAt: 1_760_000_000, uid: '0b8e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b' };
    expect(requestIdSchema.parse(accessRequestId(key))).toEqual(key);
  });

  it.each(['', 'abc', '123', '123:', ':uid', '12:a#b', `1:${'x'.repeat(200)}`])('refuses %j', (id) => {
    expect(requestIdSchema.safeParse(id).success).toBe(false);
  });
});

describe('dashboard order', () => {
  it('lists pending requests first, newest first within each group', () => {
    const ordered = orderAccessRequests([
      { id: 'a', status: 'accepted' as const, requestedAt: 50 },
      { id: 'b', status: 'pending' as const, requestedAt: 10 },
      { id: 'c', status: 'rejected' as const, requestedAt: 60 },
      { id: 'd', status: 'pending' as const, requestedAt: 30 },
    ]);
    expect(ordered.map((r) => r.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});

describe('the last account manager', () => {
  const am = (email: string, ...more: string[]) => ({ email, roles: ['account_manager', ...more] });
  const other = (email: string) => ({ email, roles: ['closure_administrator'] });

  it.each([
    ['the only AM drops the role', [am('a'), other('b')], 'a', ['closure_administrator'], true],
    ['the only AM is removed', [am('a'), other('b')], 'a', [], true],
    ['one of two AMs drops the role', [am('a'), am('b')], 'a', ['closure_administrator'], false],
    ['the only AM keeps the role among others', [am('a')], 'a', ['account_manager', 'submission_moderator'], false],
    ['someone else is removed', [am('a'), other('b')], 'b', [], false],
    ['an LGA that has no AM yet', [other('b')], 'b', [], false],
    ['a new AM is added', [other('b')], 'c', ['account_manager'], false],
  ] as const)('%s → %s', (_name, managers, email, next, expected) => {
    expect(leavesNoAccountManager([...managers], email, [...next])).toBe(expected);
  });
});
