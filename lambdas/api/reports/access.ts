// Report moderation authorization from the database (spec §5/§6): canModerateLga (account
// manager, closure administrator or submission moderator of the LGA, or admin) and a paying
// customer; ex-customers get the spec's "LGA does not have an active subscription".
import { canModerateLga, hasActiveCustomer, type Principal } from '../../core/access';
import { forbidden, paymentRequired } from '../../core/errors';

export function requireModerator(p: Principal, lgaCode: string): Principal {
  if (!canModerateLga(p, lgaCode)) throw forbidden();
  if (!hasActiveCustomer(p, lgaCode)) throw paymentRequired();
  return p;
}
