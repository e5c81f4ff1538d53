// Communications authorization from the database (spec §6): media_comms_manager of the LGA with a
// paying customer (or an admin); the DRFA evidence export also admits closure administrators, and
// needs no paying customer: claim records are kept 7 years (docs/drfa.md#who-can-export).
import { hasRole, staffAccess, type Principal, type StaffRole } from '../../core/access';
import { forbidden, paymentRequired } from '../../core/errors';

export function requireAnyRole(p: Principal, lgaCode: string, roles: readonly StaffRole[]): Principal {
  const results = roles.map((role) => staffAccess(p, lgaCode, role));
  if (results.includes('ok')) return p;
  if (results.includes('unpaid')) throw paymentRequired();
  throw forbidden();
}

export const requireCommsManager = (p: Principal, lgaCode: string) => requireAnyRole(p, lgaCode, ['media_comms_manager']);
export const EVIDENCE_ROLES = ['media_comms_manager', 'closure_administrator'] as const satisfies readonly StaffRole[];

/** The council's communications manager or closure administrator, whatever its subscription's state. */
export function requireEvidenceExporter(p: Principal, lgaCode: string): Principal {
  if (EVIDENCE_ROLES.some((role) => hasRole(p, lgaCode, role))) return p;
  throw forbidden();
}
