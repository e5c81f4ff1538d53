// Closure authorization from the database (spec §6): closure administrators of the LGA with a
// paying customer, or platform admins. Deleted and archived closures stay visible to that LGA's staff.
import { managedLga, staffAccess, type Principal } from '../../core/access';
import { forbidden, paymentRequired } from '../../core/errors';
import type { Actor } from '../../core/closures/types';

export function requireClosureAdministrator(p: Principal, lgaCode: string): Principal {
  const access = staffAccess(p, lgaCode, 'closure_administrator');
  if (access === 'forbidden') throw forbidden();
  if (access === 'unpaid') throw paymentRequired();
  return p;
}

export const isStaffOf = (p: Principal, lgaCode: string) => p.admin || managedLga(p, lgaCode) !== undefined;

export const actorOf = (p: Principal): Actor => ({ uid: p.uid, email: p.email, ...(p.displayName ? { displayName: p.displayName } : {}) });
