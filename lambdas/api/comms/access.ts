// Communications authorization from the database (spec §6): media_comms_manager of the LGA with a
// paying customer (or an admin); the DRFA evidence export also admits closure administrators.
import { staffAccess, type Principal, type StaffRole } from '../../core/access';
import { forbidden, paymentRequired } from '../../core/errors';

export function requireAnyRole(p: Principal, lgaCode: string, roles: readonly StaffRole[]): Principal {
  const results = roles.map((role) => staffAccess(p, lgaCode, role));
  if (results.includes('ok')) return p;
  if (results.includes('unpaid')) throw paymentRequired();
  throw forbidden();
}

export const requireCommsManager = (p: Principal, lgaCode: string) => requireAnyRole(p, lgaCode, ['media_comms_manager']);
export const requireEvidenceExporter = (p: Principal, lgaCode: string) => requireAnyRole(p, lgaCode, ['media_comms_manager', 'closure_administrator']);
