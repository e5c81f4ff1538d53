// Pure rules of staff access: role lists as clients send them, access request ids, the order of
// the dashboard card, and the guard that keeps an LGA from losing its last account manager.
import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../access';

export const INVALID_ROLE = 'Invalid role';
export const ROLES_REQUIRED = 'Choose at least one role';

/** Optional roles (spec §5: blank allowed), deduplicated and in the canonical order. */
export const optionalRoles = z
  .array(z.enum(STAFF_ROLES, { errorMap: () => ({ message: INVALID_ROLE }) }))
  .max(STAFF_ROLES.length * 2, INVALID_ROLE)
  .transform((roles) => sortRoles(roles));

/** A manager holds at least one role: an empty set cannot be stored and would mean nothing. */
export const requiredRoles = optionalRoles.refine((roles) => roles.length > 0, ROLES_REQUIRED);

export function sortRoles(roles: Iterable<string>): StaffRole[] {
  const wanted = new Set(roles);
  return STAFF_ROLES.filter((role) => wanted.has(role));
}

export type AccessRequestStatus = 'pending' | 'accepted' | 'rejected';

/** An access request's key within its LGA: requestedAt and the requester's uid. */
export interface AccessRequestKey {
  requestedAt: number;
  uid: string;
}

export const accessRequestId = (key: AccessRequestKey) => `${key.requestedAt}:${key.uid}`;

export const REQUEST_NOT_FOUND = 'Access request not found';

export const requestIdSchema = z
  .string()
  .max(160, REQUEST_NOT_FOUND)
  .regex(/^\d{1,12}:[\w-]{1,128}$/, REQUEST_NOT_FOUND)
  .transform((id): AccessRequestKey => {
    const [requestedAt, uid] = id.split(':');
    return { requestedAt: Number(requestedAt), uid };
  });

/** The dashboard card and the accounts page: pending first, newest first within each group. */
export function orderAccessRequests<T extends { status: AccessRequestStatus; requestedAt: number }>(requests: T[]): T[] {
  const rank = (r: T) => (r.status === 'pending' ? 0 : 1);
  return [...requests].sort((a, b) => rank(a) - rank(b) || b.requestedAt - a.requestedAt);
}

/** Answered requests stay visible to the requester for 30 days, then expire (TTL). */
export const ANSWERED_REQUEST_TTL_SECONDS = 30 * 24 * 3600;

export interface ManagerRoles {
  email: string;
  roles: readonly string[];
}

/**
 * True when changing `email` to `nextRoles` (empty: removed) leaves the LGA with no account
 * manager although it had one. Admins may do it (they can always repair it); others may not,
 * which in practice stops an account manager removing their own, last, account_manager role.
 */
export function leavesNoAccountManager(managers: ManagerRoles[], email: string, nextRoles: readonly string[]): boolean {
  const isAm = (roles: readonly string[]) => roles.includes('account_manager');
  const before = managers.filter((m) => isAm(m.roles)).length;
  if (before === 0) return false;
  const after = managers.filter((m) => m.email !== email && isAm(m.roles)).length + (isAm(nextRoles) ? 1 : 0);
  return after === 0;
}

export const LAST_ACCOUNT_MANAGER =
  'You are the last account manager of this LGA. Give another user the account manager role before removing your own.';
